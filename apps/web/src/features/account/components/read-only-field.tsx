import TextField from '@mui/material/TextField';

/** A value shown in a form's layout that the user cannot change here. */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return <TextField fullWidth margin="normal" label={label} value={value} slotProps={{ input: { readOnly: true } }} />;
}
