import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { lazy, type ReactNode, type Ref, Suspense } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../lib/i18n.ts';
import { boundProps } from './form-text-field.tsx';

// The pickers (MUI X and date-fns, about 64 KiB) load when a page first shows a date field, not with the page.
const PickerField = lazy(() => import('./date-time-picker.tsx'));

/** A datetime-local ('YYYY-MM-DDTHH:mm') or date ('YYYY-MM-DD') value's parts. */
export const LOCAL_VALUE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;
export const pad = (n: number, width = 2) => String(n).padStart(width, '0');

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
 * and their native inputs used, so nothing around it changes. Until the picker has loaded, a read-only field of the
 * same size shows the label and the value as the picker will write it, so nothing moves when it arrives.
 */
export function DateTimeField(props: DateTimeFieldProps) {
  return (
    <Suspense fallback={<LoadingField {...props} />}>
      <PickerField {...props} />
    </Suspense>
  );
}

function LoadingField({ kind: _kind, value, onChange: _onChange, inputRef: _inputRef, disablePast: _disablePast, ...field }: DateTimeFieldProps) {
  const { i18n } = useTranslation();
  return (
    <TextField
      {...field}
      value={written(value, i18n.language === 'ru')}
      slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: Boolean(value) } }}
    />
  );
}

/** A value as the picker writes it: MM/dd/yyyy hh:mm AM in English, dd.MM.yyyy HH:mm in Russian. */
function written(value: string, ru: boolean): string {
  const m = LOCAL_VALUE.exec(value);
  if (!m) return '';
  const [, y, mo, d, h, mi] = m;
  const day = ru ? `${d}.${mo}.${y}` : `${mo}/${d}/${y}`;
  if (h === undefined) return day;
  const hour = Number(h);
  return ru ? `${day} ${h}:${mi}` : `${day} ${pad(hour % 12 || 12)}:${mi} ${hour < 12 ? 'AM' : 'PM'}`;
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
