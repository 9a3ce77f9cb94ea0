import type { SxProps, Theme } from '@mui/material/styles';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ruRU } from '@mui/x-date-pickers/locales';
import { enUS as enDates } from 'date-fns/locale/en-US';
import { ru as ruDates } from 'date-fns/locale/ru';
import { type ReactNode, type Ref, useState } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../lib/i18n.ts';
import { boundProps } from './form-text-field.tsx';

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

const LOCAL_VALUE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

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

export type DateTimeKind = 'dateTime' | 'date';

export interface DateTimeFieldProps {
  /** 'dateTime' holds 'YYYY-MM-DDTHH:mm' in the browser's time zone (a datetime-local input's value); 'date' holds 'YYYY-MM-DD'. */
  kind?: DateTimeKind;
  label: string;
  /** '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  margin?: 'none' | 'dense' | 'normal';
  disabled?: boolean;
  /** The calendar offers no day (and the clock no time) before now. */
  disablePast?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  sx?: SxProps<Theme>;
}

/**
 * A date or date-and-time picker (MUI X) in the page's language that takes and gives the string values the forms
 * and their native inputs used, so nothing around it changes. Load it only from lazy screens: it brings the pickers.
 */
export function DateTimeField({
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

export type FormDateTimeFieldProps<T extends FieldValues> = Omit<DateTimeFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/** A DateTimeField bound to react-hook-form, like FormTextField: its error (a catalogue key or a server message) is shown translated. */
export function FormDateTimeField<T extends FieldValues>({ control, name, helperText, ...props }: FormDateTimeFieldProps<T>) {
  const translate = useTranslateMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={(bound) => (
        <DateTimeField fullWidth margin="normal" {...props} {...boundProps(bound, translate, { helperText, disabled: props.disabled })} />
      )}
    />
  );
}
