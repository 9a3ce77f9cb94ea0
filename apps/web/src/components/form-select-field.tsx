import MenuItem from '@mui/material/MenuItem';
import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './form-text-field.tsx';

export interface SelectOption {
  value: string | number;
  label: string;
}

/** A select bound to react-hook-form; `emptyLabel` adds a "not set" choice whose value is ''. */
export function FormSelectField<T extends FieldValues>({
  options,
  emptyLabel,
  ...props
}: FormTextFieldProps<T> & { options: readonly SelectOption[]; emptyLabel?: string }) {
  return (
    <FormTextField {...props} select>
      {emptyLabel !== undefined ? (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      ) : null}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
