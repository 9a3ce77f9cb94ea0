import type { PublicVoting } from './api.ts';
import { choiceRule, isSingleChoice } from './choice-rules.ts';
import { describedBy, ErrorAlert, fieldInvalid } from './field-error.tsx';
import type { Translate } from './messages.ts';
import type { VotingFlow } from './use-voting-flow.ts';

type AnswersStepProps = Pick<VotingFlow, 'selected' | 'toggle' | 'submitAnswers' | 'backFromAnswers' | 'error' | 'alertRef'> & {
  t: Translate;
  voting: PublicVoting;
};

/** The question and its options: radio buttons for one answer, else check boxes that stop at the most allowed. */
export function AnswersStep({ t, voting, selected, toggle, submitAnswers, backFromAnswers, error, alertRef }: AnswersStepProps) {
  const single = isSingleChoice(voting);
  const rule = choiceRule(voting);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submitAnswers();
      }}
    >
      <fieldset className="vf-fieldset" aria-describedby={describedBy(error, 'optionIds', 'vf-hint')} aria-invalid={fieldInvalid(error, 'optionIds')}>
        <legend className="vf-legend" lang={voting.language}>
          {voting.question}
        </legend>
        <p className="vf-hint" id="vf-hint">
          {t(rule.key, rule.params)}
        </p>
        {voting.options.map((o) => {
          const checked = selected.includes(o.id);
          const full = !single && !checked && selected.length >= voting.maxAnswers;
          return (
            <div className={`vf-option${checked ? ' vf-checked' : ''}${full ? ' vf-disabled' : ''}`} key={o.id}>
              <input
                id={`vf-option-${o.id}`}
                type={single ? 'radio' : 'checkbox'}
                name="answer"
                value={o.id}
                checked={checked}
                disabled={full}
                onChange={(e) => toggle(o.id, e.target.checked)}
                aria-describedby={o.comment ? `vf-option-${o.id}-comment` : undefined}
              />
              <label htmlFor={`vf-option-${o.id}`} lang={voting.language}>
                {o.name}
              </label>
              {o.comment && (
                <p className="vf-comment" id={`vf-option-${o.id}-comment`} lang={voting.language}>
                  {o.comment}
                </p>
              )}
            </div>
          );
        })}
      </fieldset>
      {!single && (
        <p className="vf-muted" aria-live="polite">
          {t('chosenCount', { n: selected.length, max: voting.maxAnswers })}
        </p>
      )}
      <ErrorAlert error={error} t={t} alertRef={alertRef} />
      <div className="vf-actions">
        <button type="submit" className="vf-button">
          {t('continue')}
        </button>
        <button type="button" className="vf-button vf-secondary" onClick={backFromAnswers}>
          {t('back')}
        </button>
      </div>
    </form>
  );
}
