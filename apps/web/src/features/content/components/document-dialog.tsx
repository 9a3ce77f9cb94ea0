import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DOC_AUDIENCE, DOC_CATEGORIES, type DocumentItem } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../components/file-picker.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { UploadProgress } from '../../../components/upload-progress.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveDocument } from '../api/documents.ts';
import { notifyDone, notifyFailed } from './notify.ts';

/** Publishes a document or edits one: titles in both languages, category, the roles it is meant for, its PDF. */
export function DocumentDialog({ document, onClose }: { document?: DocumentItem; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const save = useSaveDocument();
  const [titleEn, setTitleEn] = useState(document?.titleEn ?? '');
  const [titleRu, setTitleRu] = useState(document?.titleRu ?? '');
  const [category, setCategory] = useState<string>(document?.category ?? 'other');
  const [roles, setRoles] = useState<string[]>(document?.roles ?? ['employee', 'trusted', 'ceo']);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!document && !file) return setErrors({ file: t('validation:fileRequired') });
    setErrors({});
    setProgress(0);
    save.mutate(
      { id: document?.id, titleEn, titleRu, category, roles, file, onProgress: setProgress },
      {
        onSuccess: (saved) => {
          notifyDone('documentSaved', { title: i18n.language === 'ru' ? saved.titleRu : saved.titleEn });
          onClose();
        },
        onError: (error) => {
          setProgress(null);
          setErrors(error instanceof ApiError ? error.fields : {});
          notifyFailed('documentSaved', error);
        },
      },
    );
  };
  const toggle = (role: string, on: boolean) => setRoles((now) => (on ? [...now, role] : now.filter((r) => r !== role)));

  return (
    <FormDialog
      title={document ? t('content:documents.editTitle', { title: document.titleEn }) : t('content:documents.uploadTitle')}
      submitLabel={document ? t('common:save') : t('content:documents.upload')}
      pending={save.isPending}
      maxWidth="md"
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('content:documents.titleEn')}
          value={titleEn}
          onChange={(e) => setTitleEn(e.target.value)}
          required
          error={Boolean(errors.titleEn)}
          helperText={errors.titleEn}
        />
        <TextField
          label={t('content:documents.titleRu')}
          value={titleRu}
          onChange={(e) => setTitleRu(e.target.value)}
          required
          error={Boolean(errors.titleRu)}
          helperText={errors.titleRu}
        />
        <TextField select label={t('content:documents.category')} value={category} onChange={(e) => setCategory(e.target.value)}>
          {DOC_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`content:documents.categories.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControl component="fieldset" error={Boolean(errors.roles)}>
          <FormLabel component="legend">{t('content:documents.roles')}</FormLabel>
          <FormGroup row>
            {DOC_AUDIENCE.map((role) => (
              <FormControlLabel
                key={role}
                control={<Checkbox checked={roles.includes(role)} onChange={(e) => toggle(role, e.target.checked)} />}
                label={t(`common:roles.${role}`)}
              />
            ))}
          </FormGroup>
          {errors.roles ? <FormHelperText>{errors.roles}</FormHelperText> : null}
        </FormControl>
        <FilePicker
          label={t('common:file.pdf')}
          buttonLabel={t(document ? 'content:documents.replaceFile' : 'content:documents.chooseFile')}
          accept=".pdf,application/pdf"
          file={file}
          error={errors.file}
          emptyText={document?.fileName ?? t('common:file.pdf')}
          disabled={save.isPending}
          onChange={setFile}
        />
        {progress !== null ? <UploadProgress fraction={progress} /> : null}
      </Stack>
    </FormDialog>
  );
}
