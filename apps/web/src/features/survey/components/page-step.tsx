import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isShown, type PageAnswerValue, type PageContent, type PageQuestion, type SurveyIssue } from '@portal/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n.ts';
import { saveCalls } from '../api/survey-mutations.ts';
import { usePriorPage } from '../api/survey-queries.ts';
import { PriorAnswer, PriorNotice } from './prior-answers.tsx';
import { useSurveySession } from './survey-session.tsx';
import { issueMessage } from './survey-steps.ts';

type Answers = Record<string, PageAnswerValue>;

/**
 * A configurable page (company profile, car policy, benefits, comments): its text and questions; autosaved. "Show last
 * year's answers" puts the company's answers to the same page in the previous period beside each question.
 */
export function PageStep({ content, saved, issues }: { content: PageContent; saved: Answers; issues: SurveyIssue[] }) {
  const { t } = useTranslation();
  const session = useSurveySession();
  const [answers, setAnswers] = useState<Answers>(saved);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const latest = useRef(answers);
  useEffect(() => {
    latest.current = saved;
    setAnswers(saved);
  }, [saved]);
  const ru = currentLocale() === 'ru';
  const label = (x: { labelEn: string; labelRu: string }) => (ru ? x.labelRu : x.labelEn);
  const set = (id: string, value: PageAnswerValue) => {
    const next = { ...latest.current, [id]: value };
    latest.current = next;
    setAnswers(next);
    setFieldErrors((e) => ({ ...e, [`answers.${id}`]: '' }));
    session.changed({
      save: (version) => saveCalls.page({ version, page: content.key, answers: latest.current }),
      reload: () => setAnswers(saved),
      invalid: (error) => setFieldErrors(error.fields),
    });
  };
  const problem = (q: PageQuestion) =>
    fieldErrors[`answers.${q.id}`] ||
    issues
      .filter((i) => i.field === q.id)
      .map((i) => issueMessage(t, i))
      .join(' ') ||
    undefined;
  const disabled = !session.editable;
  const [showPrior, setShowPrior] = useState(false);
  const prior = usePriorPage(content.key, showPrior);
  // The answers beside the questions once there are some to show; the notice says why there are none.
  const past =
    showPrior && prior.data?.period && Object.keys(prior.data.answers).length ? { code: prior.data.period.code, answers: prior.data.answers } : null;
  const field = (q: PageQuestion) => {
    const v = answers[q.id];
    const error = problem(q);
    const name = `${label(q)}${q.required ? ' *' : ''}`;
    switch (q.type) {
      case 'bool':
      case 'choice': {
        const options =
          q.type === 'bool'
            ? [
                { value: 'true', text: t('common:yes') },
                { value: 'false', text: t('common:no') },
              ]
            : q.options.map((o) => ({ value: o.value, text: label(o) }));
        return (
          <FormControl error={Boolean(error)} disabled={disabled}>
            <FormLabel id={`q-${q.id}`}>{name}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`q-${q.id}`}
              value={v === undefined || v === null ? '' : String(v)}
              onChange={(e) => set(q.id, q.type === 'bool' ? e.target.value === 'true' : e.target.value)}
            >
              {options.map((o) => (
                <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.text} />
              ))}
            </RadioGroup>
            {error ? <FormHelperText>{error}</FormHelperText> : null}
          </FormControl>
        );
      }
      case 'multi': {
        const chosen = Array.isArray(v) ? v : [];
        return (
          <FormControl component="fieldset" error={Boolean(error)} disabled={disabled}>
            <FormLabel component="legend">{name}</FormLabel>
            <FormGroup row>
              {q.options.map((o) => (
                <FormControlLabel
                  key={o.value}
                  control={
                    <Checkbox
                      checked={chosen.includes(o.value)}
                      onChange={(e) => set(q.id, e.target.checked ? [...chosen, o.value] : chosen.filter((x) => x !== o.value))}
                    />
                  }
                  label={label(o)}
                />
              ))}
            </FormGroup>
            {error ? <FormHelperText>{error}</FormHelperText> : null}
          </FormControl>
        );
      }
      case 'number':
        return (
          <TextField
            label={name}
            inputMode="decimal"
            value={v === undefined || v === null ? '' : String(v)}
            disabled={disabled}
            error={Boolean(error)}
            helperText={error ?? (q.min !== null || q.max !== null ? t('survey:page.range', { min: q.min ?? '', max: q.max ?? '' }) : undefined)}
            onChange={(e) => {
              const text = e.target.value.replace(',', '.').trim();
              set(q.id, text === '' ? null : Number.isNaN(Number(text)) ? text : Number(text));
            }}
          />
        );
      default:
        return (
          <TextField
            label={name}
            multiline
            minRows={2}
            value={typeof v === 'string' ? v : ''}
            disabled={disabled}
            error={Boolean(error)}
            helperText={error}
            onChange={(e) => set(q.id, e.target.value)}
          />
        );
    }
  };
  return (
    <Stack spacing={2}>
      {content.body ? <Typography color="text.secondary">{content.body}</Typography> : null}
      <FormControlLabel
        control={<Switch checked={showPrior} onChange={(e) => setShowPrior(e.target.checked)} />}
        label={t('survey:page.showPrior')}
      />
      {showPrior ? <PriorNotice prior={prior.data} failed={prior.isError} /> : null}
      {content.questions
        .filter((q) => isShown(q, answers))
        .map((q) => (
          <Stack key={q.id} direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1, md: 2 }} sx={{ alignItems: { md: 'center' } }}>
            <Stack sx={{ flex: 1, minWidth: 0 }}>{field(q)}</Stack>
            {past ? (
              <PriorAnswer
                question={q}
                code={past.code}
                value={past.answers[q.id]}
                current={answers[q.id]}
                label={label(q)}
                editable={!disabled}
                onUse={(value) => set(q.id, value)}
              />
            ) : null}
          </Stack>
        ))}
    </Stack>
  );
}
