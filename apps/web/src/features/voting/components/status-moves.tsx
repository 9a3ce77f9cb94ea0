import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { actionsFrom, type VotingAction, type VotingSummary } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DateTimeField } from '../../../components/date-time-field.tsx';
import { fromLocalInput } from '../../../lib/dates.ts';
import { useNextStatus } from '../api/next-status.ts';
import type { VotingPrefix } from '../api/prefix.ts';
import { useResumeVoting } from '../api/resume-voting.ts';
import { useToPlan } from '../api/to-plan.ts';
import { toastCallbacks } from './notify.ts';

type Moving = Pick<VotingSummary, 'id' | 'status' | 'title' | 'endsAt'>;

const CONFIRMED: readonly VotingAction[] = ['stop', 'archive', 'toPlan'];

/** The status moves the status table allows from the voting's current status, as buttons ("Start", "Stop", …), with their confirmations. */
export function StatusMoves({ prefix, voting, size = 'small' }: { prefix: VotingPrefix; voting: Moving; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const next = useNextStatus(prefix);
  const resume = useResumeVoting(prefix);
  const toPlan = useToPlan(prefix);
  const [confirm, setConfirm] = useState<VotingAction | null>(null);
  const [resumeOpen, setResumeOpen] = useState(false);
  const [newEnd, setNewEnd] = useState('');
  const params = { title: voting.title };
  const pending = next.isPending || resume.isPending || toPlan.isPending;

  const run = (action: VotingAction) => {
    const done = toastCallbacks(action, params, () => setConfirm(null));
    if (action === 'toPlan') toPlan.mutate({ id: voting.id }, done);
    else if (action === 'resume') {
      if (Date.parse(voting.endsAt) <= Date.now()) {
        setNewEnd('');
        setResumeOpen(true);
      } else resume.mutate({ id: voting.id }, done);
    } else next.mutate({ id: voting.id, from: voting.status }, done);
  };
  const request = (action: VotingAction) => (CONFIRMED.includes(action) ? setConfirm(action) : run(action));
  const endIso = fromLocalInput(newEnd);
  const endValid = endIso !== '' && Date.parse(endIso) > Date.now();

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {actionsFrom(voting.status).map((action) => (
          <Button
            key={action}
            size={size}
            variant={action === 'start' || action === 'resume' ? 'contained' : 'outlined'}
            color={action === 'stop' ? 'warning' : 'primary'}
            disabled={pending}
            onClick={() => request(action)}
          >
            {t(`voting:actions.${action}`)}
          </Button>
        ))}
      </Stack>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? t(`voting:confirm.${confirm}Title`) : ''}
        confirmLabel={confirm ? t(`voting:actions.${confirm}`) : ''}
        danger={confirm === 'stop'}
        pending={pending}
        onConfirm={() => confirm && run(confirm)}
        onClose={() => setConfirm(null)}
      >
        <Typography>{confirm ? t(`voting:confirm.${confirm}Text`, params) : null}</Typography>
      </ConfirmDialog>
      <ConfirmDialog
        open={resumeOpen}
        title={t('voting:confirm.resumeTitle')}
        confirmLabel={t('voting:actions.resume')}
        pending={resume.isPending}
        onConfirm={() => {
          if (endValid)
            resume.mutate(
              { id: voting.id, endsAt: endIso },
              toastCallbacks('resume', params, () => setResumeOpen(false)),
            );
        }}
        onClose={() => setResumeOpen(false)}
      >
        <Typography sx={{ mb: 2 }}>{t('voting:confirm.resumeText')}</Typography>
        <DateTimeField
          label={t('voting:confirm.newEnd')}
          value={newEnd}
          onChange={setNewEnd}
          error={newEnd !== '' && !endValid}
          disablePast
          fullWidth
        />
      </ConfirmDialog>
    </>
  );
}
