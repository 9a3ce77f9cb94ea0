import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/** A checkbox bound to react-hook-form, with its label and an optional hint under it. */
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
      render={({ field }) => (
        <Box>
          <FormControlLabel
            control={<Checkbox checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />}
            label={label}
          />
          {helperText ? <FormHelperText sx={{ mt: -1, ml: 4 }}>{helperText}</FormHelperText> : null}
        </Box>
      )}
    />
  );
}
