import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ruRU } from '@mui/x-date-pickers/locales';
import { enUS as enDates } from 'date-fns/locale/en-US';
import { ru as ruDates } from 'date-fns/locale/ru';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateTimeFieldProps, type DateTimeKind, LOCAL_VALUE, pad } from './date-time-field.tsx';

// The pickers follow the page's language, not the browser's: en-US dates and a 12-hour clock, or Russian ones and 24 hours.
const LANGUAGES = {
  en: { dates: enDates, texts: undefined, ampm: true, date: 'MM/dd/yyyy', dateTime: 'MM/dd/yyyy hh:mm aa' },
  ru: {
    dates: ruDates,
    texts: ruRU.components.MuiLocalizationProvider.defaultProps.localeText,
    ampm: false,
    date: 'dd.MM.yyyy',
    dateTime: 'dd.MM.yyyy HH:mm',
  },
} as const;

/** The Date in the browser's time zone of a datetime-local ('YYYY-MM-DDTHH:mm') or date ('YYYY-MM-DD') value; null for '' or garbage. */
function dateOf(value: string): Date | null {
  const m = LOCAL_VALUE.exec(value);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0'] = m;
  const date = new Date(2000, Number(mo) - 1, Number(d), Number(h), Number(mi));
  date.setFullYear(Number(y));
  return date;
}

/** The value the forms hold for a picked Date; '' while the field is empty or not yet a whole date. */
function inputValueOf(date: Date | null, kind: DateTimeKind): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return kind === 'date' ? day : `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The MUI X picker behind DateTimeField, in the page's language; loaded when a page first shows a date field. */
export default function PickerField({
  kind = 'dateTime',
  label,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  disablePast,
  disabled,
  ...field
}: DateTimeFieldProps) {
  const { i18n } = useTranslation();
  const language = LANGUAGES[i18n.language === 'ru' ? 'ru' : 'en'];
  // The picker keeps its own Date, so a half-typed one (which the form holds as '') is not wiped by the form's ''.
  const [held, setHeld] = useState(() => ({ value, date: dateOf(value) }));
  if (held.value !== value) setHeld({ value, date: dateOf(value) });
  const change = (date: Date | null) => {
    const next = inputValueOf(date, kind);
    setHeld({ value: next, date });
    if (next !== value) onChange(next);
  };
  const common = {
    label,
    value: held.date,
    onChange: change,
    disablePast,
    disabled,
    inputRef,
    slotProps: { textField: { ...field, name, onBlur } },
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={language.dates} localeText={language.texts}>
      {kind === 'date' ? (
        <DatePicker {...common} format={language.date} />
      ) : (
        <DateTimePicker {...common} format={language.dateTime} ampm={language.ampm} />
      )}
    </LocalizationProvider>
  );
}
