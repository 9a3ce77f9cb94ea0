import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DISTRIBUTOR_REQUEST_SORTS, type DistributorRequest } from '@portal/shared';
import { DISTRIBUTOR_REQUEST_STATUSES, type DistributorRequestStatus } from '@portal/shared/credit-model';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';
import { useDistributorGroups } from '../api/groups.ts';
import { useAnswerRequest, useDistributorRequests } from '../api/requests.ts';
import { DistributorDialog } from './distributor-dialog.tsx';
import { REQUEST_COLOR } from './status-color.ts';

const sortOf = (sort: string | undefined) => DISTRIBUTOR_REQUEST_SORTS.find((s) => s === sort);

/** Refuses a request with the reason the person who asked is sent. */
function RefuseDialog({ request, onClose }: { request: DistributorRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const answer = useAnswerRequest();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(translateMessage('validation.required'));
    answer.mutate(
      { kind: 'refuse', request, reason },
      {
        onSuccess: () => {
          toast.success(t('creditData:requests.refused'));
          onClose();
        },
        onError: (failure) => {
          const field = failure instanceof ApiError ? failure.fields.reason : undefined;
          if (field) setError(field);
          else toast.error(errorMessage(failure));
        },
      },
    );
  };
  return (
    <FormDialog
      title={t('creditData:requests.refuseTitle', { name: request.name })}
      submitLabel={t('creditData:requests.refuseSend')}
      submitColor="error"
      pending={answer.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        fullWidth
        multiline
        minRows={3}
        margin="normal"
        required
        autoFocus
        label={t('creditData:requests.reason')}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setError('');
        }}
        error={Boolean(error)}
        helperText={error || undefined}
      />
    </FormDialog>
  );
}

/** The staff's queue of companies' requests for distributors: the open ones first by age; add or refuse each. */
export function DistributorRequestsTable() {
  const { t, i18n } = useTranslation();
  const prefix = useStaffPrefix();
  const { table, setTable, filtered } = useTableState('createdAt');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<DistributorRequestStatus | ''>('open');
  const [adding, setAdding] = useState<DistributorRequest | null>(null);
  const [refusing, setRefusing] = useState<DistributorRequest | null>(null);
  const groups = useDistributorGroups(prefix);
  const list = useDistributorRequests(prefix, {
    page: table.page,
    pageSize: table.pageSize,
    sort: sortOf(table.sort),
    order: table.order,
    search: search || undefined,
    status: status || undefined,
  });
  const columns: Column<DistributorRequest>[] = [
    { key: 'createdAt', label: t('creditData:requests.createdAt'), sortKey: 'createdAt', nowrap: true, render: (r) => formatDateTime(r.createdAt) },
    {
      key: 'name',
      label: t('creditData:requests.name'),
      sortKey: 'name',
      render: (r) => (
        <Stack>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {r.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {`${t('creditData:requests.inn')} ${r.inn} · ${r.city}`}
          </Typography>
          {r.comment ? (
            <Typography variant="caption" sx={{ whiteSpace: 'pre-line' }}>
              {r.comment}
            </Typography>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'company',
      label: t('creditData:requests.company'),
      sortKey: 'company',
      render: (r) => (
        <Stack>
          <span>{r.company.name}</span>
          {r.requestedBy ? (
            <Typography variant="caption" color="text.secondary">
              {r.requestedBy}
            </Typography>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'status',
      label: t('creditData:requests.status'),
      render: (r) => (
        <Stack sx={{ alignItems: 'flex-start' }}>
          <Chip size="small" color={REQUEST_COLOR[r.status]} label={t(`creditData:requests.statuses.${r.status}`)} />
          {r.distributor ? (
            <Typography variant="caption" color="text.secondary">
              {t('creditData:requests.addedAs', { name: i18n.language === 'ru' ? r.distributor.nameRu : r.distributor.nameEn })}
            </Typography>
          ) : null}
          {r.reason ? (
            <Typography variant="caption" color="text.secondary">
              {t('creditData:requests.refusedBecause', { reason: r.reason })}
            </Typography>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'actions',
      label: '',
      align: 'right',
      render: (r) => (
        <RowActions
          actions={[
            {
              label: `${t('creditData:requests.add')} ${r.name}`,
              icon: <AddBusinessOutlined fontSize="small" />,
              onClick: () => setAdding(r),
              color: 'primary',
              hidden: r.status !== 'open',
            },
            {
              label: `${t('creditData:requests.refuse')} ${r.name}`,
              icon: <BlockOutlined fontSize="small" />,
              onClick: () => setRefusing(r),
              color: 'error',
              hidden: r.status !== 'open',
            },
          ]}
        />
      ),
    },
  ];
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('creditData:requests.intro')}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField value={search} onChange={filtered(setSearch)} label={t('creditData:requests.searchLabel')} />
        <FilterSelect
          label={t('creditData:requests.status')}
          value={status}
          onChange={filtered((v: string) => setStatus(v as DistributorRequestStatus | ''))}
          allLabel={t('creditData:requests.allStatuses')}
          options={DISTRIBUTOR_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`creditData:requests.statuses.${s}`) }))}
        />
      </Stack>
      {list.error ? <Alert severity="error">{errorMessage(list.error)}</Alert> : null}
      <PagedTable
        label={t('creditData:requests.label')}
        columns={columns}
        rows={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(r) => r.id}
        emptyText={t('creditData:requests.empty')}
      />
      {adding ? <DistributorDialog request={adding} groups={groups.data ?? []} onClose={() => setAdding(null)} /> : null}
      {refusing ? <RefuseDialog request={refusing} onClose={() => setRefusing(null)} /> : null}
    </Stack>
  );
}
