import { zodResolver } from '@hookform/resolvers/zod';
import { type CommitteeAdmin, committeeBody, optionalId } from '@portal/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../../../components/form-checkbox.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { showFormError } from '../../../components/form-errors.ts';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useSaveCommittee } from '../api/manage-committees.ts';
import { useCommitteeLabels } from './labels.ts';
import { notifyDone, notifyFailed } from './staff-toasts.ts';

/** What the dialog edits: a new committee (parentId null), a new group of a committee, or an existing row. */
export interface CommitteeEditing {
  row?: CommitteeAdmin;
  parentId: number | null;
}

/** The committee's fields, plus the committee a working group belongs to (required for a group, checked on submit). */
const formSchema = committeeBody.extend({ parentId: optionalId });

/** Creates or edits a committee or a working group: names and details in both languages, order, self-service; a group picks its committee. */
export function CommitteeDialog({
  editing,
  committees,
  onClose,
}: {
  editing: CommitteeEditing;
  committees: readonly CommitteeAdmin[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const save = useSaveCommittee();
  const { row, parentId } = editing;
  const isGroup = parentId !== null;
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(formSchema),
    values: {
      nameEn: row?.nameEn ?? '',
      nameRu: row?.nameRu ?? '',
      detailsEn: row?.detailsEn ?? '',
      detailsRu: row?.detailsRu ?? '',
      position: row?.position ?? 0,
      selfService: row?.selfService ?? false,
      parentId: parentId ?? '',
    },
  });
  const action = row ? 'committeeUpdated' : isGroup ? 'groupAdded' : 'committeeAdded';
  const submit = handleSubmit(({ parentId: chosen, ...fields }) => {
    if (isGroup && chosen === null) return setError('parentId', { type: 'required', message: 'validation.required' }, { shouldFocus: true });
    save.mutate(
      { id: row?.id, parentId: isGroup ? chosen : null, fields },
      {
        onSuccess: (saved) => {
          notifyDone(action, { name: labels.name(saved) });
          onClose();
        },
        onError: (error) => {
          showFormError(error, setError, () => undefined);
          notifyFailed(action, error);
        },
      },
    );
  });
  const title = isGroup ? (row ? 'editGroup' : 'addGroup') : row ? 'editCommittee' : 'addCommittee';
  return (
    <FormDialog
      title={t(`committees:staff.form.${title}`)}
      submitLabel={row ? t('common:save') : t('committees:staff.form.create')}
      pending={save.isPending}
      maxWidth="md"
      onSubmit={submit}
      onClose={onClose}
    >
      {isGroup ? (
        <FormSelectField
          control={control}
          name="parentId"
          label={t('committees:logField.parentId')}
          required
          options={committees.map((c) => ({ value: c.id, label: labels.name(c) }))}
        />
      ) : null}
      <FormTextField control={control} name="nameEn" label={t('committees:logField.nameEn')} required autoFocus={!isGroup} />
      <FormTextField control={control} name="nameRu" label={t('committees:logField.nameRu')} required />
      <FormTextField control={control} name="detailsEn" label={t('committees:logField.detailsEn')} multiline minRows={3} />
      <FormTextField control={control} name="detailsRu" label={t('committees:logField.detailsRu')} multiline minRows={3} />
      <FormTextField
        control={control}
        name="position"
        type="number"
        label={t('committees:logField.position')}
        helperText={t('committees:staff.form.positionHint')}
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
      />
      <FormCheckbox
        control={control}
        name="selfService"
        label={t('committees:logField.selfService')}
        helperText={t('committees:staff.form.selfServiceHint')}
      />
    </FormDialog>
  );
}
