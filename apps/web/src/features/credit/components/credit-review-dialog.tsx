import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CreditReview, CreditReviewRow } from '@portal/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { RESPONSE_STATUS_COLOR as STATUS_COLOR } from '../../../components/response-status-color.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { StaffPrefix } from '../../../lib/api-prefix.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';
import { useCreditReview, useCreditReviewAction } from '../api/review.ts';
import { formatRub } from './amounts.ts';
import { ENTRY_FIELDS } from './credit-entry-card.tsx';

/** The submission's rows as the company entered them: a distributor per row, its figures across. */
function EntriesTable({ review }: { review: CreditReview }) {
  const { t, i18n } = useTranslation();
  const entries = review.submission.entries;
  if (!entries.length) return <Typography color="text.secondary">{t('creditData:review.noEntries')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('creditData:review.title', { company: review.company.name })}>
        <TableHead>
          <TableRow>
            <TableCell>{t('creditData:entry.distributor')}</TableCell>
            {ENTRY_FIELDS.map((f) => (
              <TableCell key={f} align="right">
                {t(`creditData:buckets.${f}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => (
            <TableRow key={e.distributor.id}>
              <TableCell component="th" scope="row">
                {i18n.language === 'ru' ? e.distributor.nameRu : e.distributor.nameEn}
                <Typography variant="caption" component="div" color="text.secondary">
                  {t('creditData:distributors.inn')} {e.distributor.inn}
                </Typography>
              </TableCell>
              {ENTRY_FIELDS.map((f) => (
                <TableCell key={f} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {f === 'contractualTermsDays' ? e[f] : f === 'daysBeyondTerms' ? (e[f] ?? '—') : formatRub(e[f])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * One company's credit data, read-only, with its history; a submitted one is accepted or returned with a question
 * (asked for here, in the same dialog).
 */
export function CreditReviewDialog({
  prefix,
  periodId,
  row,
  onClose,
}: {
  prefix: StaffPrefix;
  periodId: number;
  row: CreditReviewRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const target = { periodId, companyId: row.companyId };
  const review = useCreditReview(prefix, target);
  const act = useCreditReviewAction();
  const [step, setStep] = useState<'view' | 'return' | 'accept'>('view');
  const [question, setQuestion] = useState('');
  const [error, setError] = useState('');
  const data = review.data;
  const submitted = data?.submission.status === 'submitted';

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'return' && !question.trim()) return setError(translateMessage('validation.required'));
    act.mutate(step === 'return' ? { kind: 'return', ...target, question } : { kind: 'accept', ...target }, {
      onSuccess: () => {
        toast.success(t(step === 'return' ? 'creditData:review.returned' : 'creditData:review.accepted'));
        onClose();
      },
      onError: (failure) => {
        const field = failure instanceof ApiError ? failure.fields.question : undefined;
        if (field) setError(field);
        else toast.error(errorMessage(failure));
      },
    });
  };

  return (
    <Dialog open onClose={act.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <form noValidate onSubmit={send}>
        <DialogTitle id={titleId}>{t('creditData:review.title', { company: row.company })}</DialogTitle>
        <DialogContent>
          {review.isPending ? <LinearProgress aria-label={t('common:loading')} /> : null}
          {review.error ? <Alert severity="error">{errorMessage(review.error)}</Alert> : null}
          {data && step === 'view' ? (
            <Stack spacing={2}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip size="small" color={STATUS_COLOR[data.submission.status]} label={t(`surveyAdmin:responseStatus.${data.submission.status}`)} />
                {data.acceptedAt ? (
                  <Typography variant="body2">{t('creditData:review.acceptedAt', { at: formatDateTime(data.acceptedAt) })}</Typography>
                ) : null}
              </Stack>
              {data.submission.staffQuestion ? (
                <Alert severity="warning">{t('creditData:review.openQuestion', { question: data.submission.staffQuestion })}</Alert>
              ) : null}
              <EntriesTable review={data} />
              <Typography variant="subtitle1" component="h3">
                {t('creditData:review.history')}
              </Typography>
              <List dense disablePadding aria-label={t('creditData:review.history')}>
                {data.history.map((e) => {
                  const action = t(`creditData:review.events.${e.action}`);
                  return (
                    <ListItem key={e.id} disableGutters>
                      <ListItemText
                        primary={`${formatDateTime(e.at)} · ${e.by ? t('creditData:review.eventBy', { action, by: e.by }) : action}`}
                        secondary={e.question}
                      />
                    </ListItem>
                  );
                })}
              </List>
            </Stack>
          ) : null}
          {step === 'accept' ? <Typography>{t('creditData:review.acceptConfirm', { company: row.company })}</Typography> : null}
          {step === 'return' ? (
            <TextField
              fullWidth
              multiline
              minRows={3}
              margin="normal"
              required
              autoFocus
              label={t('creditData:review.question')}
              value={question}
              onChange={(e) => {
                setQuestion(e.target.value);
                setError('');
              }}
              error={Boolean(error)}
              helperText={error || undefined}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          {step === 'view' ? (
            <>
              <Button onClick={onClose}>{t('creditData:review.close')}</Button>
              {submitted ? (
                <>
                  <Button color="warning" onClick={() => setStep('return')}>
                    {t('creditData:review.return')}
                  </Button>
                  <Button variant="contained" color="success" onClick={() => setStep('accept')}>
                    {t('creditData:review.accept')}
                  </Button>
                </>
              ) : null}
            </>
          ) : (
            <>
              <Button onClick={() => setStep('view')} disabled={act.isPending}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" variant="contained" color={step === 'accept' ? 'success' : 'primary'} loading={act.isPending}>
                {t(step === 'accept' ? 'creditData:review.accept' : 'creditData:review.returnSend')}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
