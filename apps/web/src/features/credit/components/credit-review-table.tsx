import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { CREDIT_REVIEW_SORTS, type CreditReviewRow } from '@portal/shared';
import { RESPONSE_STATUSES, type ResponseStatus } from '@portal/shared/survey-model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { RESPONSE_STATUS_COLOR as STATUS_COLOR } from '../../../components/response-status-color.ts';
import { SearchField } from '../../../components/search-field.tsx';
import type { StaffPrefix } from '../../../lib/api-prefix.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useCreditReviews } from '../api/review.ts';
import { formatRub } from './amounts.ts';
import { CreditReviewDialog } from './credit-review-dialog.tsx';

const sortOf = (sort: string | undefined) => CREDIT_REVIEW_SORTS.find((s) => s === sort);

/** A credit period's submissions for the staff's review: status, totals and open questions; a row opens the data. */
export function CreditReviewTable({ prefix, periodId }: { prefix: StaffPrefix; periodId: number }) {
  const { t } = useTranslation();
  const { table, setTable, filtered } = useTableState('company');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [open, setOpen] = useState<CreditReviewRow | null>(null);
  const list = useCreditReviews(prefix, {
    periodId,
    page: table.page,
    pageSize: table.pageSize,
    sort: sortOf(table.sort),
    order: table.order,
    search: search || undefined,
    status: (status || undefined) as ResponseStatus | undefined,
  });
  const columns: Column<CreditReviewRow>[] = [
    {
      key: 'company',
      label: t('creditData:review.company'),
      sortKey: 'company',
      render: (r) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{r.company}</span>
          {r.isTest ? <Chip size="small" variant="outlined" label={t('creditData:review.test')} /> : null}
        </Stack>
      ),
    },
    {
      key: 'status',
      label: t('creditData:review.status'),
      sortKey: 'status',
      render: (r) => <Chip size="small" color={STATUS_COLOR[r.status]} label={t(`surveyAdmin:responseStatus.${r.status}`)} />,
    },
    {
      key: 'submittedAt',
      label: t('creditData:review.submittedAt'),
      sortKey: 'submittedAt',
      nowrap: true,
      render: (r) => (r.submittedAt ? formatDateTime(r.submittedAt) : t('creditData:review.never')),
    },
    {
      key: 'receivables',
      label: t('creditData:review.totals'),
      sortKey: 'receivables',
      align: 'right',
      render: (r) => (
        <Stack>
          <span>{`${formatRub(r.receivablesTotal)} / ${formatRub(r.overdueTotal)}`}</span>
          <Typography variant="caption" color="text.secondary">
            {t('creditData:review.distributors', { count: r.distributors })}
          </Typography>
        </Stack>
      ),
    },
    {
      key: 'issues',
      label: t('creditData:review.openIssues'),
      sortKey: 'issues',
      align: 'right',
      render: (r) => (
        <Tooltip title={r.staffQuestion ?? ''}>
          <span>{r.openIssues}</span>
        </Tooltip>
      ),
    },
    {
      key: 'actions',
      label: '',
      align: 'right',
      render: (r) => (
        <Button size="small" onClick={() => setOpen(r)} aria-label={`${t('creditData:review.open')} ${r.company}`}>
          {t('creditData:review.open')}
        </Button>
      ),
    },
  ];
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <SearchField label={t('creditData:review.search')} value={search} onChange={filtered(setSearch)} />
        <FilterSelect
          label={t('creditData:review.status')}
          value={status}
          allLabel={t('creditData:review.all')}
          options={RESPONSE_STATUSES.filter((s) => s !== 'not_started').map((s) => ({ value: s, label: t(`surveyAdmin:responseStatus.${s}`) }))}
          onChange={filtered(setStatus)}
        />
      </Stack>
      <PagedTable
        label={t('creditData:review.label')}
        columns={columns}
        rows={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(r) => r.companyId}
        emptyText={t('creditData:review.empty')}
      />
      {open ? <CreditReviewDialog prefix={prefix} periodId={periodId} row={open} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
