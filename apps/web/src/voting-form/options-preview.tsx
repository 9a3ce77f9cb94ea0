import type { PublicVoting } from './api.ts';
import type { Translate } from './messages.ts';

/** The options, shown beside the e-mail and code steps so the person knows what they are about to answer. */
export function OptionsPreview({ t, voting }: { t: Translate; voting: PublicVoting }) {
  return (
    <section className="vf-card vf-options-preview">
      <h2 className="vf-subheading">{t('optionsHeading')}</h2>
      <ol lang={voting.language}>
        {voting.options.map((o) => (
          <li key={o.id}>
            {o.name}
            {o.comment && <span className="vf-comment"> {o.comment}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
