import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import { LOCALES, type Locale } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useSwitchLocale } from '../api/set-locale.ts';

const SWITCH_TITLE: Record<Locale, string> = { en: 'common:switchToEnglish', ru: 'common:switchToRussian' };

/** The always-visible EN / RU buttons. */
export function LanguageSwitch({ color = 'primary' }: { color?: 'primary' | 'inherit' }) {
  const { t, i18n } = useTranslation();
  const switchLocale = useSwitchLocale();
  return (
    <ButtonGroup size="small" color={color} aria-label={t('common:language')}>
      {LOCALES.map((locale) => {
        const active = i18n.language === locale;
        return (
          <Button
            key={locale}
            lang={locale}
            variant={active ? 'contained' : 'outlined'}
            aria-pressed={active}
            title={t(SWITCH_TITLE[locale])}
            onClick={() => void switchLocale(locale)}
          >
            {t(`common:localeButton.${locale}`)}
          </Button>
        );
      })}
    </ButtonGroup>
  );
}
