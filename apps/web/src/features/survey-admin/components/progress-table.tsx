import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PROGRESS_SORTS, type ProgressRow, type SurveyPeriod } from '@portal/shared';
import { FIXED_STEPS, RESPONSE_STATUSES, type ResponseStatus } from '@portal/shared/survey-model';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { RESPONSE_STATUS_COLOR as STATUS_COLOR } from '../../../components/response-status-color.ts';
import { SearchField } from '../../../components/search-field.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toasts.ts';
import type { StaffPrefix } from '../api/keys.ts';
import { downloadProgress, useProgress, useReviewAction } from '../api/progress.ts';
import { usePeriodTitle } from './labels.ts';
import type { ReviewKind } from './review-dialog.tsx';

// The dialog brings the date pickers (the deadline): loaded when it opens; the market check too, as few rows need it.
const ReviewDialog = lazy(() => import('./review-dialog.tsx').then((m) => ({ default: m.ReviewDialog })));
const MarketCheckDialog = lazy(() => import('./market-check-dialog.tsx').then((m) => ({ default: m.MarketCheckDialog })));

const STEP_COLOR = { not_started: 'default', in_progress: 'info', complete: 'success', has_errors: 'error', not_applicable: 'default' } as const;
/** The table's sort key as the contract names it. */
const sortOf = (sort: string | undefined) => PROGRESS_SORTS.find((s) => s === sort);
const COMPLETE: readonly ResponseStatus[] = ['submitted', 'accepted', 'excluded'];
const stepOrder = (key: string) => {
  const at = (FIXED_STEPS as readonly string[]).indexOf(key);
  return at < 0 ? FIXED_STEPS.length : at;
};

/** Which review actions a row offers, by its response's status (the server decides again). */
function actionsFor(row: ProgressRow, isAdmin: boolean): ReviewKind[] {
  const kinds: ReviewKind[] = [];
  if (row.status === 'submitted') kinds.push('return', 'accept');
  if (row.status === 'excluded') kinds.push('reopen');
  else kinds.push('exclude');
  kinds.push('extend');
  if (row.status !== 'not_started') kinds.push('reset');
  if (isAdmin) kinds.push('test');
  return kinds;
}

/** The completion dashboard of one period: every company's response, filters, the export, reminders and review. */
export function ProgressTable({ prefix, period }: { prefix: StaffPrefix; period: SurveyPeriod }) {
  const { t } = useTranslation();
  const title = usePeriodTitle();
  const { table, setTable, filtered } = useTableState('company');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; row: ProgressRow } | null>(null);
  const [dialog, setDialog] = useState<{ kind: ReviewKind; row: ProgressRow } | null>(null);
  const [checking, setChecking] = useState<ProgressRow | null>(null);
  const [remindAll, setRemindAll] = useState(false);
  const filters = {
    periodId: period.id,
    search: search || undefined,
    status: (status || undefined) as ResponseStatus | undefined,
    incomplete: incomplete || undefined,
  };
  const progress = useProgress(prefix, { ...filters, page: table.page, pageSize: table.pageSize, sort: sortOf(table.sort), order: table.order });
  const act = useReviewAction();
  const open = period.status === 'open';

  const remind = (companyId: number | null) =>
    act.mutate(
      { kind: 'remind', periodId: period.id, companyId },
      {
        onSuccess: (sent) => toast.success(t('surveyAdmin:dashboard.reminded', { companies: sent?.companies ?? 0, messages: sent?.messages ?? 0 })),
        onError: (error) => toast.error(t('surveyAdmin:dashboard.remindFailed'), errorMessage(error)),
        onSettled: () => setRemindAll(false),
      },
    );

  const columns: Column<ProgressRow>[] = [
    {
      key: 'company',
      label: t('surveyAdmin:progressColumns.company'),
      sortKey: 'company',
      render: (r) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{r.company}</span>
          {r.isTest ? <Chip size="small" variant="outlined" label={t('surveyAdmin:dashboard.test')} /> : null}
        </Stack>
      ),
    },
    {
      key: 'status',
      label: t('surveyAdmin:progressColumns.status'),
      sortKey: 'status',
      render: (r) => (
        <Tooltip title={r.staffReason ?? ''}>
          <Chip size="small" color={STATUS_COLOR[r.status]} label={t(`surveyAdmin:responseStatus.${r.status}`)} />
        </Tooltip>
      ),
    },
    {
      key: 'progress',
      label: t('surveyAdmin:progressColumns.progress'),
      sortKey: 'progress',
      render: (r) => (
        <Stack spacing={0.5} sx={{ minWidth: 120 }}>
          <LinearProgress variant="determinate" value={r.progressPct} aria-label={`${r.company}: ${r.progressPct}%`} />
          <Typography variant="caption">
            {r.progressPct}% · {t('surveyAdmin:dashboard.stepsOf', { complete: r.stepsComplete, total: r.stepsTotal })}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {[...r.steps]
              .sort((a, b) => stepOrder(a.key) - stepOrder(b.key) || a.key.localeCompare(b.key))
              .map((s) => {
                const name = s.key.startsWith('page:') ? t('surveyAdmin:steps.page', { key: s.key.slice(5) }) : t(`surveyAdmin:steps.${s.key}`);
                return (
                  <Chip
                    key={s.key}
                    size="small"
                    variant="outlined"
                    color={STEP_COLOR[s.status]}
                    label={`${name}: ${t(`surveyAdmin:stepStatus.${s.status}`)}`}
                  />
                );
              })}
          </Stack>
        </Stack>
      ),
    },
    {
      key: 'lastSavedAt',
      label: t('surveyAdmin:progressColumns.lastSavedAt'),
      sortKey: 'lastSavedAt',
      render: (r) =>
        r.lastSavedAt ? (
          <Stack>
            <span>{formatDateTime(r.lastSavedAt)}</span>
            <Typography variant="caption">{r.lastSavedBy ?? ''}</Typography>
          </Stack>
        ) : (
          t('surveyAdmin:dashboard.never')
        ),
    },
    {
      key: 'submittedAt',
      label: t('surveyAdmin:progressColumns.submittedAt'),
      sortKey: 'submittedAt',
      nowrap: true,
      render: (r) => (r.submittedAt ? formatDateTime(r.submittedAt) : t('surveyAdmin:dashboard.never')),
    },
    {
      key: 'deadline',
      label: t('surveyAdmin:progressColumns.deadline'),
      render: (r) => (
        <Stack>
          <span>{formatDateTime(r.deadline)}</span>
          {r.extended ? <Typography variant="caption">{t('surveyAdmin:dashboard.deadlineExtended')}</Typography> : null}
        </Stack>
      ),
    },
    {
      key: 'reminders',
      label: t('surveyAdmin:progressColumns.reminders'),
      sortKey: 'reminders',
      render: (r) => (
        <Stack>
          <span>{t('surveyAdmin:dashboard.reminderCount', { count: r.reminders })}</span>
          {r.lastReminderAt ? <Typography variant="caption">{formatDateTime(r.lastReminderAt)}</Typography> : null}
        </Stack>
      ),
    },
    { key: 'issues', label: t('surveyAdmin:progressColumns.openIssues'), sortKey: 'issues', align: 'right', render: (r) => r.openIssues },
    {
      key: 'actions',
      label: '',
      align: 'right',
      render: (r) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          {open && !COMPLETE.includes(r.status) ? (
            <Button
              size="small"
              onClick={() => remind(r.companyId)}
              disabled={act.isPending}
              aria-label={`${t('surveyAdmin:dashboard.remind')} ${r.company}`}
            >
              {t('surveyAdmin:dashboard.remind')}
            </Button>
          ) : null}
          <IconButton
            size="small"
            aria-label={t('surveyAdmin:dashboard.actions', { company: r.company })}
            onClick={(e) => setMenu({ anchor: e.currentTarget, row: r })}
          >
            <MoreVertOutlined fontSize="small" />
          </IconButton>
        </Stack>
      ),
    },
  ];

  const label = (kind: ReviewKind, row: ProgressRow) =>
    kind === 'test' ? t(row.isTest ? 'surveyAdmin:dashboard.unmarkTest' : 'surveyAdmin:dashboard.markTest') : t(`surveyAdmin:dashboard.${kind}`);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap', gap: 2 }}>
        <SearchField label={t('surveyAdmin:dashboard.search')} value={search} onChange={filtered(setSearch)} />
        <FilterSelect
          label={t('surveyAdmin:dashboard.status')}
          value={status}
          allLabel={t('surveyAdmin:dashboard.all')}
          options={RESPONSE_STATUSES.map((s) => ({ value: s, label: t(`surveyAdmin:responseStatus.${s}`) }))}
          onChange={filtered(setStatus)}
        />
        <FormControlLabel
          control={<Checkbox checked={incomplete} onChange={(e) => filtered(setIncomplete)(e.target.checked)} />}
          label={t('surveyAdmin:dashboard.incomplete')}
        />
        <Stack direction="row" spacing={1} sx={{ ml: { md: 'auto' } }}>
          <Button
            startIcon={<DownloadOutlined />}
            onClick={() => void downloadProgress(prefix, { ...filters, sort: sortOf(table.sort), order: table.order })}
          >
            {t('surveyAdmin:dashboard.download')}
          </Button>
          {open ? (
            <Button variant="contained" onClick={() => setRemindAll(true)}>
              {t('surveyAdmin:dashboard.remindAll')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <PagedTable
        label={t('surveyAdmin:dashboard.label')}
        columns={columns}
        rows={progress.data?.rows ?? []}
        total={progress.data?.total ?? 0}
        loading={progress.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(r) => r.companyId}
      />
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        {menu && menu.row.status !== 'not_started' ? (
          <MenuItem
            onClick={() => {
              setChecking(menu.row);
              setMenu(null);
            }}
          >
            {t('surveyAdmin:dashboard.market')}
          </MenuItem>
        ) : null}
        {menu
          ? actionsFor(menu.row, prefix === 'admin').map((kind) => (
              <MenuItem
                key={kind}
                onClick={() => {
                  setDialog({ kind, row: menu.row });
                  setMenu(null);
                }}
              >
                {label(kind, menu.row)}
              </MenuItem>
            ))
          : null}
      </Menu>
      {dialog ? (
        <Suspense fallback={null}>
          <ReviewDialog kind={dialog.kind} row={dialog.row} period={period} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
      {checking ? (
        <Suspense fallback={null}>
          <MarketCheckDialog prefix={prefix} periodId={period.id} row={checking} onClose={() => setChecking(null)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={remindAll}
        title={t('surveyAdmin:dashboard.remindAll')}
        confirmLabel={t('surveyAdmin:dashboard.remind')}
        pending={act.isPending}
        onConfirm={() => remind(null)}
        onClose={() => setRemindAll(false)}
      >
        {t('surveyAdmin:dashboard.remindAllConfirm', { title: title(period) })}
      </ConfirmDialog>
    </Stack>
  );
}
