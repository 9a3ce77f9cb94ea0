import Alert from '@mui/material/Alert';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../../../components/form-checkbox.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { SearchAutocomplete } from '../../../components/search-autocomplete.tsx';
import { companyChoices } from '../../../lib/company-choices.ts';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import { useVotingPrefix } from '../api/prefix.ts';
import { VotingFormSection } from './voting-form-section.tsx';
import type { VotingFormValues } from './voting-form-values.ts';

/** Who votes: by company or by person, all companies or the chosen ones, secrecy and the e-mail code. */
export function VotingFormVoters({ control }: { control: Control<VotingFormValues> }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const prefix = useVotingPrefix();
  const eligibility = useWatch({ control, name: 'eligibility' });
  const requireCode = useWatch({ control, name: 'requireCode' });
  return (
    <VotingFormSection title={t('voting:form.votersSection')}>
      <FormSelectField
        control={control}
        name="unit"
        label={t('voting:form.unit')}
        options={[
          { value: 'company', label: t('voting:form.unitCompany') },
          { value: 'person', label: t('voting:form.unitPerson') },
        ]}
      />
      <FormSelectField
        control={control}
        name="eligibility"
        label={t('voting:form.eligibility')}
        options={[
          { value: 'all', label: t('voting:form.eligibilityAll') },
          { value: 'companies', label: t('voting:form.eligibilityCompanies') },
        ]}
      />
      {eligibility === 'companies' ? (
        <Controller
          control={control}
          name="companyIds"
          render={({ field, fieldState }) => (
            <SearchAutocomplete
              multiple
              label={t('voting:form.companies')}
              query={(search) => companyChoices(prefix, search, true)}
              noOptionsText={t('organisation:noCompanies')}
              value={field.value}
              onChange={field.onChange}
              margin="normal"
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error ? translate(fieldState.error.message) : undefined}
            />
          )}
        />
      ) : null}
      <FormCheckbox control={control} name="secret" label={t('voting:form.secret')} helperText={t('voting:form.secretHint')} />
      <FormCheckbox control={control} name="requireCode" label={t('voting:form.requireCode')} />
      {requireCode ? null : (
        <Alert severity="warning" data-testid="voting-no-code-warning">
          {t('voting:form.noCodeWarning')}
        </Alert>
      )}
    </VotingFormSection>
  );
}
