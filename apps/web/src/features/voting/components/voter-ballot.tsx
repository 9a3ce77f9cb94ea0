import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { closedReason, type VoterVoting } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSendVote } from '../api/send-vote.ts';
import { useVoterVoting } from '../api/voter-voting.ts';
import { AnswerPicker, choiceValid } from './answer-picker.tsx';
import { notifyFailed } from './notify.ts';
import { ResultsBars } from './results-bars.tsx';

function Receipt({ at, code }: { at: string; code: string }) {
  const { t } = useTranslation();
  return (
    <Alert severity="success" role="status" data-testid="vote-receipt">
      <Typography sx={{ fontWeight: 600 }}>{t('voting:voter.receiptTitle')}</Typography>
      <Typography>{t('voting:voter.receiptAt', { at: formatDateTime(at) })}</Typography>
      <Typography>
        {t('voting:voter.receiptCode')}:{' '}
        <Box component="strong" sx={{ fontFamily: 'monospace', fontSize: '1.1em', letterSpacing: 1 }}>
          {code}
        </Box>
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('voting:voter.receiptHint')}
      </Typography>
    </Alert>
  );
}

function MyResponse({ voting }: { voting: VoterVoting }) {
  const { t } = useTranslation();
  const r = voting.myResponse;
  if (!r) return null;
  const chosen = voting.options.filter((o) => r.optionIds.includes(o.id)).sort((a, b) => a.seq - b.seq);
  return (
    <Stack spacing={2}>
      {r.status === 'valid' ? null : (
        <Alert severity="warning">{r.status === 'rejected' ? t('voting:voter.responseRejected') : t('voting:voter.responseDeleted')}</Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('voting:voter.yourResponse')}>
        <Typography variant="h6" component="h2">
          {t('voting:voter.yourResponse')}
        </Typography>
        <ul>
          {chosen.map((o) => (
            <li key={o.id}>{o.name}</li>
          ))}
        </ul>
      </Paper>
      <Receipt at={r.at} code={r.receipt} />
    </Stack>
  );
}

/** One voting for the voter: the form (radio or checkboxes, min and max enforced), confirmation, receipt; or their response; or who voted for the company. */
export function VoterBallot({ id, base }: { id: number; base: string }) {
  const { t } = useTranslation();
  const query = useVoterVoting(id);
  const send = useSendVote();
  const [answers, setAnswers] = useState<number[]>([]);
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [receipt, setReceipt] = useState<{ receipt: string; at: string } | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const back = (
    <Button component={RouterLink} to={`${base}/voting/list`} sx={{ alignSelf: 'flex-start' }}>
      {t('voting:voter.back')}
    </Button>
  );
  if (query.isLoading) return <LinearProgress aria-label={t('common:loading')} />;
  if (query.error || !query.data) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">{query.error instanceof ApiError ? query.error.message : errorMessage(query.error)}</Alert>
        {back}
      </Stack>
    );
  }
  const v = query.data;
  const min = v.multiple ? v.minAnswers : 1;
  const max = v.multiple ? v.maxAnswers : 1;
  const valid = choiceValid(answers, min, max);
  const closed = closedReason(v, Date.now());
  const notBegun = closed === 'notBegun';
  const over = closed === 'over';
  const canVote = !v.myResponse && !v.companyVotedBy && !closed && !receipt;

  const submit = () => {
    setSendError(null);
    send.mutate(
      { votingId: v.id, optionIds: answers },
      {
        onSuccess: (r) => {
          setConfirming(false);
          setReceipt(r);
        },
        onError: (error) => {
          setConfirming(false);
          setSendError(errorMessage(error));
          notifyFailed('voted', error);
        },
      },
    );
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          {v.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('voting:voter.deadline', { at: formatDateTime(v.endsAt) })}
        </Typography>
        <Typography sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>{v.question}</Typography>
        {receipt ? <Receipt at={receipt.at} code={receipt.receipt} /> : null}
        {!receipt && v.myResponse ? <MyResponse voting={v} /> : null}
        {!receipt && !v.myResponse && v.companyVotedBy ? (
          <Alert severity="info">{t('voting:voter.companyVotedBy', { name: v.companyVotedBy })}</Alert>
        ) : null}
        {!receipt && !v.myResponse && !v.companyVotedBy && notBegun ? (
          <Alert severity="warning">{t('voting:voter.notBegun', { at: formatDateTime(v.startsAt) })}</Alert>
        ) : null}
        {!receipt && !v.myResponse && !v.companyVotedBy && over ? <Alert severity="warning">{t('voting:voter.over')}</Alert> : null}
        {sendError ? (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {sendError}
          </Alert>
        ) : null}
        {canVote ? (
          <Box
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              setTouched(true);
              if (valid) setConfirming(true);
            }}
          >
            <AnswerPicker
              legend={
                v.multiple ? `${t('voting:voter.answersLegend')} — ${t('voting:voter.chooseRange', { min, max })}` : t('voting:voter.answersLegend')
              }
              options={v.options}
              maxAnswers={max}
              value={answers}
              onChange={(value) => {
                setAnswers(value);
                setSendError(null);
              }}
              error={touched && !valid ? (max === 1 ? t('voting:voter.chooseOne') : t('voting:voter.chooseRange', { min, max })) : undefined}
            />
            <Button type="submit" variant="contained" sx={{ mt: 2 }} loading={send.isPending}>
              {t('voting:voter.send')}
            </Button>
          </Box>
        ) : null}
        {v.results && !canVote ? (
          <Box sx={{ mt: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('voting:voter.results')}
            </Typography>
            <ResultsBars options={v.results.options} />
          </Box>
        ) : null}
      </Paper>
      {back}
      <ConfirmDialog
        open={confirming}
        title={t('voting:voter.confirmTitle')}
        confirmLabel={t('voting:voter.confirm')}
        pending={send.isPending}
        onConfirm={submit}
        onClose={() => setConfirming(false)}
      >
        <Typography>{t('voting:voter.confirmText')}</Typography>
      </ConfirmDialog>
    </Stack>
  );
}
