import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APPLICATION_STATUSES, type Application } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { LongText } from '../../../components/long-text.tsx';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useApplications } from '../api/applications.ts';
import { useStaffPrefix } from '../api/prefix.ts';
import { ApproveDialog } from './approve-dialog.tsx';
import { personName, useOrgLabels } from './labels.ts';
import { RejectDialog } from './reject-dialog.tsx';
import { DecisionButtons, DecisionStatus, RequestPerson } from './request-decision.tsx';

/** The queue of signup requests (New first by default) with approve and reject. */
export function ApplicationsTable() {
  const { t } = useTranslation();
  const labels = useOrgLabels();
  const prefix = useStaffPrefix();
  const { table, setTable, filtered } = useTableState('createdAt', 'desc');
  const [status, setStatus] = useState<string>('new');
  const [approving, setApproving] = useState<Application | null>(null);
  const [rejecting, setRejecting] = useState<Application | null>(null);
  const list = useApplications(prefix, { ...table, status: status || 'all' });

  const columns: Column<Application>[] = [
    {
      key: 'createdAt',
      label: t('organisation:applications.received'),
      sortKey: 'createdAt',
      nowrap: true,
      render: (a) => formatDateTime(a.createdAt),
    },
    {
      key: 'surname',
      label: t('organisation:columns.person'),
      sortKey: 'surname',
      render: (a) => <RequestPerson name={personName(a)} detail={a.position} />,
    },
    {
      key: 'contacts',
      label: t('organisation:applications.contacts'),
      render: (a) => (
        <>
          <Link href={`mailto:${a.email}`} variant="body2" sx={{ display: 'block' }}>
            <LongText text={a.email} />
          </Link>
          <Typography variant="caption">{a.phone}</Typography>
        </>
      ),
    },
    { key: 'company', label: t('organisation:applications.statedCompany'), sortKey: 'company', render: (a) => a.company },
    {
      key: 'suggested',
      label: t('organisation:applications.suggestedCompany'),
      render: (a) =>
        a.suggestedCompany?.name ?? (
          <Typography variant="caption" color="text.secondary">
            {t('organisation:applications.noSuggestion')}
          </Typography>
        ),
    },
    {
      key: 'status',
      label: t('organisation:columns.status'),
      render: (a) => <DecisionStatus label={labels.applicationStatus(a.status)} decidedAt={a.decidedAt} decidedBy={a.decidedBy} reason={a.reason} />,
    },
    {
      key: 'actions',
      label: t('organisation:columns.actions'),
      align: 'right',
      render: (a) =>
        a.status === 'new' ? (
          <DecisionButtons
            acceptColor="success"
            accept={{
              label: t('organisation:applications.approve'),
              ariaLabel: t('organisation:applications.approveNamed', { name: personName(a) }),
              onClick: () => setApproving(a),
            }}
            refuse={{
              label: t('organisation:applications.reject'),
              ariaLabel: t('organisation:applications.rejectNamed', { name: personName(a) }),
              onClick: () => setRejecting(a),
            }}
          />
        ) : null,
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2}>
        <FilterSelect
          label={t('organisation:columns.status')}
          value={status}
          onChange={filtered(setStatus)}
          options={APPLICATION_STATUSES.map((s) => ({ value: s, label: labels.applicationStatus(s) }))}
        />
      </Stack>
      <PagedTable
        label={t('organisation:applications.title')}
        columns={columns}
        rows={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(a) => a.id}
        emptyText={status === 'new' ? t('organisation:applications.noneNew') : undefined}
      />
      {approving ? <ApproveDialog prefix={prefix} application={approving} onClose={() => setApproving(null)} /> : null}
      {rejecting ? <RejectDialog prefix={prefix} application={rejecting} onClose={() => setRejecting(null)} /> : null}
    </Stack>
  );
}
