import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PageAnswerValue, PageQuestion, PriorPageAnswers } from '@portal/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLocale, currentLocaleTag } from '../../../lib/i18n.ts';

/** An answer as the page would show it: yes/no, an option's label, a number in the reader's format. */
function answerText(t: TFunction, q: PageQuestion, v: PageAnswerValue): string {
  const option = (value: string) => {
    const o = q.options.find((x) => x.value === value);
    return o ? (currentLocale() === 'ru' ? o.labelRu : o.labelEn) : value;
  };
  if (typeof v === 'boolean') return t(v ? 'common:yes' : 'common:no');
  if (typeof v === 'number') return v.toLocaleString(currentLocaleTag());
  if (Array.isArray(v)) return v.map(option).join(', ');
  return q.type === 'choice' && v !== null ? option(v) : String(v ?? '');
}

/** What "Show last year's answers" found for the page as a whole: a failure, no previous period, or no answers in it. */
export function PriorNotice({ prior, failed }: { prior: PriorPageAnswers | undefined; failed: boolean }) {
  const { t } = useTranslation();
  if (failed) return <Alert severity="error">{t('errors:loadPastResponsesFailed')}</Alert>;
  if (!prior) return <Typography color="text.secondary">{t('survey:page.priorLoading')}</Typography>;
  if (!prior.period) return <Alert severity="info">{t('survey:page.noPriorPeriod')}</Alert>;
  if (!Object.keys(prior.answers).length) return <Alert severity="info">{t('survey:page.noPriorAnswers', { code: prior.period.code })}</Alert>;
  return null;
}

/**
 * Last year's answer to one question, beside it, and a button that puts it in the form (saved by the page's autosave, as
 * any change); no button when this year's answer is the same already or the page cannot be changed.
 */
export function PriorAnswer({
  question,
  code,
  value,
  current,
  label,
  editable,
  onUse,
}: {
  question: PageQuestion;
  code: string;
  value: PageAnswerValue | undefined;
  current: PageAnswerValue | undefined;
  label: string;
  editable: boolean;
  onUse: (value: PageAnswerValue) => void;
}) {
  const { t } = useTranslation();
  const same = JSON.stringify(value) === JSON.stringify(current);
  return (
    <Stack spacing={0.5} sx={{ width: { md: 300 }, flexShrink: 0, alignItems: 'flex-start' }}>
      <Typography variant="body2" color="text.secondary">
        {value === undefined ? t('survey:page.priorNone', { code }) : t('survey:page.priorAnswer', { code, value: answerText(t, question, value) })}
      </Typography>
      {value !== undefined && editable && !same ? (
        <Button size="small" variant="outlined" aria-label={t('survey:page.usePriorFor', { question: label })} onClick={() => onUse(value)}>
          {t('survey:page.usePrior')}
        </Button>
      ) : null}
    </Stack>
  );
}
