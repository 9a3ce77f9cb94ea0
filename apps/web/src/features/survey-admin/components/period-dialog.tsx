import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { earliestPublication, type PeriodInput, periodBody, type SurveyPeriod } from '@portal/shared';
import { DEFAULT_ANONYMITY_RULES } from '@portal/shared/survey-model';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateTimeField } from '../../../components/date-time-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { showFormError } from '../../../components/form-errors.ts';
import { FormGrid } from '../../../components/form-grid.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { fromLocalInput, toLocalInput } from '../../../lib/dates.ts';
import { toast } from '../../../lib/toasts.ts';
import { useSavePeriod } from '../api/periods.ts';
import { formatDay, usePeriodTitle } from './labels.ts';

const RULES = ['minCompanies', 'minIncumbents', 'minCompaniesP10P90', 'minIncumbentsP10P90', 'maxCompanySharePct'] as const;

/** The form's values: the pickers' local strings, and numbers as typed. */
type Values = {
  code: string;
  titleEn: string;
  titleRu: string;
  opensAt: string;
  closesAt: string;
  effectiveDate: string;
  bonusYear: string;
  minimumWage: string;
  publishNotBefore: string;
  priorPeriodId: string | number;
  rules: Record<(typeof RULES)[number], string | number>;
};

const valuesOf = (p: SurveyPeriod | undefined): Values => ({
  code: p?.code ?? '',
  titleEn: p?.titleEn ?? '',
  titleRu: p?.titleRu ?? '',
  opensAt: toLocalInput(p?.opensAt),
  closesAt: toLocalInput(p?.closesAt),
  effectiveDate: p?.effectiveDate ?? '',
  bonusYear: p ? String(p.bonusYear) : '',
  minimumWage: p?.minimumWage ?? '',
  publishNotBefore: p?.publishNotBefore ?? '',
  priorPeriodId: p?.priorPeriodId ?? '',
  rules: p?.rules ?? DEFAULT_ANONYMITY_RULES,
});

const bodyOf = (v: Values): PeriodInput => ({
  ...v,
  opensAt: fromLocalInput(v.opensAt) || null,
  closesAt: fromLocalInput(v.closesAt),
  publishNotBefore: v.publishNotBefore || null,
  priorPeriodId: v.priorPeriodId === '' ? null : v.priorPeriodId,
});

/** Creates or edits a survey period: code, titles, dates, minimum wage, prior period and the anonymity thresholds. */
export function PeriodDialog({ period, periods, onClose }: { period?: SurveyPeriod; periods: readonly SurveyPeriod[]; onClose: () => void }) {
  const { t } = useTranslation();
  const title = usePeriodTitle();
  const save = useSavePeriod();
  const { control, handleSubmit, setError, watch } = useForm<Values>({ values: valuesOf(period) });
  const effective = watch('effectiveDate');
  const submit = handleSubmit((values) => {
    const fields = bodyOf(values);
    // The shared schema checks here what the server checks, so the messages land on the fields at once.
    const checked = periodBody.safeParse(fields);
    if (!checked.success) {
      for (const issue of checked.error.issues) setError(issue.path.join('.') as FieldPath<Values>, { type: 'schema', message: issue.message });
      return;
    }
    save.mutate(
      { period, fields },
      {
        onSuccess: () => {
          toast.success(t(period ? 'surveyAdmin:form.saved' : 'surveyAdmin:form.created'));
          onClose();
        },
        onError: (error) => showFormError(error, setError, (message) => toast.error(t('surveyAdmin:form.failed'), message)),
      },
    );
  });
  return (
    <FormDialog
      title={period ? t('surveyAdmin:form.editTitle', { title: title(period) }) : t('surveyAdmin:form.createTitle')}
      submitLabel={t('surveyAdmin:form.save')}
      pending={save.isPending}
      maxWidth="md"
      onSubmit={submit}
      onClose={onClose}
    >
      <FormGrid from="sm">
        <FormTextField
          control={control}
          name="code"
          label={t('surveyAdmin:form.code')}
          helperText={t('surveyAdmin:form.codeHint')}
          required
          autoFocus
        />
        <FormTextField control={control} name="bonusYear" label={t('surveyAdmin:form.bonusYear')} required inputMode="numeric" />
      </FormGrid>
      <FormTextField control={control} name="titleEn" label={t('surveyAdmin:form.titleEn')} required />
      <FormTextField control={control} name="titleRu" label={t('surveyAdmin:form.titleRu')} required />
      <FormGrid from="sm">
        <FormDateTimeField control={control} name="opensAt" label={t('surveyAdmin:form.opensAt')} />
        <FormDateTimeField control={control} name="closesAt" label={t('surveyAdmin:form.closesAt')} required />
        <FormDateTimeField control={control} name="effectiveDate" kind="date" label={t('surveyAdmin:form.effectiveDate')} required />
        <FormDateTimeField
          control={control}
          name="publishNotBefore"
          kind="date"
          label={t('surveyAdmin:form.publishNotBefore')}
          helperText={
            /^\d{4}-\d{2}-\d{2}$/.test(effective) ? t('surveyAdmin:form.publishHint', { date: formatDay(earliestPublication(effective)) }) : undefined
          }
        />
        <FormTextField control={control} name="minimumWage" label={t('surveyAdmin:form.minimumWage')} required inputMode="decimal" />
        <FormSelectField
          control={control}
          name="priorPeriodId"
          label={t('surveyAdmin:form.priorPeriod')}
          emptyLabel={t('surveyAdmin:form.none')}
          options={periods.filter((p) => p.id !== period?.id).map((p) => ({ value: p.id, label: `${p.code} — ${title(p)}` }))}
        />
      </FormGrid>
      <Stack spacing={0} sx={{ mt: 2 }}>
        <Typography variant="subtitle1" component="h3">
          {t('surveyAdmin:form.rules')}
        </Typography>
        <FormGrid from="sm">
          {RULES.map((rule) => (
            <FormTextField key={rule} control={control} name={`rules.${rule}`} label={t(`surveyAdmin:form.${rule}`)} required inputMode="numeric" />
          ))}
        </FormGrid>
      </Stack>
    </FormDialog>
  );
}
