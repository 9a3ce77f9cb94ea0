import type { PublicVoting } from './api.ts';
import { ErrorAlert } from './field-error.tsx';
import type { Translate } from './messages.ts';
import type { VotingFlow } from './use-voting-flow.ts';
import { Waiting } from './waiting.tsx';

type ConfirmStepProps = Pick<VotingFlow, 'selected' | 'send' | 'changeAnswers' | 'busy' | 'error' | 'alertRef'> & {
  t: Translate;
  voting: PublicVoting;
};

/** The chosen answers once more before they are sent: a response cannot be changed. */
export function ConfirmStep({ t, voting, selected, send, changeAnswers, busy, error, alertRef }: ConfirmStepProps) {
  return (
    <>
      <p className="vf-text vf-strong">{t('confirmText')}</p>
      <h3 className="vf-subheading">{t('yourChoice')}</h3>
      <ul className="vf-choice" lang={voting.language}>
        {voting.options
          .filter((o) => selected.includes(o.id))
          .map((o) => (
            <li key={o.id}>{o.name}</li>
          ))}
      </ul>
      <ErrorAlert error={error} t={t} alertRef={alertRef} />
      <Waiting busy={busy} t={t} />
      <div className="vf-actions">
        <button type="button" className="vf-button vf-success" onClick={send} aria-disabled={busy || undefined}>
          {t('send')}
        </button>
        <button type="button" className="vf-button vf-secondary" onClick={changeAnswers}>
          {t('changeAnswers')}
        </button>
      </div>
    </>
  );
}
