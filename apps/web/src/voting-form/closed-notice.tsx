import type { Locale, Translate } from './messages.ts';
import type { VotingFlow } from './use-voting-flow.ts';
import { VotingHeading } from './voting-heading.tsx';

type ClosedNoticeProps = Pick<VotingFlow, 'voting' | 'closed' | 'retry' | 'alertRef'> & {
  t: Translate;
  locale: Locale;
  /** True when the voting could not be loaded; false when it loaded but takes no answer now. */
  failed: boolean;
};

/** Why the form takes no answer, with a button to try again where waiting can help. */
export function ClosedNotice({ t, locale, voting, failed, closed, retry, alertRef }: ClosedNoticeProps) {
  const message = closed ? (closed.text ?? (closed.key ? t(closed.key) : t('somethingWrong'))) : '';
  // A lost connection or a failure may pass, and a voting not yet begun may begin; nothing else changes by asking again.
  const mayRetry = failed ? closed?.key === 'network' || closed?.key === 'somethingWrong' : closed?.key === 'notBegun';
  return (
    <>
      {voting ? (
        <VotingHeading voting={voting} t={t} locale={locale} when={closed?.key === 'notBegun' ? 'starts' : null} />
      ) : (
        <h1 className="vf-title">{t('pageTitle')}</h1>
      )}
      <div className="vf-card">
        <div className="vf-alert" role="alert" tabIndex={-1} ref={alertRef}>
          {message}
        </div>
        {mayRetry && (
          <div className="vf-actions">
            <button type="button" className="vf-button vf-secondary" onClick={retry}>
              {failed ? t('retry') : t('checkAgain')}
            </button>
          </div>
        )}
      </div>
    </>
  );
}
