import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Blocker, completionBlockers, type SurveyIssue, type SurveyOverview } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';
import { saveCalls, useCompleteSurvey } from '../api/survey-mutations.ts';
import { StepChip } from './step-chip.tsx';
import { useSurveySession } from './survey-session.tsx';
import { issueMessage, type ScreenKey, screenLabel } from './survey-steps.ts';

/** A warning or a staff query answered with a comment, so it no longer blocks completion. */
function Acknowledge({ issue }: { issue: SurveyIssue }) {
  const { t } = useTranslation();
  const session = useSurveySession();
  const [comment, setComment] = useState(issue.ackComment ?? '');
  const [error, setError] = useState<string | undefined>();
  const send = async () => {
    try {
      await session.saveNow((version) => saveCalls.acknowledge({ version, issueId: issue.id, comment }));
      setError(undefined);
    } catch (e) {
      setError(e instanceof ApiError && e.fields.comment ? e.fields.comment : errorMessage(e));
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' }, width: '100%' }}>
      <TextField
        size="small"
        fullWidth
        label={t('survey:review.comment')}
        value={comment}
        error={Boolean(error)}
        helperText={error}
        disabled={!session.editable}
        onChange={(e) => setComment(e.target.value)}
      />
      <Button variant="outlined" disabled={!session.editable || !comment.trim()} onClick={() => void send()} sx={{ flexShrink: 0 }}>
        {issue.acknowledgedAt ? t('survey:review.updateAck') : t('survey:review.acknowledge')}
      </Button>
    </Stack>
  );
}

/** Review and complete: the step checklist, what blocks completion (links to the steps), warnings and staff queries to answer, the confirmation. */
export function ReviewStep({ overview, onScreen }: { overview: SurveyOverview; onScreen: (key: ScreenKey) => void }) {
  const { t } = useTranslation();
  const session = useSurveySession();
  const complete = useCompleteSurvey();
  const [confirmed, setConfirmed] = useState(false);
  const [serverBlockers, setServerBlockers] = useState<Blocker[] | null>(null);
  const blockers = serverBlockers ?? completionBlockers(overview.steps, overview.issues);
  const label = (key: string) => screenLabel(t, overview, key);
  const errors = overview.issues.filter((i) => i.severity === 'error');
  const toAnswer = overview.issues.filter((i) => i.severity !== 'error');

  const submit = async () => {
    if (!(await session.flush())) return;
    setServerBlockers(null);
    complete.mutate(overview.period.id, {
      onSuccess: () => {
        toast.success(t('survey:review.completed'));
        onScreen('done');
      },
      onError: (error) => {
        const details = error instanceof ApiError ? (error.details as { blockers?: Blocker[] } | undefined) : undefined;
        if (details?.blockers) setServerBlockers(details.blockers);
        toast.error(t('survey:review.notCompleted'), errorMessage(error));
      },
    });
  };

  return (
    <Stack spacing={3}>
      <List dense aria-label={t('survey:review.checklist')}>
        {overview.steps.map((s) => (
          <ListItem key={s.key} secondaryAction={<StepChip status={s.status} />}>
            <ListItemText
              primary={
                <Link component="button" type="button" onClick={() => onScreen(s.key)}>
                  {label(s.key)}
                </Link>
              }
              secondary={s.requiredTotal ? t('survey:review.answered', { answered: s.answeredRequired, total: s.requiredTotal }) : null}
            />
          </ListItem>
        ))}
      </List>

      {blockers.length ? (
        <Alert severity="warning">
          <Typography sx={{ fontWeight: 600 }}>{t('survey:review.blockersTitle')}</Typography>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {blockers.map((b) => (
              <li key={`${b.stepKey}-${b.reason}`}>
                <Link component="button" type="button" onClick={() => onScreen(b.stepKey)}>
                  {label(b.stepKey)}
                </Link>
                : {t(`survey:review.blocker.${b.reason}`, { count: b.count })}
              </li>
            ))}
          </ul>
        </Alert>
      ) : (
        <Alert severity="success">{t('survey:review.ready')}</Alert>
      )}

      {errors.length ? (
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('survey:review.errorsTitle')}
          </Typography>
          {errors.map((i) => (
            <Alert key={i.id} severity="error">
              <Link component="button" type="button" onClick={() => onScreen(i.stepKey)}>
                {label(i.stepKey)}
              </Link>
              : {issueMessage(t, i)}
            </Alert>
          ))}
        </Stack>
      ) : null}

      {toAnswer.length ? (
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('survey:review.warningsTitle')}
          </Typography>
          {toAnswer.map((i) => (
            <Alert key={i.id} severity={i.severity === 'staff_query' ? 'info' : 'warning'} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
              <Stack spacing={1}>
                <span>
                  <Link component="button" type="button" onClick={() => onScreen(i.stepKey)}>
                    {label(i.stepKey)}
                  </Link>
                  : {issueMessage(t, i)}
                  {i.acknowledgedAt ? ` — ${t('survey:review.acknowledged')}` : ''}
                </span>
                <Acknowledge issue={i} />
              </Stack>
            </Alert>
          ))}
        </Stack>
      ) : null}

      {session.editable ? (
        <Stack spacing={1}>
          <FormControlLabel
            control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
            label={t('survey:review.confirm')}
          />
          <Button
            variant="contained"
            size="large"
            sx={{ alignSelf: 'flex-start' }}
            disabled={!confirmed}
            loading={complete.isPending}
            onClick={() => void submit()}
          >
            {t('survey:review.complete')}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
