import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ProgressRow, SurveyPeriod } from '@portal/shared';
import { FIXED_STEPS } from '@portal/shared/survey-model';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-time-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/dates.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';
import { type ReviewAction, useReviewAction } from '../api/progress.ts';

/** The review actions that ask for something first: a question, a reason, a deadline, or a plain confirmation. */
export type ReviewKind = 'return' | 'accept' | 'exclude' | 'reopen' | 'extend' | 'reset' | 'test';

const TITLES: Record<ReviewKind, string> = {
  return: 'surveyAdmin:review.returnTitle',
  accept: 'surveyAdmin:dashboard.accept',
  exclude: 'surveyAdmin:review.excludeTitle',
  reopen: 'surveyAdmin:dashboard.reopen',
  extend: 'surveyAdmin:review.extendTitle',
  reset: 'surveyAdmin:review.resetTitle',
  test: 'surveyAdmin:dashboard.markTest',
};
const SUBMIT: Record<ReviewKind, string> = {
  return: 'surveyAdmin:review.returnSend',
  accept: 'surveyAdmin:dashboard.accept',
  exclude: 'surveyAdmin:review.excludeSend',
  reopen: 'surveyAdmin:dashboard.reopen',
  extend: 'surveyAdmin:review.extendSend',
  reset: 'surveyAdmin:review.resetSend',
  test: 'surveyAdmin:review.confirm',
};

/** One review action on one company's response, with what it needs asked first; the outcome is a toast. */
export function ReviewDialog({ kind, row, period, onClose }: { kind: ReviewKind; row: ProgressRow; period: SurveyPeriod; onClose: () => void }) {
  const { t } = useTranslation();
  const act = useReviewAction();
  const [stepKey, setStepKey] = useState<string>(row.steps.find((s) => s.status === 'has_errors')?.key ?? 'positions');
  const [text, setText] = useState('');
  const [deadline, setDeadline] = useState(row.extended ? toLocalInput(row.deadline) : '');
  const [error, setError] = useState<Record<string, string>>({});
  const company = row.company;
  const target = { periodId: period.id, companyId: row.companyId };
  const steps = [...FIXED_STEPS, ...row.steps.map((s) => s.key).filter((k) => !(FIXED_STEPS as readonly string[]).includes(k))];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const needsText = kind === 'return' || kind === 'exclude' || kind === 'reset';
    if (needsText && !text.trim()) return setError({ text: translateMessage('validation.required') });
    const action: ReviewAction =
      kind === 'return'
        ? { kind, ...target, stepKey, text }
        : kind === 'exclude' || kind === 'reset'
          ? { kind, ...target, reason: text }
          : kind === 'extend'
            ? { kind, ...target, deadline: deadline ? fromLocalInput(deadline) : null }
            : kind === 'test'
              ? { kind, companyId: row.companyId, isTest: !row.isTest }
              : { kind, ...target };
    act.mutate(action, {
      onSuccess: () => {
        toast.success(t('surveyAdmin:dashboard.done'));
        onClose();
      },
      onError: (failure) => {
        const fields = failure instanceof ApiError ? failure.fields : {};
        setError({ text: fields.text ?? fields.reason ?? '', deadline: fields.deadline ?? '' });
        toast.error(t('surveyAdmin:dashboard.failed'), errorMessage(failure));
      },
    });
  };

  return (
    <FormDialog
      title={t(TITLES[kind], { company })}
      submitLabel={t(SUBMIT[kind])}
      submitColor={kind === 'reset' || kind === 'exclude' ? 'error' : 'primary'}
      pending={act.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {kind === 'accept' ? <Typography>{t('surveyAdmin:review.acceptConfirm', { company })}</Typography> : null}
      {kind === 'reopen' ? <Typography>{t('surveyAdmin:review.reopenConfirm', { company })}</Typography> : null}
      {kind === 'test' ? (
        <Typography>{t(row.isTest ? 'surveyAdmin:review.untestConfirm' : 'surveyAdmin:review.testConfirm', { company })}</Typography>
      ) : null}
      {kind === 'reset' ? <Typography color="error">{t('surveyAdmin:review.resetWarning')}</Typography> : null}
      {kind === 'return' ? (
        <TextField select fullWidth margin="normal" label={t('surveyAdmin:review.step')} value={stepKey} onChange={(e) => setStepKey(e.target.value)}>
          {steps.map((key) => (
            <MenuItem key={key} value={key}>
              {key.startsWith('page:') ? t('surveyAdmin:steps.page', { key: key.slice(5) }) : t(`surveyAdmin:steps.${key}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {kind === 'return' || kind === 'exclude' || kind === 'reset' ? (
        <TextField
          fullWidth
          multiline
          minRows={3}
          margin="normal"
          required
          autoFocus
          label={t(kind === 'return' ? 'surveyAdmin:review.question' : 'surveyAdmin:review.reason')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={Boolean(error.text)}
          helperText={error.text || undefined}
        />
      ) : null}
      {kind === 'extend' ? (
        <DateTimeField
          fullWidth
          margin="normal"
          label={t('surveyAdmin:review.deadline')}
          value={deadline}
          onChange={setDeadline}
          error={Boolean(error.deadline)}
          helperText={error.deadline || t('surveyAdmin:review.extendHint', { date: formatDateTime(period.closesAt) })}
        />
      ) : null}
    </FormDialog>
  );
}
