import { ErrorAlert } from './field-error.tsx';
import type { Translate } from './messages.ts';
import { TextField } from './text-field.tsx';
import type { VotingFlow } from './use-voting-flow.ts';
import { Waiting } from './waiting.tsx';

type EmailStepProps = Pick<VotingFlow, 'email' | 'setEmail' | 'submitEmail' | 'busy' | 'error' | 'alertRef'> & { t: Translate };

/** The first step: the address the person uses in the portal. */
export function EmailStep({ t, email, setEmail, submitEmail, busy, error, alertRef }: EmailStepProps) {
  return (
    <>
      <p className="vf-text">{t('emailIntro')}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submitEmail();
        }}
      >
        <TextField
          field="email"
          label="emailLabel"
          t={t}
          error={error}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <ErrorAlert error={error} t={t} alertRef={alertRef} />
        <Waiting busy={busy} t={t} />
        <div className="vf-actions">
          <button type="submit" className="vf-button" aria-disabled={busy || undefined}>
            {t('continue')}
          </button>
        </div>
      </form>
    </>
  );
}
