import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A hint under it. */
  helperText?: string;
  /** The server's message about it, shown in place of the hint. */
  error?: string;
}

/** A checkbox with its label and an optional hint or error under it. */
export function CheckboxField({ label, checked, onChange, helperText, error }: CheckboxFieldProps) {
  const text = error ?? helperText;
  return (
    <Box>
      <FormControlLabel control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} />} label={label} />
      {text ? (
        <FormHelperText error={Boolean(error)} sx={{ mt: -1, ml: 4 }}>
          {text}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

/** A checkbox bound to react-hook-form. */
export function FormCheckbox<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  helperText?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <CheckboxField label={label} checked={Boolean(field.value)} onChange={field.onChange} helperText={helperText} />}
    />
  );
}
