import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublishedReport } from '@portal/shared';
import { REPORT_FORMATS, REPORT_LANGUAGES, REPORT_TYPES } from '@portal/shared/reports-model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { type Column, initialTableState, PagedTable } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { formatFileSize } from '../../../lib/file-size.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadPublished } from '../api/download-published.ts';
import { downloadZipReports } from '../api/download-zip-reports.ts';
import { usePublishedReports } from '../api/published-reports.ts';
import { hasFilters, type PublishedFilterValues } from './published-filters.ts';
import { groupByPeriod, type PeriodGroup } from './published-groups.ts';
import { useReportLabels } from './report-labels.ts';
import { ReportsEmpty } from './reports-empty.tsx';

const TABLE_STATE = initialTableState();

/** Runs a download, telling its failure as the spec's "Couldn't download file." with the reason. */
async function download(run: () => Promise<void>, failed: string) {
  try {
    await run();
  } catch (error) {
    toast.error(failed, errorMessage(error));
  }
}

/**
 * The report history (spec §1 "report history"): every report published to the person or their company, by period, with
 * the filters the page's URL holds, a download per file and the period's zip.
 */
export function PublishedReports({
  filters,
  onFiltersChange,
  selectionPath,
}: {
  filters: PublishedFilterValues;
  onFiltersChange: (filters: PublishedFilterValues) => void;
  /** Where the person takes part in the surveys (the empty history's way in). */
  selectionPath: string;
}) {
  const { t } = useTranslation();
  const labels = useReportLabels();
  // Every report, for the period choices; the rows come from the server's filtered answer (the same one when unfiltered).
  const all = usePublishedReports();
  const shown = usePublishedReports(filters);
  const groups = groupByPeriod(shown.data ?? []);
  const periods = groupByPeriod(all.data ?? []);
  const set = (change: Partial<PublishedFilterValues>) => onFiltersChange({ ...filters, ...change });

  if (all.isPending) return <LinearProgress aria-label={t('common:loading')} />;
  if (all.error) return <Alert severity="error">{errorMessage(all.error)}</Alert>;
  if (all.data.length === 0) return <ReportsEmpty selectionPath={selectionPath} />;
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <FilterSelect
          label={t('reports:published.period')}
          value={filters.periodId ? String(filters.periodId) : ''}
          onChange={(v) => set({ periodId: v ? Number(v) : undefined })}
          options={periods.map((g) => ({ value: String(g.periodId), label: labels.period(g) }))}
        />
        <FilterSelect
          label={t('reports:published.type')}
          value={filters.type ?? ''}
          onChange={(v) => set({ type: (v || undefined) as PublishedFilterValues['type'] })}
          options={REPORT_TYPES.map((type) => ({ value: type, label: t(`reports:reportType.${type}`) }))}
        />
        <FilterSelect
          label={t('reports:published.language')}
          value={filters.language ?? ''}
          onChange={(v) => set({ language: (v || undefined) as PublishedFilterValues['language'] })}
          options={REPORT_LANGUAGES.map((l) => ({ value: l, label: labels.language(l) }))}
        />
        <FilterSelect
          label={t('reports:published.format')}
          value={filters.format ?? ''}
          onChange={(v) => set({ format: (v || undefined) as PublishedFilterValues['format'] })}
          options={REPORT_FORMATS.map((f) => ({ value: f, label: labels.format(f) }))}
        />
        {hasFilters(filters) ? <Button onClick={() => onFiltersChange({})}>{t('reports:published.clearFilters')}</Button> : null}
      </Stack>
      {shown.error ? <Alert severity="error">{errorMessage(shown.error)}</Alert> : null}
      {shown.data && groups.length === 0 ? <Typography color="text.secondary">{t('reports:published.noMatch')}</Typography> : null}
      {groups.map((group) => (
        <PeriodReports key={group.periodId} group={group} language={filters.language} loading={shown.isFetching} />
      ))}
    </Stack>
  );
}

/** One period's reports: a heading with the zip of them all, and a row per file. */
function PeriodReports({ group, language, loading }: { group: PeriodGroup; language: PublishedFilterValues['language']; loading: boolean }) {
  const { t } = useTranslation();
  const labels = useReportLabels();
  const [zipping, setZipping] = useState(false);
  const title = labels.period(group);
  const headingId = `period-${group.periodId}`;
  const failed = t('errors:downloadFailed');
  const zip = async () => {
    setZipping(true);
    await download(() => downloadZipReports(group.periodId, language), failed);
    setZipping(false);
  };
  const fileLabel = (r: PublishedReport) =>
    t('reports:published.downloadLabel', {
      report: labels.report(r),
      language: labels.language(r.language),
      format: labels.format(r.format),
      version: r.version,
    });
  const columns: Column<PublishedReport>[] = [
    { key: 'report', label: t('reports:published.type'), render: (r) => labels.report(r) },
    { key: 'language', label: t('reports:published.language'), width: 120, render: (r) => labels.language(r.language) },
    { key: 'format', label: t('reports:published.format'), width: 90, render: (r) => labels.format(r.format) },
    { key: 'version', label: t('reports:published.version'), align: 'right', width: 80, render: (r) => r.version },
    { key: 'published', label: t('reports:published.publishedAt'), nowrap: true, width: 130, render: (r) => formatDate(r.publishedAt) },
    {
      key: 'size',
      label: t('reports:published.size'),
      align: 'right',
      nowrap: true,
      render: (r) => (r.size === null ? '—' : formatFileSize(r.size)),
    },
    {
      key: 'download',
      label: t('reports:published.file'),
      align: 'right',
      width: 64,
      render: (r) => (
        <RowActions
          actions={[{ label: fileLabel(r), icon: <DownloadOutlined />, onClick: () => void download(() => downloadPublished(r.id), failed) }]}
        />
      ),
    },
  ];
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            {group.periodCode}
          </Typography>
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadOutlined />}
          loading={zipping}
          onClick={() => void zip()}
          aria-label={t('reports:published.downloadAllLabel', { period: title })}
        >
          {t('reports:published.downloadAll')}
        </Button>
      </Stack>
      <PagedTable
        label={t('reports:published.tableLabel', { period: title })}
        columns={columns}
        rows={group.reports}
        total={group.reports.length}
        loading={loading}
        state={TABLE_STATE}
        onStateChange={() => {}}
        rowKey={(r) => r.id}
        noPaging
      />
    </Stack>
  );
}
