import { ErrorAlert } from './field-error.tsx';
import type { Translate } from './messages.ts';
import { TextField } from './text-field.tsx';
import type { VotingFlow } from './use-voting-flow.ts';
import { Waiting } from './waiting.tsx';

type CodeStepProps = Pick<
  VotingFlow,
  'address' | 'code' | 'setCode' | 'submitCode' | 'resendCode' | 'changeEmail' | 'notice' | 'busy' | 'error' | 'alertRef'
> & { t: Translate };

/** The one-time code from the e-mail, when the voting asks for one. */
export function CodeStep({ t, address, code, setCode, submitCode, resendCode, changeEmail, notice, busy, error, alertRef }: CodeStepProps) {
  return (
    <>
      <p className="vf-text">{t('codeIntro', { email: address })}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submitCode();
        }}
      >
        <TextField
          field="code"
          label="codeLabel"
          t={t}
          error={error}
          className="vf-input vf-code-input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <ErrorAlert error={error} t={t} alertRef={alertRef} />
        {notice && (
          <p className="vf-notice" role="status">
            {notice}
          </p>
        )}
        <Waiting busy={busy} t={t} />
        <div className="vf-actions">
          <button type="submit" className="vf-button">
            {t('continue')}
          </button>
          <button type="button" className="vf-button vf-secondary" onClick={resendCode} aria-disabled={busy || undefined}>
            {t('resendCode')}
          </button>
          <button type="button" className="vf-link" onClick={changeEmail}>
            {t('changeEmail')}
          </button>
        </div>
      </form>
    </>
  );
}
