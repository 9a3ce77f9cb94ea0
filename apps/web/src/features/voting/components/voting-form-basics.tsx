import Stack from '@mui/material/Stack';
import { LOCALES } from '@portal/shared';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateTimeField } from '../../../components/date-time-field.tsx';
import { FormCheckbox } from '../../../components/form-checkbox.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { VotingFormSection } from './voting-form-section.tsx';
import type { VotingFormValues } from './voting-form-values.ts';

/** The voting's title, question, language and dates. */
export function VotingFormBasics({ control }: { control: Control<VotingFormValues> }) {
  const { t } = useTranslation();
  return (
    <VotingFormSection title={t('voting:form.basics')}>
      <FormTextField control={control} name="title" label={t('voting:fields.title')} required />
      <FormTextField control={control} name="question" label={t('voting:fields.question')} required multiline minRows={3} />
      <FormSelectField
        control={control}
        name="language"
        label={t('voting:form.language')}
        options={LOCALES.map((l) => ({
          value: l,
          label: t(`voting:form.languages.${l}`),
        }))}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormDateTimeField control={control} name="startsAt" label={t('voting:fields.startsAt')} required />
        <FormDateTimeField control={control} name="endsAt" label={t('voting:fields.endsAt')} required />
      </Stack>
      <FormCheckbox control={control} name="autoStart" label={t('voting:form.autoStart')} />
    </VotingFormSection>
  );
}
