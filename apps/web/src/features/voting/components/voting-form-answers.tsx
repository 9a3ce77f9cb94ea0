import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox } from '../../../components/form-checkbox.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import { VotingFormSection } from './voting-form-section.tsx';
import type { VotingFormValues } from './voting-form-values.ts';

/** How many answers a voter gives, the quorum and the maximum of responses. */
export function VotingFormAnswers({ control }: { control: Control<VotingFormValues> }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const multiple = useWatch({ control, name: 'multiple' });
  return (
    <VotingFormSection title={t('voting:form.answersSection')}>
      <FormCheckbox control={control} name="multiple" label={t('voting:form.multiple')} />
      {multiple ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="minAnswers"
            type="number"
            label={t('voting:form.minAnswers')}
            slotProps={{ htmlInput: { min: 1 } }}
          />
          <FormTextField
            control={control}
            name="maxAnswers"
            type="number"
            label={t('voting:form.maxAnswers')}
            slotProps={{ htmlInput: { min: 1 } }}
          />
        </Stack>
      ) : (
        <>
          {/* One answer: the schema still reports an option count not above one on maxAnswers. */}
          <Controller
            control={control}
            name="maxAnswers"
            render={({ fieldState }) => (fieldState.error ? <FormHelperText error>{translate(fieldState.error.message)}</FormHelperText> : <span />)}
          />
        </>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="quorum" type="number" label={t('voting:form.quorum')} slotProps={{ htmlInput: { min: 0 } }} />
        <FormTextField
          control={control}
          name="maxResponses"
          type="number"
          label={t('voting:form.maxResponses')}
          helperText={t('voting:form.maxResponsesHint')}
          slotProps={{ htmlInput: { min: 1 } }}
        />
      </Stack>
    </VotingFormSection>
  );
}
