import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ERASURE_STATUSES, type ErasureRequest, erasureRefuseBody } from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDecideErasure, useErasureRequests } from '../api/erasure-requests.ts';
import { type StaffPrefix, useStaffPrefix } from '../api/prefix.ts';
import { personName } from './labels.ts';
import { formCallbacks, toastCallbacks } from './notify.ts';
import { DecisionButtons, DecisionStatus, RequestPerson } from './request-decision.tsx';

/** The queue of erasure requests (waiting ones by default, oldest first) with erase and refuse. */
export function ErasureTable() {
  const { t } = useTranslation();
  const prefix = useStaffPrefix();
  const { table, setTable, filtered } = useTableState('requestedAt', 'asc');
  const [status, setStatus] = useState<string>('pending');
  const [erasing, setErasing] = useState<ErasureRequest | null>(null);
  const [refusing, setRefusing] = useState<ErasureRequest | null>(null);
  const list = useErasureRequests(prefix, { ...table, status: status || 'all' });
  const decide = useDecideErasure(prefix);
  const me = useCurrentUser();
  const statusLabel = (s: string) => t(`organisation:erasure.status.${s}`);

  const columns: Column<ErasureRequest>[] = [
    {
      key: 'requestedAt',
      label: t('organisation:erasure.requested'),
      sortKey: 'requestedAt',
      nowrap: true,
      render: (r) => formatDateTime(r.requestedAt),
    },
    {
      key: 'surname',
      label: t('organisation:columns.person'),
      sortKey: 'surname',
      render: (r) => <RequestPerson name={personName(r)} detail={r.email} />,
    },
    { key: 'company', label: t('organisation:columns.company'), render: (r) => r.company ?? t('organisation:erasure.association') },
    {
      key: 'status',
      label: t('organisation:columns.status'),
      render: (r) => <DecisionStatus label={statusLabel(r.status)} decidedAt={r.decidedAt} decidedBy={r.decidedBy} reason={r.reason} />,
    },
    {
      key: 'actions',
      label: t('organisation:columns.actions'),
      align: 'right',
      render: (r) =>
        // Nobody decides their own request: another member of staff does.
        r.status === 'pending' && r.userId !== me?.id ? (
          <DecisionButtons
            acceptColor="error"
            accept={{
              label: t('organisation:erasure.erase'),
              ariaLabel: t('organisation:erasure.eraseNamed', { name: personName(r) }),
              onClick: () => setErasing(r),
            }}
            refuse={{
              label: t('organisation:erasure.refuse'),
              ariaLabel: t('organisation:erasure.refuseNamed', { name: personName(r) }),
              onClick: () => setRefusing(r),
            }}
          />
        ) : null,
    },
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('organisation:erasure.hint')}
      </Typography>
      <Stack direction="row" spacing={2}>
        <FilterSelect
          label={t('organisation:columns.status')}
          value={status}
          onChange={filtered(setStatus)}
          options={ERASURE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        />
      </Stack>
      <PagedTable
        label={t('organisation:applications.queues.erasure')}
        columns={columns}
        rows={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(r) => r.id}
        emptyText={status === 'pending' ? t('organisation:erasure.noneWaiting') : undefined}
      />
      {erasing ? (
        <ConfirmDialog
          open
          danger
          title={t('organisation:erasure.eraseTitle', { name: personName(erasing) })}
          confirmLabel={t('organisation:erasure.erase')}
          pending={decide.isPending}
          onConfirm={() =>
            decide.mutate(
              { id: erasing.id },
              toastCallbacks('erased', { name: personName(erasing) }, () => setErasing(null)),
            )
          }
          onClose={() => setErasing(null)}
        >
          <Typography variant="body2">{t('organisation:erasure.eraseText')}</Typography>
        </ConfirmDialog>
      ) : null}
      {refusing ? <RefuseDialog prefix={prefix} request={refusing} onClose={() => setRefusing(null)} /> : null}
    </Stack>
  );
}

/** Refuse a request; the reason (required) is e-mailed to the person. */
function RefuseDialog({ prefix, request, onClose }: { prefix: StaffPrefix; request: ErasureRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useDecideErasure(prefix);
  const { control, handleSubmit, setError } = useForm({ resolver: zodResolver(erasureRefuseBody), defaultValues: { id: request.id, reason: '' } });
  const name = personName(request);
  const submit = handleSubmit((values) =>
    decide.mutate(
      values,
      formCallbacks('erasureRefused', setError, onClose, () => ({ name })),
    ),
  );
  return (
    <FormDialog
      title={t('organisation:erasure.refuseTitle', { name })}
      submitLabel={t('organisation:erasure.refuse')}
      pending={decide.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary">
        {t('organisation:erasure.refuseHint', { email: request.email })}
      </Typography>
      <FormTextField control={control} name="reason" label={t('organisation:applications.reason')} multiline minRows={3} autoFocus />
    </FormDialog>
  );
}
