import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type Control, Controller, type ControllerFieldState, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslateMessage } from '../lib/i18n.ts';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/** What a field takes from react-hook-form: its value, handlers and ref, and its error (a catalogue key or a server message) translated. */
export function boundProps<T extends FieldValues>(
  { field, fieldState }: { field: ControllerRenderProps<T>; fieldState: ControllerFieldState },
  translate: (message: string | undefined) => string,
  own: { helperText?: ReactNode; disabled?: boolean },
) {
  return {
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    disabled: field.disabled || own.disabled,
    error: Boolean(fieldState.error),
    helperText: fieldState.error ? translate(fieldState.error.message) : own.helperText,
  };
}

/** A text field bound to react-hook-form; its error (a catalogue key or a server message) is shown translated. */
export function FormTextField<T extends FieldValues>({ control, name, helperText, ...props }: FormTextFieldProps<T>) {
  const translate = useTranslateMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={(bound) => (
        <TextField fullWidth margin="normal" {...props} {...boundProps(bound, translate, { helperText, disabled: props.disabled })} />
      )}
    />
  );
}
