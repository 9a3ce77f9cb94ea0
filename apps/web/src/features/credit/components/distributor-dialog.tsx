import { type Distributor, type DistributorGroup, type DistributorInput, distributorBody, EDITABLE_DISTRIBUTOR_STATUSES } from '@portal/shared';
import { DISTRIBUTOR_TYPES } from '@portal/shared/credit-model';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { showFormError } from '../../../components/form-errors.ts';
import { FormGrid } from '../../../components/form-grid.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useSaveDistributor } from '../api/distributors.ts';

type Values = Omit<DistributorInput, 'groupId' | 'ogrn' | 'hqRegionId'> & { groupId: number | ''; ogrn: string };

const valuesOf = (d: Distributor | undefined): Values => ({
  nameRu: d?.nameRu ?? '',
  nameEn: d?.nameEn ?? '',
  legalName: d?.legalName ?? '',
  inn: d?.inn ?? '',
  ogrn: d?.ogrn ?? '',
  groupId: d?.group?.id ?? '',
  type: d?.type ?? 'national',
  status: d && d.status !== 'merged' ? d.status : 'active',
});

/** Adds or edits a distributor: names, the INN (checked here as the server checks it), OGRN, holding, type and status. */
export function DistributorDialog({
  distributor,
  groups,
  onClose,
}: {
  distributor?: Distributor;
  groups: readonly DistributorGroup[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveDistributor();
  const { control, handleSubmit, setError } = useForm<Values>({ values: valuesOf(distributor) });
  const submit = handleSubmit((values) => {
    const fields: DistributorInput = {
      ...values,
      groupId: values.groupId === '' ? null : values.groupId,
      hqRegionId: distributor?.hqRegionId ?? null,
    };
    const checked = distributorBody.safeParse(fields);
    if (!checked.success) {
      for (const issue of checked.error.issues) setError(issue.path.join('.') as FieldPath<Values>, { type: 'schema', message: issue.message });
      return;
    }
    save.mutate(
      { distributor, fields },
      {
        onSuccess: () => {
          toast.success(t(distributor ? 'creditData:distributors.updated' : 'creditData:distributors.created'));
          onClose();
        },
        onError: (error) => showFormError(error, setError),
      },
    );
  });
  return (
    <FormDialog
      title={distributor ? t('creditData:distributors.editTitle', { name: distributor.nameRu }) : t('creditData:distributors.createTitle')}
      submitLabel={t('creditData:distributors.save')}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormTextField control={control} name="nameRu" label={t('creditData:distributors.nameRu')} required autoFocus />
      <FormTextField control={control} name="nameEn" label={t('creditData:distributors.nameEn')} required />
      <FormTextField control={control} name="legalName" label={t('creditData:distributors.legalName')} />
      <FormGrid from="sm">
        <FormTextField control={control} name="inn" label={t('creditData:distributors.inn')} required inputMode="numeric" />
        <FormTextField control={control} name="ogrn" label={t('creditData:distributors.ogrn')} inputMode="numeric" />
        <FormSelectField
          control={control}
          name="groupId"
          label={t('creditData:distributors.group')}
          emptyLabel={t('creditData:distributors.noGroup')}
          options={groups.map((g) => ({ value: g.id, label: i18n.language === 'ru' ? g.nameRu : g.nameEn }))}
        />
        <FormSelectField
          control={control}
          name="type"
          label={t('creditData:distributors.type')}
          options={DISTRIBUTOR_TYPES.map((type) => ({ value: type, label: t(`creditData:type.${type}`) }))}
        />
        <FormSelectField
          control={control}
          name="status"
          label={t('creditData:distributors.status')}
          options={EDITABLE_DISTRIBUTOR_STATUSES.map((s) => ({ value: s, label: t(`creditData:status.${s}`) }))}
        />
      </FormGrid>
    </FormDialog>
  );
}
