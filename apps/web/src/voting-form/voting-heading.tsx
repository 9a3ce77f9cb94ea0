import type { PublicVoting } from './api.ts';
import { LOCALE_TAG, type Locale, type Translate } from './messages.ts';

interface VotingHeadingProps {
  voting: PublicVoting;
  t: Translate;
  locale: Locale;
  showQuestion?: boolean;
  /** Which date to show: the end while it is open, the start before it begins, none once it is over. */
  when?: 'ends' | 'starts' | null;
}

/** The voting's title (in the voting's language), its date and its question. */
export function VotingHeading({ voting, t, locale, showQuestion = true, when = 'ends' }: VotingHeadingProps) {
  const format = (iso: string) => new Intl.DateTimeFormat(LOCALE_TAG[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <header className="vf-voting">
      <h1 className="vf-title" lang={voting.language}>
        {voting.title}
      </h1>
      {when === 'ends' && <p className="vf-muted">{t('openUntil', { date: format(voting.endsAt) })}</p>}
      {when === 'starts' && <p className="vf-muted">{t('startsOn', { date: format(voting.startsAt) })}</p>}
      {showQuestion && (
        <p className="vf-question" lang={voting.language}>
          {voting.question}
        </p>
      )}
    </header>
  );
}
