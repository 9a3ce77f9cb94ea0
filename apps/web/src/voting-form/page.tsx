import type { ReactNode } from 'react';
import { LANGUAGE_NAME, type Locale, type Translate } from './messages.ts';

const LOCALES: Locale[] = ['en', 'ru'];

interface PageProps {
  t: Translate;
  locale: Locale;
  onLanguage: (locale: Locale) => void;
  children: ReactNode;
}

/** The page around every step: the brand and the language buttons above, the step in the main landmark. */
export function Page({ t, locale, onLanguage, children }: PageProps) {
  return (
    <div className="vf-page">
      <div className="vf-bar">
        <span className="vf-brand">AIPM</span>
        {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a fieldset of inputs */}
        <div className="vf-languages" role="group" aria-label={t('language')}>
          {LOCALES.map((l) => (
            <button
              key={l}
              type="button"
              className="vf-language"
              lang={l}
              title={LANGUAGE_NAME[l]}
              aria-pressed={l === locale}
              onClick={() => onLanguage(l)}
            >
              {l.toUpperCase()}
            </button>
          ))}
        </div>
      </div>
      <main className="vf-main">{children}</main>
    </div>
  );
}
