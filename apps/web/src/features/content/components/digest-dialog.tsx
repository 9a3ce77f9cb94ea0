import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Digest } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../components/file-picker.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { UploadProgress } from '../../../components/upload-progress.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveDigest } from '../api/digest.ts';
import { notifyDone, notifyFailed } from './notify.ts';

/**
 * Uploads a new issue, or renames an issue and replaces its PDF. The file is checked on the server (a whole PDF of
 * at most 10 MB); the bar shows how much of it has gone.
 */
export function DigestDialog({ digest, onClose }: { digest?: Digest; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveDigest();
  const [file, setFile] = useState<File | null>(null);
  const [fileName, setFileName] = useState(digest?.fileName ?? '');
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = digest ? 'digestUpdated' : 'digestCreated';

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!digest && !file) return setErrors({ file: t('validation:fileRequired') });
    setErrors({});
    setProgress(0);
    save.mutate(
      { id: digest?.id, file, fileName: fileName.trim() === digest?.fileName ? '' : fileName, onProgress: setProgress },
      {
        onSuccess: (saved) => {
          notifyDone(action, { name: saved.fileName });
          onClose();
        },
        onError: (error) => {
          setProgress(null);
          setErrors(error instanceof ApiError ? error.fields : {});
          notifyFailed(action, error);
        },
      },
    );
  };

  return (
    <FormDialog
      title={digest ? t('content:digest.editTitle', { name: digest.fileName }) : t('content:digest.uploadTitle')}
      submitLabel={digest ? t('common:save') : t('content:digest.upload')}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FilePicker
          label={t('common:file.pdf')}
          buttonLabel={t(digest ? 'content:digest.replaceFile' : 'content:digest.chooseFile')}
          accept=".pdf,application/pdf"
          file={file}
          error={errors.file}
          emptyText={t('common:file.pdf')}
          disabled={save.isPending}
          onChange={(next) => {
            setFile(next);
            setErrors(({ file: _, ...rest }) => rest);
          }}
        />
        <TextField
          label={t('content:digest.name')}
          value={fileName}
          onChange={(event) => setFileName(event.target.value)}
          error={Boolean(errors.fileName)}
          helperText={errors.fileName ?? t('content:digest.nameHint')}
          disabled={save.isPending}
          fullWidth
        />
        {progress !== null ? <UploadProgress fraction={progress} /> : null}
      </Stack>
    </FormDialog>
  );
}
