import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rolePath, type VotingDetail } from '@portal/shared';
import { useState } from 'react';
import { type Control, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useCreateVoting } from '../api/create-voting.ts';
import { useVotingPrefix } from '../api/prefix.ts';
import { useUpdateVoting } from '../api/update-voting.ts';
import { notifyDone, notifyFailed } from './notify.ts';
import { VotingFormAnswers } from './voting-form-answers.tsx';
import { VotingFormBasics } from './voting-form-basics.tsx';
import { VotingFormOptions } from './voting-form-options.tsx';
import { VotingFormPublication } from './voting-form-publication.tsx';
import { formValuesOf, type VotingFormValues, type VotingOutput, votingFormResolver } from './voting-form-values.ts';
import { VotingFormVoters } from './voting-form-voters.tsx';

/** Create, edit or clone a voting: every setting of spec §3 with the §5 rules on their fields. */
export function VotingForm({ mode, voting }: { mode: 'create' | 'edit' | 'clone'; voting?: VotingDetail }) {
  const { t, i18n } = useTranslation();
  const prefix = useVotingPrefix();
  const navigate = useNavigate();
  const base = rolePath(useCurrentUser()?.role ?? 'staff', 'voting');
  const create = useCreateVoting(prefix);
  const update = useUpdateVoting(prefix);
  const [votesConfirm, setVotesConfirm] = useState<{ message: string; body: VotingOutput } | null>(null);
  const form = useForm<VotingFormValues, unknown, VotingOutput>({
    resolver: votingFormResolver,
    defaultValues: formValuesOf(voting, mode, i18n.language === 'ru' ? 'ru' : 'en'),
  });
  const { handleSubmit, setError, setValue, getValues } = form;
  // The fields see the form's values; the resolver's output (the API body) only reaches handleSubmit.
  const control = form.control as unknown as Control<VotingFormValues>;

  const onFailed = (action: string, error: unknown) => {
    if (error instanceof ApiError) {
      for (const [path, message] of Object.entries(error.fields)) {
        setError(path.replace(/^voting\./, '') as FieldPath<VotingFormValues>, { type: 'server', message }, { shouldFocus: true });
      }
    }
    notifyFailed(action, error);
  };
  const saved = (detail: VotingDetail, action: string) => {
    notifyDone(action, { title: detail.title });
    void navigate(`${base}/results/${detail.id}`);
  };
  const sendUpdate = (body: VotingOutput, confirmDeleteVotes: boolean) => {
    if (!voting) return;
    update.mutate(
      { id: voting.id, voting: body as never, confirmDeleteVotes },
      {
        onSuccess: (detail) => {
          setVotesConfirm(null);
          saved(detail, 'updated');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'VOTES_WILL_BE_DELETED') setVotesConfirm({ message: error.message, body });
          else {
            setVotesConfirm(null);
            onFailed('updated', error);
          }
        },
      },
    );
  };
  const submit = handleSubmit((body) => {
    if (mode === 'edit') sendUpdate(body, false);
    else create.mutate(body as never, { onSuccess: (detail) => saved(detail, 'created'), onError: (error) => onFailed('created', error) });
  });
  const title = mode === 'create' ? t('voting:form.createTitle') : mode === 'edit' ? t('voting:form.editTitle') : t('voting:form.cloneTitle');

  return (
    <form noValidate onSubmit={submit} aria-label={title}>
      <Stack spacing={2}>
        {mode === 'clone' && voting ? <Alert severity="info">{t('voting:form.cloneHint', { title: voting.title })}</Alert> : null}
        {mode === 'edit' && voting && voting.responses > 0 ? (
          <Alert severity="warning">{t('voting:form.votesWarning', { count: voting.responses })}</Alert>
        ) : null}
        <VotingFormBasics control={control} />
        <VotingFormOptions control={control} getValues={getValues} setValue={setValue} />
        <VotingFormAnswers control={control} />
        <VotingFormVoters control={control} />
        <VotingFormPublication control={control} />

        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(-1)}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending || update.isPending}>
            {t('common:save')}
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={votesConfirm !== null}
        title={t('voting:confirm.votesTitle')}
        confirmLabel={t('voting:confirm.votesConfirm')}
        danger
        pending={update.isPending}
        onConfirm={() => votesConfirm && sendUpdate(votesConfirm.body, true)}
        onClose={() => setVotesConfirm(null)}
      >
        <Typography>{votesConfirm?.message}</Typography>
      </ConfirmDialog>
    </form>
  );
}
