import { zodResolver } from '@hookform/resolvers/zod';
import { type Codex, codexBody } from '@portal/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { showFormError } from '../../../components/form-errors.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { useSaveCodex } from '../api/codex.ts';
import { notifyDone, notifyFailed } from './notify.ts';

/** Edits the code of practice's text in both languages. */
export function CodexDialog({ codex, onClose }: { codex: Codex; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCodex(useStaffPrefix());
  const { control, handleSubmit, setError } = useForm({ resolver: zodResolver(codexBody), values: { textEn: codex.textEn, textRu: codex.textRu } });
  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        notifyDone('codexSaved');
        onClose();
      },
      onError: (error) => showFormError(error, setError, () => notifyFailed('codexSaved', error)),
    }),
  );
  return (
    <FormDialog
      title={t('content:codex.editTitle')}
      submitLabel={t('common:save')}
      pending={save.isPending}
      maxWidth="md"
      onSubmit={submit}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="textEn"
        label={t('content:codex.textEn')}
        helperText={t('content:codex.textHint')}
        required
        multiline
        minRows={8}
      />
      <FormTextField control={control} name="textRu" label={t('content:codex.textRu')} required multiline minRows={8} />
    </FormDialog>
  );
}
