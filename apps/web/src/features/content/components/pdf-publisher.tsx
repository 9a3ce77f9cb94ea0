import Stack from '@mui/material/Stack';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../components/file-picker.tsx';
import { UploadProgress } from '../../../components/upload-progress.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyDone, notifyFailed } from './notify.ts';

type Upload = { file: File; onProgress: (fraction: number) => void };

/**
 * Publishes a PDF the moment it is chosen (the user instruction, the code of practice): a progress bar while it
 * goes, the server's reason on the picker when it is refused, and the action's toasts.
 */
export function PdfPublisher({
  label,
  currentName,
  upload,
  action,
}: {
  label: string;
  currentName?: string;
  upload: UseMutationResult<unknown, Error, Upload>;
  /** The toast's action: content:toast.<action>.done and .failed. */
  action: string;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const publish = (file: File | null) => {
    if (!file) return;
    setError(undefined);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => notifyDone(action),
        onError: (failure) => {
          setError(failure instanceof ApiError ? failure.fields.file : undefined);
          notifyFailed(action, failure);
        },
        onSettled: () => setProgress(null),
      },
    );
  };
  return (
    <Stack spacing={1} sx={{ maxWidth: 420 }}>
      <FilePicker
        label={label}
        buttonLabel={label}
        accept=".pdf,application/pdf"
        file={null}
        error={error}
        emptyText={currentName ?? t('common:file.pdf')}
        disabled={upload.isPending}
        onChange={publish}
      />
      {progress !== null ? <UploadProgress fraction={progress} /> : null}
    </Stack>
  );
}
