import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { LOCALES, type Locale } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useSwitchLocale } from '../api/set-locale.ts';

const SWITCH_TITLE: Record<Locale, string> = { en: 'common:switchToEnglish', ru: 'common:switchToRussian' };

/** The always-visible EN / RU buttons, joined as a button group looks (drawn here: MUI's ButtonGroup would add to the first load). */
export function LanguageSwitch({ color = 'primary' }: { color?: 'primary' | 'inherit' }) {
  const { t, i18n } = useTranslation();
  const switchLocale = useSwitchLocale();
  return (
    <Box
      role="group"
      aria-label={t('common:language')}
      sx={{
        display: 'inline-flex',
        '& > *': { minWidth: 40 },
        '& > :not(:last-of-type)': { borderTopRightRadius: 0, borderBottomRightRadius: 0 },
        '& > :not(:first-of-type)': { borderTopLeftRadius: 0, borderBottomLeftRadius: 0, ml: '-1px' },
      }}
    >
      {LOCALES.map((locale) => {
        const active = i18n.language === locale;
        return (
          <Button
            key={locale}
            size="small"
            color={color}
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
    </Box>
  );
}
