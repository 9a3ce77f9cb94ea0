import type { Ref } from 'react';
import type { Translate } from './messages.ts';
import type { Step } from './use-voting-flow.ts';

const HEADINGS = { email: 'emailHeading', code: 'codeHeading', answers: 'answersHeading', confirm: 'confirmHeading' } as const;

interface StepHeadingProps {
  t: Translate;
  step: Step;
  /** Whether the voting asks for the e-mailed code, which is a step of its own. */
  requireCode: boolean;
  headingRef: Ref<HTMLHeadingElement>;
}

/** "Step n of total" and the step's heading, where the focus goes when the step changes. */
export function StepHeading({ t, step, requireCode, headingRef }: StepHeadingProps) {
  const total = requireCode ? 4 : 3;
  const number = { email: 1, code: 2, answers: requireCode ? 3 : 2, confirm: requireCode ? 4 : 3 }[step];
  return (
    <>
      <p className="vf-step">{t('stepOf', { n: number, total })}</p>
      <h2 className="vf-heading" tabIndex={-1} ref={headingRef}>
        {t(HEADINGS[step])}
      </h2>
    </>
  );
}
