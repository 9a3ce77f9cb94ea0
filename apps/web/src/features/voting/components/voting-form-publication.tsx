import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../../../components/form-checkbox.tsx';
import { VotingFormSection } from './voting-form-section.tsx';
import type { VotingFormValues } from './voting-form-values.ts';

/** Whether voters see the results, and with the counts. */
export function VotingFormPublication({ control }: { control: Control<VotingFormValues> }) {
  const { t } = useTranslation();
  return (
    <VotingFormSection title={t('voting:form.publication')}>
      <FormCheckbox control={control} name="publishResults" label={t('voting:form.publishResults')} />
      <FormCheckbox control={control} name="showCounts" label={t('voting:form.showCounts')} />
    </VotingFormSection>
  );
}
