import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MembershipRequest } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-time-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import type { useDecideRequest } from '../api/requests-queue.ts';
import { personName, useCommitteeLabels } from './labels.ts';
import { notifyDone, notifyFailed } from './staff-toasts.ts';

type Decide = ReturnType<typeof useDecideRequest>;

/** The server's message for one field of a failed decision (a date it refused), else nothing. */
const fieldError = (error: unknown, field: string) => (error instanceof ApiError ? error.fields[field] : undefined);

/** A 409: someone decided the request meanwhile; the toast says so and the refreshed queue shows what they did. */
const decidedMeanwhile = (error: unknown) => error instanceof ApiError && error.status === 409;

/** Confirms a request: the person becomes a member from a chosen day (today when left empty); the requester and the ceo are e-mailed. */
export function ConfirmRequestDialog({ request, decide, onClose }: { request: MembershipRequest; decide: Decide; onClose: () => void }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const [since, setSince] = useState('');
  const [error, setError] = useState<string>();
  const name = personName(request.person);
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    decide.mutate(
      { kind: 'confirm', id: request.id, since: since || undefined },
      {
        onSuccess: () => {
          notifyDone('requestConfirmed', { name });
          onClose();
        },
        onError: (failure) => {
          setError(fieldError(failure, 'since'));
          notifyFailed('requestConfirmed', failure, { name });
          if (decidedMeanwhile(failure)) onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title={t('committees:staff.requests.confirmTitle', { name })}
      submitLabel={t('committees:staff.requests.confirmSubmit')}
      submitColor="success"
      pending={decide.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        <Typography>
          {t('committees:staff.requests.confirmText', {
            name,
            committee: labels.name(request.committee),
            position: labels.position(request.position),
          })}
        </Typography>
        <DateTimeField
          kind="date"
          label={t('committees:staff.requests.confirmSince')}
          value={since}
          onChange={setSince}
          margin="normal"
          error={Boolean(error)}
          helperText={error ?? t('committees:staff.requests.confirmSinceHint')}
        />
      </Stack>
    </FormDialog>
  );
}

/** Removes a request with a reason (required), which the requester and the ceo are e-mailed. */
export function RemoveRequestDialog({ request, decide, onClose }: { request: MembershipRequest; decide: Decide; onClose: () => void }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const name = personName(request.person);
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason.trim()) return setError(translate('validation.required'));
    decide.mutate(
      { kind: 'remove', id: request.id, reason },
      {
        onSuccess: () => {
          notifyDone('requestRemoved', { name });
          onClose();
        },
        onError: (failure) => {
          setError(fieldError(failure, 'reason'));
          notifyFailed('requestRemoved', failure, { name });
          if (decidedMeanwhile(failure)) onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title={t('committees:staff.requests.removeTitle', { name })}
      submitLabel={t('committees:staff.requests.removeSubmit')}
      submitColor="error"
      pending={decide.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography sx={{ pt: 1 }}>{t('committees:staff.requests.removeText')}</Typography>
      <TextField
        label={t('committees:staff.requests.reason')}
        required
        multiline
        minRows={3}
        fullWidth
        margin="normal"
        autoFocus
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error}
      />
    </FormDialog>
  );
}
