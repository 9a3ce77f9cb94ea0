import Typography from '@mui/material/Typography';
import {
  type Distributor,
  type DistributorGroup,
  type DistributorInput,
  type DistributorRequest,
  distributorBody,
  EDITABLE_DISTRIBUTOR_STATUSES,
} from '@portal/shared';
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
import { useAnswerRequest } from '../api/requests.ts';

type Values = Omit<DistributorInput, 'groupId' | 'ogrn' | 'hqRegionId'> & { groupId: number | ''; ogrn: string };

const valuesOf = (d: Distributor | undefined, request: DistributorRequest | undefined): Values => ({
  nameRu: d?.nameRu ?? request?.name ?? '',
  nameEn: d?.nameEn ?? request?.name ?? '',
  legalName: d?.legalName ?? '',
  inn: d?.inn ?? request?.inn ?? '',
  ogrn: d?.ogrn ?? '',
  groupId: d?.group?.id ?? '',
  type: d?.type ?? 'national',
  status: d && d.status !== 'merged' ? d.status : 'active',
});

/**
 * Adds or edits a distributor: names, the INN (checked here as the server checks it), OGRN, holding, type and status.
 * With a company's request, it adds the requested distributor, prefilled from the request, and answers the request.
 */
export function DistributorDialog({
  distributor,
  request,
  groups,
  onClose,
}: {
  distributor?: Distributor;
  request?: DistributorRequest;
  groups: readonly DistributorGroup[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveDistributor();
  const answer = useAnswerRequest();
  const pending = save.isPending || answer.isPending;
  const { control, handleSubmit, setError } = useForm<Values>({ values: valuesOf(distributor, request) });
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
    const done = {
      onSuccess: () => {
        toast.success(t(request ? 'creditData:requests.added' : distributor ? 'creditData:distributors.updated' : 'creditData:distributors.created'));
        onClose();
      },
      onError: (error: unknown) => showFormError(error, setError),
    };
    if (request) answer.mutate({ kind: 'add', request, fields }, done);
    else save.mutate({ distributor, fields }, done);
  });
  return (
    <FormDialog
      title={
        request
          ? t('creditData:requests.addTitle')
          : distributor
            ? t('creditData:distributors.editTitle', { name: distributor.nameRu })
            : t('creditData:distributors.createTitle')
      }
      submitLabel={t('creditData:distributors.save')}
      pending={pending}
      onSubmit={submit}
      onClose={onClose}
    >
      {request ? (
        <Typography color="text.secondary">
          {t('creditData:requests.addContext', { company: request.company.name, city: request.city, comment: request.comment })}
        </Typography>
      ) : null}
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
