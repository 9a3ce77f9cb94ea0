import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslateMessage } from '../lib/i18n.ts';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/** A text field bound to react-hook-form; its error (a catalogue key or a server message) is shown translated. */
export function FormTextField<T extends FieldValues>({ control, name, helperText, ...props }: FormTextFieldProps<T>) {
  const translate = useTranslateMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          fullWidth
          margin="normal"
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={field.disabled || props.disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? translate(fieldState.error.message) : helperText}
        />
      )}
    />
  );
}
