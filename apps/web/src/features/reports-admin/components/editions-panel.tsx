import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PeriodReports, TaskStatus } from '@portal/shared';
import type { ReportType } from '@portal/shared/reports-model';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionToasts } from '../../../components/action-toasts.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useConvertToPdf } from '../api/convert-to-pdf.ts';
import { useCreateReport } from '../api/create-report.ts';
import { downloadReport } from '../api/download.ts';
import type { StaffPrefix } from '../api/keys.ts';
import { usePublishToParticipants } from '../api/publish.ts';
import { useStartGeneration } from '../api/start-generation.ts';
import { EditionCell } from './edition-cell.tsx';
import { type EditionRow, editionRows, isReady, mayConvert, mayCreate, mayGenerate, needsSnapshot } from './editions.ts';
import { StatusChip } from './labels.tsx';

const { toastCallbacks, notifyDone, notifyFailed } = actionToasts('reportsAdmin');

interface EditionsPanelProps {
  prefix: StaffPrefix;
  periodId: number;
  types: readonly ReportType[];
  data: PeriodReports;
  tasks: readonly TaskStatus[] | undefined;
  /** The period's accepted participants: who a publication reaches. */
  participants: number;
}

/** The period's market reports, a table per type (its languages × Excel and PDF), each with its actions and publication. */
export function EditionsPanel({ prefix, periodId, types, data, tasks, participants }: EditionsPanelProps) {
  const { t } = useTranslation();
  const publish = usePublishToParticipants();
  const [publishing, setPublishing] = useState<ReportType | null>(null);
  const rows = editionRows(data.reports, types);
  const confirmPublish = () => {
    if (!publishing) return;
    const type = t(`reportsAdmin:type.${publishing}`);
    publish.mutate(
      { periodId, reportType: publishing },
      {
        onSuccess: (result) => notifyDone('publish', { type, published: result.published, notified: result.notified }),
        onError: (error) => notifyFailed('publish', error, { type }),
        onSettled: () => setPublishing(null),
      },
    );
  };
  return (
    <Stack spacing={2} component="section" aria-label={t('reportsAdmin:editions.heading')}>
      <Typography variant="h6" component="h2">
        {t('reportsAdmin:editions.heading')}
      </Typography>
      {data.snapshot || !types.some(needsSnapshot) ? null : <Typography color="text.secondary">{t('reportsAdmin:editions.needSnapshot')}</Typography>}
      {types.map((type) => (
        <TypeEditions
          key={type}
          prefix={prefix}
          periodId={periodId}
          type={type}
          rows={rows.filter((row) => row.type === type)}
          snapshotId={data.snapshot?.id ?? null}
          tasks={tasks}
          onPublish={() => setPublishing(type)}
        />
      ))}
      <ConfirmDialog
        open={publishing !== null}
        title={t('reportsAdmin:publish.title', { type: publishing ? t(`reportsAdmin:type.${publishing}`) : '' })}
        confirmLabel={t('reportsAdmin:publish.confirm')}
        pending={publish.isPending}
        onConfirm={confirmPublish}
        onClose={() => setPublishing(null)}
      >
        {publishing ? t('reportsAdmin:publish.text', { type: t(`reportsAdmin:type.${publishing}`), count: participants }) : null}
      </ConfirmDialog>
    </Stack>
  );
}

interface TypeEditionsProps {
  prefix: StaffPrefix;
  periodId: number;
  type: ReportType;
  rows: EditionRow[];
  snapshotId: number | null;
  tasks: readonly TaskStatus[] | undefined;
  onPublish: () => void;
}

function TypeEditions({ prefix, periodId, type, rows, snapshotId, tasks, onPublish }: TypeEditionsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const typeName = t(`reportsAdmin:type.${type}`);
  const published = rows.some((row) => row.xlsx?.status === 'published');
  const publishable = rows.some((row) => [row.xlsx, row.pdf].some((r) => r?.status === 'ready'));
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mr: 'auto' }}>
          {typeName}
        </Typography>
        {published ? <StatusChip status="published" /> : null}
        <Button size="small" variant="outlined" disabled={!publishable} onClick={onPublish}>
          {t('reportsAdmin:publish.button')}
        </Button>
      </Stack>
      <TableContainer>
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '14%' }}>{t('reportsAdmin:editions.language')}</TableCell>
              <TableCell sx={{ width: '28%', minWidth: 160 }}>{t('reportsAdmin:format.xlsx')}</TableCell>
              <TableCell sx={{ width: '28%', minWidth: 160 }}>{t('reportsAdmin:format.pdf')}</TableCell>
              <TableCell align="right" sx={{ minWidth: 180 }}>
                {t('reportsAdmin:editions.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.language}>
                <TableCell component="th" scope="row">
                  {t(`reportsAdmin:language.${row.language}`)}
                </TableCell>
                <TableCell>
                  <EditionCell prefix={prefix} report={row.xlsx} tasks={tasks} />
                </TableCell>
                <TableCell>{row.xlsx && isReady(row.xlsx) ? <EditionCell prefix={prefix} report={row.pdf} tasks={tasks} /> : null}</TableCell>
                <TableCell align="right">
                  <EditionActions prefix={prefix} periodId={periodId} row={row} snapshotId={snapshotId} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** What can be done with a line now: create (or a new edition on newer statistics), generate or retry, convert, download. */
function EditionActions({
  prefix,
  periodId,
  row,
  snapshotId,
}: {
  prefix: StaffPrefix;
  periodId: number;
  row: EditionRow;
  snapshotId: number | null;
}) {
  const { t } = useTranslation();
  const create = useCreateReport();
  const generate = useStartGeneration();
  const convert = useConvertToPdf();
  const { xlsx, pdf } = row;
  const download = (reportId: number) => downloadReport(prefix, reportId).catch((error: unknown) => notifyFailed('download', error));
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
      {mayCreate(row, snapshotId) ? (
        <Button
          size="small"
          variant="contained"
          loading={create.isPending}
          onClick={() => create.mutate({ periodId, type: row.type, language: row.language }, toastCallbacks('create'))}
        >
          {t(xlsx ? 'reportsAdmin:editions.newEdition' : 'reportsAdmin:editions.create')}
        </Button>
      ) : null}
      {mayGenerate(xlsx) ? (
        <Button size="small" variant="contained" loading={generate.isPending} onClick={() => generate.mutate(xlsx.id, toastCallbacks('generate'))}>
          {t(xlsx.status === 'failed' ? 'reportsAdmin:retry' : 'reportsAdmin:editions.generate')}
        </Button>
      ) : null}
      {mayConvert(row) && xlsx ? (
        <Button size="small" variant="outlined" loading={convert.isPending} onClick={() => convert.mutate(xlsx.id, toastCallbacks('convert'))}>
          {t(pdf ? 'reportsAdmin:editions.retryPdf' : 'reportsAdmin:editions.convert')}
        </Button>
      ) : null}
      {isReady(xlsx) ? (
        <Button size="small" onClick={() => void download(xlsx.id)}>
          {t('reportsAdmin:editions.downloadXlsx')}
        </Button>
      ) : null}
      {isReady(pdf) ? (
        <Button size="small" onClick={() => void download(pdf.id)}>
          {t('reportsAdmin:editions.downloadPdf')}
        </Button>
      ) : null}
    </Stack>
  );
}
