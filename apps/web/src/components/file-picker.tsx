import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

interface FilePickerProps {
  /** The input's accessible name ("File"). */
  label: string;
  buttonLabel: string;
  accept: string;
  file: File | null;
  /** Shown under the button: the error when there is one, else the chosen file's name, else `emptyText`. */
  error?: string;
  emptyText: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}

/** A button that opens the file chooser, with the chosen file's name (or the error) under it. */
export function FilePicker({ label, buttonLabel, accept, file, error, emptyText, disabled, onChange }: FilePickerProps) {
  const id = useId();
  return (
    <Stack spacing={0.5}>
      <Button component="label" htmlFor={id} variant="outlined" startIcon={<UploadFileOutlined />} sx={{ height: 56 }} disabled={disabled}>
        {buttonLabel}
      </Button>
      <input
        id={id}
        type="file"
        // Visually hidden but still in the accessibility tree, so the label finds it.
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        aria-label={label}
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.files?.[0] ?? null);
          // The same file chosen again must still count as a change.
          event.target.value = '';
        }}
      />
      <Typography variant="caption" color={error ? 'error' : 'text.secondary'} role={error ? 'alert' : undefined}>
        {error ?? file?.name ?? emptyText}
      </Typography>
    </Stack>
  );
}
