import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { profileBody, type ReferenceItem, type User } from '@portal/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/form-card.tsx';
import { FormCheckbox } from '../../../components/form-checkbox.tsx';
import { showFormError } from '../../../components/form-errors.ts';
import { FormGrid } from '../../../components/form-grid.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useJobGroups, useRegions } from '../api/reference-lists.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { PersonalFields } from './personal-fields.tsx';
import { ReadOnlyField } from './read-only-field.tsx';

const formValues = (user: User) => ({
  name: user.name,
  surname: user.surname,
  position: user.position,
  phone: user.phone,
  // '' is the select's "not set"; the schema turns it into null.
  regionId: user.regionId ?? '',
  jobGroupId: user.jobGroupId ?? '',
  digestSubscribed: user.digestSubscribed,
});

/** The user's information: name, position, phone, region and job group; the company is shown, not edited. */
export function ProfileInfoCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const regions = useRegions();
  const jobGroups = useJobGroups();
  const update = useUpdateProfile();
  const { control, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(profileBody),
    values: formValues(user),
    resetOptions: { keepDirtyValues: true },
  });

  const options = (items: readonly ReferenceItem[] | undefined) =>
    (items ?? []).map((item) => ({ value: item.id, label: i18n.language === 'ru' ? item.nameRu : item.nameEn }));

  const submit = handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: (saved) => {
        reset(formValues(saved));
        toast.success(t('account:profileSaved'));
      },
      onError: (error) => showFormError(error, setError, (message) => toast.error(t('account:profileSaveFailed'), message)),
    });
  });

  // The selects wait for their lists, so the saved region and job group are never out of range.
  const listsSettled = !regions.isPending && !jobGroups.isPending;
  if (!listsSettled) {
    return (
      <FormCard title={t('account:information')} headingLevel="h2">
        <LinearProgress aria-label={t('common:loading')} sx={{ my: 3 }} />
      </FormCard>
    );
  }
  return (
    <FormCard title={t('account:information')} headingLevel="h2">
      <form noValidate onSubmit={submit}>
        <FormGrid from="md">
          <PersonalFields control={control} />
          <FormSelectField
            control={control}
            name="regionId"
            label={t('account:region')}
            options={options(regions.data)}
            emptyLabel={t('account:notSet')}
          />
          <FormSelectField
            control={control}
            name="jobGroupId"
            label={t('account:jobGroup')}
            options={options(jobGroups.data)}
            emptyLabel={t('account:notSet')}
          />
          <ReadOnlyField label={t('account:company')} value={user.company?.name ?? ''} />
        </FormGrid>
        <FormCheckbox control={control} name="digestSubscribed" label={t('account:digestSubscribed')} />
        <Button type="submit" variant="contained" loading={update.isPending} disabled={!formState.isDirty} sx={{ mt: 2 }}>
          {t('common:save')}
        </Button>
      </form>
    </FormCard>
  );
}
