import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CommitteeStat } from '@portal/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../components/form-errors.ts';
import { type Column, initialTableState, PagedTable } from '../../../components/paged-table.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useStaffPrefix } from '../api/keys.ts';
import { useCommitteeStat } from '../api/stat.ts';
import { ActiveChip } from './active-chip.tsx';
import { committeesInOrder } from './committee-tree.ts';
import { useCommitteeLabels } from './labels.ts';

// The chart library is loaded with this page's chart only, after the figures are on screen.
const StatChart = lazy(() => import('./stat-chart.tsx'));

type StatRow = CommitteeStat['rows'][number];
const TABLE_STATE = initialTableState();

/** The share of active member companies that have a current member somewhere, in words and as a bar. */
function TakingPart({ takingPart, activeCompanies }: { takingPart: number; activeCompanies: number }) {
  const { t } = useTranslation();
  const share = activeCompanies > 0 ? takingPart / activeCompanies : 0;
  const percent = formatNumber(share, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography variant="h6" component="h2">
            {t('committees:staff.stat.takingPart')}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
            {percent}
          </Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={share * 100}
          aria-label={t('committees:staff.stat.takingPart')}
          sx={{ height: 10, borderRadius: 1 }}
        />
        <Typography variant="body2" color="text.secondary">
          {t('committees:staff.stat.takingPartText', { takingPart: formatNumber(takingPart), active: formatNumber(activeCompanies) })}
        </Typography>
      </Stack>
    </Paper>
  );
}

/** Per committee and group its members, subscribers and companies represented, as a table (each name opens its page) and a bar chart, and the member companies taking part. */
export function CommitteeStatView({ base }: { base: string }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const stat = useCommitteeStat(useStaffPrefix());
  const rows = committeesInOrder(stat.data?.rows ?? []);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const word = (key: string) => t(`committees:staff.stat.${key}`);
  /** In the chart a group carries its committee's name, as there is no indent to show whose it is. */
  const chartName = (row: StatRow) => {
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    return parent ? `${labels.name(parent)} › ${labels.name(row)}` : labels.name(row);
  };

  const columns: Column<StatRow>[] = [
    {
      key: 'name',
      label: word('name'),
      render: (row) => (
        <Link
          component={RouterLink}
          to={`${base}/cwg/committees/${row.id}`}
          sx={{ display: 'block', pl: row.parentId === null ? 0 : 3, fontWeight: row.parentId === null ? 600 : 400 }}
        >
          {labels.name(row)}
        </Link>
      ),
    },
    { key: 'active', label: t('committees:staff.list.status'), render: (row) => <ActiveChip active={row.active} /> },
    { key: 'members', label: word('members'), align: 'right', render: (row) => formatNumber(row.members) },
    { key: 'subscribers', label: word('subscribers'), align: 'right', render: (row) => formatNumber(row.subscribers) },
    { key: 'companies', label: word('companies'), align: 'right', render: (row) => formatNumber(row.companies) },
  ];

  if (stat.error) return <Alert severity="error">{errorMessage(stat.error)}</Alert>;
  return (
    <Stack spacing={2}>
      {stat.data ? <TakingPart takingPart={stat.data.takingPart} activeCompanies={stat.data.activeCompanies} /> : null}
      {rows.length > 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
          <Box component="figure" aria-label={word('chartLabel')} sx={{ m: 0 }}>
            <Suspense fallback={<LinearProgress aria-label={t('common:loading')} />}>
              <StatChart
                bars={rows.map((row) => ({ name: chartName(row), members: row.members, subscribers: row.subscribers, companies: row.companies }))}
              />
            </Suspense>
          </Box>
        </Paper>
      ) : null}
      <PagedTable
        label={word('label')}
        columns={columns}
        rows={rows}
        total={rows.length}
        loading={stat.isFetching}
        state={TABLE_STATE}
        onStateChange={() => undefined}
        rowKey={(row) => row.id}
        emptyText={word('empty')}
        noPaging
      />
    </Stack>
  );
}
