import { zodResolver } from '@hookform/resolvers/zod';
import { type HelpItem, helpItemBody } from '@portal/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { showFormError } from '../../../components/form-errors.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { useSaveHelpItem } from '../api/help.ts';
import { notifyDone, notifyFailed } from './notify.ts';

/** Adds a question (item undefined) or edits one: the question and its answer in both languages. */
export function HelpItemDialog({ item, onClose }: { item?: HelpItem; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveHelpItem(useStaffPrefix());
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(helpItemBody),
    values: {
      id: item?.id,
      questionEn: item?.questionEn ?? '',
      questionRu: item?.questionRu ?? '',
      answerEn: item?.answerEn ?? '',
      answerRu: item?.answerRu ?? '',
    },
  });
  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        notifyDone('helpSaved');
        onClose();
      },
      onError: (error) => showFormError(error, setError, () => notifyFailed('helpSaved', error)),
    }),
  );
  return (
    <FormDialog
      title={t(item ? 'content:help.editTitle' : 'content:help.addTitle')}
      submitLabel={t('common:save')}
      pending={save.isPending}
      maxWidth="md"
      onSubmit={submit}
      onClose={onClose}
    >
      <FormTextField control={control} name="questionEn" label={t('content:help.questionEn')} required autoFocus />
      <FormTextField control={control} name="answerEn" label={t('content:help.answerEn')} required multiline minRows={3} />
      <FormTextField control={control} name="questionRu" label={t('content:help.questionRu')} required />
      <FormTextField control={control} name="answerRu" label={t('content:help.answerRu')} required multiline minRows={3} />
    </FormDialog>
  );
}
