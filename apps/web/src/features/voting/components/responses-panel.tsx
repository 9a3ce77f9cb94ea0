import BlockOutlined from '@mui/icons-material/BlockOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HowToVoteOutlined from '@mui/icons-material/HowToVoteOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RESPONSE_STATUSES, type responseRow, type VotingDetail } from '@portal/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { type Choice, SearchAutocomplete } from '../../../components/search-autocomplete.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteResponse } from '../api/delete-response.ts';
import { personChoices } from '../api/people.ts';
import type { VotingPrefix } from '../api/prefix.ts';
import { useRecordResponse } from '../api/record-response.ts';
import { useRejectResponse } from '../api/reject-response.ts';
import { useVotingResponses } from '../api/responses.ts';
import { useRestoreResponse } from '../api/restore-response.ts';
import { useUpdateResponse } from '../api/update-response.ts';
import { AnswerPicker, choiceValid } from './answer-picker.tsx';
import { toastCallbacks } from './notify.ts';
import { Card } from './voting-overview.tsx';

type ResponseRow = z.infer<typeof responseRow>;

const fullName = (r: ResponseRow) => `${r.user.name} ${r.user.surname}`;

/** Record a response on someone's behalf (person chosen by e-mail or name), or correct one's answers (person given). */
function AnswerDialog({
  prefix,
  voting,
  correcting,
  open,
  onClose,
}: {
  prefix: VotingPrefix;
  voting: VotingDetail;
  correcting?: ResponseRow;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [person, setPerson] = useState<Choice | null>(null);
  const [answers, setAnswers] = useState<number[]>(correcting?.optionIds ?? []);
  const [touched, setTouched] = useState(false);
  const record = useRecordResponse(prefix);
  const update = useUpdateResponse(prefix);
  const min = voting.multiple ? voting.minAnswers : 1;
  const max = voting.multiple ? voting.maxAnswers : 1;
  const valid = choiceValid(answers, min, max);
  const close = () => {
    setPerson(null);
    setAnswers([]);
    setTouched(false);
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (!valid || (!correcting && !person)) return;
    if (correcting) update.mutate({ responseId: correcting.id, optionIds: answers }, toastCallbacks('corrected', {}, close));
    else if (person) record.mutate({ votingId: voting.id, userId: person.id, optionIds: answers }, toastCallbacks('recorded', {}, close));
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {correcting ? t('voting:results.correctTitle', { name: fullName(correcting) }) : t('voting:results.recordTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {correcting ? null : (
            <SearchAutocomplete
              label={t('voting:results.person')}
              query={(search) => personChoices(prefix, search)}
              noOptionsText={t('voting:results.noPeople')}
              value={person}
              onChange={setPerson}
              helperText={touched && !person ? t('validation:required') : t('voting:results.personHint')}
              error={touched && !person}
            />
          )}
          <AnswerPicker
            legend={t('voting:results.answersLabel')}
            options={voting.options}
            maxAnswers={max}
            value={answers}
            onChange={setAnswers}
            error={touched && !valid ? t('voting:results.chooseRange', { min, max }) : undefined}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common:cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={record.isPending || update.isPending}>
          {t('common:save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The live table of responses with reject, delete, restore and correct; record a response; the answers download. */
export function ResponsesPanel({ prefix, voting }: { prefix: VotingPrefix; voting: VotingDetail }) {
  const { t } = useTranslation();
  const { table, setTable, filtered } = useTableState(undefined, 'desc');
  const [status, setStatus] = useState('');
  const responses = useVotingResponses(prefix, { id: voting.id, ...table, ...(status ? { status: status as ResponseRow['status'] } : {}) });
  const reject = useRejectResponse(prefix);
  const remove = useDeleteResponse(prefix);
  const restore = useRestoreResponse(prefix);
  const [recording, setRecording] = useState(false);
  const [correcting, setCorrecting] = useState<ResponseRow | null>(null);
  const [rejecting, setRejecting] = useState<ResponseRow | null>(null);
  const [reason, setReason] = useState('');
  const [reasonTouched, setReasonTouched] = useState(false);
  const reasonMissing = reasonTouched && !reason.trim();
  const [deleting, setDeleting] = useState<ResponseRow | null>(null);
  const optionName = (id: number) => voting.options.find((o) => o.id === id);

  const columns: Column<ResponseRow>[] = [
    {
      key: 'who',
      label: t('voting:results.voter'),
      render: (r) => (
        <>
          {fullName(r)}
          <Box sx={{ fontSize: 12, color: 'text.secondary' }}>{r.user.email}</Box>
        </>
      ),
    },
    { key: 'company', label: t('voting:results.company'), render: (r) => r.company?.name ?? '—' },
    { key: 'at', label: t('voting:fields.at'), nowrap: true, render: (r) => formatDateTime(r.at) },
    ...(voting.secret
      ? []
      : [
          {
            key: 'answers',
            label: t('voting:fields.answers'),
            render: (r: ResponseRow) =>
              r.optionIds === null
                ? t('voting:secretAnswer')
                : r.optionIds
                    .map((id) => optionName(id))
                    .sort((a, b) => (a?.seq ?? 0) - (b?.seq ?? 0))
                    .map((o) => (o ? `${o.seq}. ${o.name}` : '?'))
                    .join('; '),
          },
        ]),
    {
      key: 'status',
      label: t('voting:fields.responseStatus'),
      render: (r) => (
        <Chip
          size="small"
          color={r.status === 'valid' ? 'success' : r.status === 'rejected' ? 'warning' : 'default'}
          label={t(`voting:responseStatus.${r.status}`)}
        />
      ),
    },
    { key: 'source', label: t('voting:fields.source'), render: (r) => t(`voting:source.${r.source}`) },
    { key: 'reason', label: t('voting:fields.reason'), render: (r) => r.reason ?? '' },
    {
      key: 'actions',
      label: t('voting:list.actions'),
      align: 'right',
      render: (r) => (
        <RowActions
          actions={[
            {
              label: t('voting:results.correct'),
              icon: <EditOutlined fontSize="small" />,
              hidden: voting.secret || r.status !== 'valid',
              onClick: () => setCorrecting(r),
            },
            {
              label: t('voting:results.reject'),
              icon: <BlockOutlined fontSize="small" />,
              color: 'error',
              hidden: r.status !== 'valid',
              onClick: () => {
                setReason('');
                setReasonTouched(false);
                setRejecting(r);
              },
            },
            {
              label: t('voting:results.deleteResponse'),
              icon: <DeleteOutlined fontSize="small" />,
              color: 'error',
              hidden: r.status === 'deleted',
              onClick: () => setDeleting(r),
            },
            {
              label: t('voting:results.restore'),
              icon: <RestoreOutlined fontSize="small" />,
              hidden: r.status !== 'deleted',
              onClick: () => restore.mutate({ responseId: r.id }, toastCallbacks('restored')),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card
      title={t('voting:results.responsesTitle')}
      action={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <FilterSelect
            label={t('voting:fields.responseStatus')}
            value={status}
            onChange={filtered(setStatus)}
            options={RESPONSE_STATUSES.map((s) => ({ value: s, label: t(`voting:responseStatus.${s}`) }))}
          />
          {voting.status === 'planned' ? null : (
            <Button variant="contained" startIcon={<HowToVoteOutlined />} onClick={() => setRecording(true)}>
              {t('voting:results.record')}
            </Button>
          )}
        </Stack>
      }
    >
      <PagedTable
        label={t('voting:results.responsesTitle')}
        columns={columns}
        rows={responses.data?.rows ?? []}
        total={responses.data?.total ?? 0}
        loading={responses.isFetching && !responses.data}
        state={table}
        onStateChange={setTable}
        rowKey={(r) => r.id}
        rowSx={(r) => (r.status === 'valid' ? undefined : { opacity: 0.7 })}
      />
      {recording ? <AnswerDialog prefix={prefix} voting={voting} open onClose={() => setRecording(false)} /> : null}
      {correcting ? <AnswerDialog prefix={prefix} voting={voting} correcting={correcting} open onClose={() => setCorrecting(null)} /> : null}
      <ConfirmDialog
        open={rejecting !== null}
        title={rejecting ? t('voting:results.rejectTitle', { name: fullName(rejecting) }) : ''}
        confirmLabel={t('voting:results.reject')}
        danger
        pending={reject.isPending}
        onConfirm={() => {
          setReasonTouched(true);
          if (rejecting && reason.trim())
            reject.mutate(
              { responseId: rejecting.id, reason: reason.trim() },
              toastCallbacks('rejected', {}, () => setRejecting(null)),
            );
        }}
        onClose={() => setRejecting(null)}
      >
        <TextField
          label={t('voting:fields.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          error={reasonMissing}
          helperText={reasonMissing ? t('validation:required') : undefined}
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('voting:results.deleteResponseTitle')}
        confirmLabel={t('voting:results.deleteResponse')}
        danger
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { responseId: deleting.id },
            toastCallbacks('responseDeleted', {}, () => setDeleting(null)),
          )
        }
        onClose={() => setDeleting(null)}
      >
        <Typography>{deleting ? t('voting:results.deleteResponseText', { name: fullName(deleting) }) : null}</Typography>
      </ConfirmDialog>
    </Card>
  );
}
