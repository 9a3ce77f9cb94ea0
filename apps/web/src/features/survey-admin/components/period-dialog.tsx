import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { earliestPublication, type PeriodInput, periodBody, type SurveyPeriod } from '@portal/shared';
import { DEFAULT_ANONYMITY_RULES, SURVEY_KINDS, type SurveyKind } from '@portal/shared/survey-model';
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
  kind: SurveyKind;
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
  kind: p?.kind ?? 'salary',
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

/** A credit period has no minimum wage, bonus year or publication delay: its data is historical "as of" its date. */
const bodyOf = (v: Values): PeriodInput => ({
  ...v,
  opensAt: fromLocalInput(v.opensAt) || null,
  closesAt: fromLocalInput(v.closesAt),
  publishNotBefore: v.kind === 'credit' ? null : v.publishNotBefore || null,
  priorPeriodId: v.priorPeriodId === '' ? null : v.priorPeriodId,
  ...(v.kind === 'credit' ? { minimumWage: '0', bonusYear: v.effectiveDate.slice(0, 4) } : {}),
});

/** Creates or edits a survey period (salary or credit): code, titles, dates, minimum wage, prior period and the anonymity thresholds. */
export function PeriodDialog({ period, periods, onClose }: { period?: SurveyPeriod; periods: readonly SurveyPeriod[]; onClose: () => void }) {
  const { t } = useTranslation();
  const title = usePeriodTitle();
  const save = useSavePeriod();
  const { control, handleSubmit, setError, watch } = useForm<Values>({ values: valuesOf(period) });
  const effective = watch('effectiveDate');
  const salary = watch('kind') === 'salary';
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
        <FormSelectField
          control={control}
          name="kind"
          label={t('surveyAdmin:form.kind')}
          disabled={Boolean(period)}
          options={SURVEY_KINDS.map((k) => ({ value: k, label: t(`surveyAdmin:surveyKind.${k}`) }))}
        />
        <FormTextField
          control={control}
          name="code"
          label={t('surveyAdmin:form.code')}
          helperText={t('surveyAdmin:form.codeHint')}
          required
          autoFocus
        />
        {salary ? <FormTextField control={control} name="bonusYear" label={t('surveyAdmin:form.bonusYear')} required inputMode="numeric" /> : null}
      </FormGrid>
      <FormTextField control={control} name="titleEn" label={t('surveyAdmin:form.titleEn')} required />
      <FormTextField control={control} name="titleRu" label={t('surveyAdmin:form.titleRu')} required />
      <FormGrid from="sm">
        <FormDateTimeField control={control} name="opensAt" label={t('surveyAdmin:form.opensAt')} />
        <FormDateTimeField control={control} name="closesAt" label={t('surveyAdmin:form.closesAt')} required />
        <FormDateTimeField
          control={control}
          name="effectiveDate"
          kind="date"
          label={t(salary ? 'surveyAdmin:form.effectiveDate' : 'surveyAdmin:form.asOfDate')}
          required
        />
        {salary ? (
          <FormDateTimeField
            control={control}
            name="publishNotBefore"
            kind="date"
            label={t('surveyAdmin:form.publishNotBefore')}
            helperText={
              /^\d{4}-\d{2}-\d{2}$/.test(effective)
                ? t('surveyAdmin:form.publishHint', { date: formatDay(earliestPublication(effective)) })
                : undefined
            }
          />
        ) : null}
        {salary ? (
          <FormTextField control={control} name="minimumWage" label={t('surveyAdmin:form.minimumWage')} required inputMode="decimal" />
        ) : null}
        <FormSelectField
          control={control}
          name="priorPeriodId"
          label={t('surveyAdmin:form.priorPeriod')}
          emptyLabel={t('surveyAdmin:form.none')}
          options={periods
            .filter((p) => p.id !== period?.id && p.kind === watch('kind'))
            .map((p) => ({ value: p.id, label: `${p.code} — ${title(p)}` }))}
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
