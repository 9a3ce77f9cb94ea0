import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type CalendarEvent, isAssociationRole } from '@portal/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { downloadIcs, useDeleteEvent, useEvent, useRegistration } from '../api/calendar.ts';
import { EventDialog } from './event-dialog.tsx';
import { eventWhen } from './event-when.ts';
import { notifyDone, notifyFailed, toastCallbacks } from './notify.ts';
import { RegistrantsDialog } from './registrants-dialog.tsx';

/** The person's place at an event, in words. */
export function PlaceChip({ event }: { event: Pick<CalendarEvent, 'mine' | 'turn'> }) {
  const { t } = useTranslation();
  if (event.mine === 'registered') return <Chip size="small" color="success" label={t('content:calendar.youHaveSeat')} />;
  if (event.mine === 'waiting') return <Chip size="small" color="warning" label={t('content:calendar.youWait', { turn: event.turn })} />;
  return null;
}

/** One event: when, where, whose, its description and seats; the person registers or cancels; staff edit, delete and see the people. */
export function EventDetailsDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const staff = isAssociationRole(useCurrentUser()?.role ?? 'employee');
  const prefix = useStaffPrefix();
  const query = useEvent(id);
  const registration = useRegistration();
  const remove = useDeleteEvent(prefix);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [people, setPeople] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const e = query.data;
  const ru = i18n.language === 'ru';
  const title = e ? (ru ? e.titleRu : e.titleEn) : '';
  const started = e ? Date.parse(e.startsAt) <= Date.now() : true;
  const full = e ? e.seats !== null && e.registered >= e.seats : false;

  if (editing && e) return <EventDialog event={e} onClose={() => setEditing(false)} />;
  const register = () =>
    registration.mutate(
      { id, register: true },
      {
        // The answer says where the person is: a seat, or the waiting list if the last seat went meanwhile.
        onSuccess: (now) => notifyDone(now?.mine === 'waiting' ? 'eventWaitlisted' : 'eventRegistered', { title }),
        onError: (error) => notifyFailed('eventRegistered', error, { title }),
      },
    );
  const leave = () =>
    registration.mutate(
      { id, register: false },
      toastCallbacks('eventCancelled', { title }, () => setLeaving(false)),
    );

  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{title || t('content:calendar.event')}</DialogTitle>
        <DialogContent>
          {query.isLoading ? <LinearProgress aria-label={t('common:loading')} /> : null}
          {query.error ? <Alert severity="error">{errorMessage(query.error)}</Alert> : null}
          {e ? (
            <Stack spacing={1.5}>
              <Typography>
                <strong>{t('content:calendar.when')}:</strong> {eventWhen(e)}
              </Typography>
              {e.place ? (
                <Typography>
                  <strong>{t('content:calendar.where')}:</strong> {e.place}
                </Typography>
              ) : null}
              {e.onlineUrl ? (
                <Typography>
                  <strong>{t('content:calendar.online')}:</strong>{' '}
                  <Link href={e.onlineUrl} target="_blank" rel="noopener noreferrer">
                    {e.onlineUrl}
                  </Link>
                </Typography>
              ) : null}
              <Typography>
                <strong>{t('content:calendar.for')}:</strong>{' '}
                {e.committee ? (ru ? e.committee.nameRu : e.committee.nameEn) : t('content:calendar.everyone')}
              </Typography>
              {(ru ? e.descriptionRu : e.descriptionEn) ? (
                <Typography sx={{ whiteSpace: 'pre-line' }}>{ru ? e.descriptionRu : e.descriptionEn}</Typography>
              ) : null}
              {e.registration ? (
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography color="text.secondary">
                    {e.seats === null
                      ? t('content:calendar.registeredCount', { count: e.registered })
                      : t('content:calendar.seatsTaken', { taken: e.registered, seats: e.seats })}
                    {e.waiting ? ` · ${t('content:calendar.waitingCount', { count: e.waiting })}` : ''}
                  </Typography>
                  <PlaceChip event={e} />
                </Stack>
              ) : null}
              {e.registration && started ? <Alert severity="info">{t('content:calendar.closed')}</Alert> : null}
            </Stack>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {e && staff ? (
            <>
              {e.registration ? <Button onClick={() => setPeople(true)}>{t('content:calendar.people')}</Button> : null}
              <Button onClick={() => setEditing(true)}>{t('common:edit')}</Button>
              <Button color="error" onClick={() => setDeleting(true)}>
                {t('common:delete')}
              </Button>
            </>
          ) : null}
          {e ? (
            <Button onClick={() => void downloadIcs(id).catch((error: unknown) => notifyFailed('icsDownloaded', error))}>
              {t('content:calendar.addToCalendar')}
            </Button>
          ) : null}
          {e?.registration && !started ? (
            e.mine ? (
              <Button color="error" variant="outlined" loading={registration.isPending} onClick={() => setLeaving(true)}>
                {t(e.mine === 'waiting' ? 'content:calendar.leaveWaiting' : 'content:calendar.cancelRegistration')}
              </Button>
            ) : (
              <Button variant="contained" loading={registration.isPending} onClick={register}>
                {t(full ? 'content:calendar.joinWaiting' : 'content:calendar.register')}
              </Button>
            )
          ) : null}
          <Button onClick={onClose}>{t('common:close')}</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={deleting}
        title={t('content:calendar.deleteTitle', { title })}
        confirmLabel={t('common:delete')}
        danger
        pending={remove.isPending}
        onConfirm={() => remove.mutate(id, toastCallbacks('eventDeleted', { title }, onClose))}
        onClose={() => setDeleting(false)}
      >
        {e && !started && e.registered + e.waiting > 0
          ? t('content:calendar.deleteTold', { count: e.registered + e.waiting })
          : t('content:calendar.deleteText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={leaving}
        title={t(e?.mine === 'waiting' ? 'content:calendar.leaveWaitingTitle' : 'content:calendar.cancelTitle', { title })}
        confirmLabel={t(e?.mine === 'waiting' ? 'content:calendar.leaveWaiting' : 'content:calendar.cancelRegistration')}
        danger
        pending={registration.isPending}
        onConfirm={leave}
        onClose={() => setLeaving(false)}
      >
        {t(e?.mine === 'waiting' ? 'content:calendar.leaveWaitingText' : 'content:calendar.cancelText')}
      </ConfirmDialog>
      {people && e ? <RegistrantsDialog event={e} onClose={() => setPeople(false)} /> : null}
    </>
  );
}
