import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import PlaylistAddCheckOutlined from '@mui/icons-material/PlaylistAddCheckOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CATALOGUE_KINDS, type CatalogueKind, type Datafile, SHEET_KINDS, type SurveyPeriod } from '@portal/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FilePicker } from '../../../components/file-picker.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { type Column, initialTableState, PagedTable } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadDatafile, downloadTemplate, useApplyDatafile, useDatafiles, useUploadDatafile } from '../api/datafiles.ts';
import type { StaffPrefix } from '../api/keys.ts';
import { usePeriodTitle } from './labels.ts';

const STATUS_COLOR = { validated: 'success', invalid: 'error', applied: 'primary', superseded: 'default' } as const;

/** A period's catalogue files: load one (checked row by row), read its issues, apply it; the templates to fill. */
export function DatafilesPanel({ prefix, period }: { prefix: StaffPrefix; period: SurveyPeriod }) {
  const { t } = useTranslation();
  const title = usePeriodTitle();
  const files = useDatafiles(prefix, period.id);
  const upload = useUploadDatafile();
  const apply = useApplyDatafile();
  const [kind, setKind] = useState<CatalogueKind>('regions');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [showing, setShowing] = useState<Datafile | null>(null);
  const [applying, setApplying] = useState<Datafile | null>(null);
  const frozen = period.status !== 'draft';
  const headingId = useId();

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setFileError(t('validation:required'));
    upload.mutate(
      { periodId: period.id, kind, file },
      {
        onSuccess: (loaded) => {
          toast.success(t('surveyAdmin:files.uploaded'), t('surveyAdmin:files.issueCount', { errors: loaded.errors, warnings: loaded.warnings }));
          setFile(null);
          setFileError(undefined);
          if (loaded.issues.length) setShowing(loaded);
        },
        onError: (error) => {
          const onFile = error instanceof ApiError ? error.fields.file : undefined;
          setFileError(onFile);
          toast.error(t('surveyAdmin:files.uploadFailed'), onFile ?? errorMessage(error));
        },
      },
    );
  };
  const confirmApply = () => {
    if (!applying) return;
    apply.mutate(applying.id, {
      onSuccess: () => toast.success(t('surveyAdmin:files.applied')),
      onError: (error) => toast.error(t('surveyAdmin:files.applyFailed'), errorMessage(error)),
      onSettled: () => setApplying(null),
    });
  };

  const columns: Column<Datafile>[] = [
    { key: 'name', label: t('surveyAdmin:files.name'), render: (f) => f.fileName },
    { key: 'kind', label: t('surveyAdmin:files.kind'), render: (f) => t(`surveyAdmin:kinds.${f.kind}`) },
    {
      key: 'status',
      label: t('surveyAdmin:files.status'),
      render: (f) => <Chip size="small" color={STATUS_COLOR[f.status]} label={t(`surveyAdmin:datafileStatus.${f.status}`)} />,
    },
    { key: 'rows', label: t('surveyAdmin:files.rows'), render: (f) => t('surveyAdmin:files.rowsOk', { ok: f.rowsOk, total: f.rowsTotal }) },
    {
      key: 'issues',
      label: t('surveyAdmin:files.issues'),
      render: (f) => t('surveyAdmin:files.issueCount', { errors: f.errors, warnings: f.warnings }),
    },
    { key: 'loaded', label: t('surveyAdmin:files.loaded'), nowrap: true, render: (f) => formatDateTime(f.uploadedAt) },
    {
      key: 'actions',
      label: '',
      align: 'right',
      render: (f) => (
        <RowActions
          actions={[
            {
              label: `${t('surveyAdmin:files.showIssues')}: ${f.fileName}`,
              icon: <FactCheckOutlined fontSize="small" />,
              onClick: () => setShowing(f),
            },
            {
              label: `${t('surveyAdmin:files.apply')}: ${f.fileName}`,
              icon: <PlaylistAddCheckOutlined fontSize="small" />,
              color: 'primary',
              onClick: () => setApplying(f),
              hidden: f.status !== 'validated' || (frozen && f.kind !== 'instructions_pdf'),
            },
            {
              label: `${t('surveyAdmin:files.download')}: ${f.fileName}`,
              icon: <DownloadOutlined fontSize="small" />,
              onClick: () => void downloadDatafile(prefix, f.id),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {t('surveyAdmin:files.heading', { title: title(period) })}
      </Typography>
      {frozen ? <Alert severity="info">{t('surveyAdmin:files.frozen', { status: t(`surveyAdmin:periodStatus.${period.status}`) })}</Alert> : null}
      <Paper variant="outlined" component="form" noValidate onSubmit={send} aria-labelledby={headingId} sx={{ p: 2 }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ mb: 2 }}>
          {t('surveyAdmin:files.upload')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            select
            label={t('surveyAdmin:files.kind')}
            value={kind}
            onChange={(e) => setKind(e.target.value as CatalogueKind)}
            sx={{ minWidth: 220 }}
          >
            {CATALOGUE_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`surveyAdmin:kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <FilePicker
            label={t('surveyAdmin:files.file')}
            buttonLabel={t('surveyAdmin:files.choose')}
            accept={kind === 'instructions_pdf' ? 'application/pdf,.pdf' : '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'}
            file={file}
            error={fileError}
            emptyText=""
            onChange={(chosen) => {
              setFile(chosen);
              setFileError(undefined);
            }}
          />
          <Button type="submit" variant="contained" loading={upload.isPending} sx={{ height: 56 }}>
            {t('surveyAdmin:files.send')}
          </Button>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="body2">{t('surveyAdmin:files.templates')}:</Typography>
          {SHEET_KINDS.map((k) => (
            <Button key={k} size="small" startIcon={<DownloadOutlined />} onClick={() => void downloadTemplate(prefix, k)}>
              {t('surveyAdmin:files.template', { kind: t(`surveyAdmin:kinds.${k}`) })}
            </Button>
          ))}
        </Stack>
      </Paper>
      <PagedTable
        label={t('surveyAdmin:files.label')}
        columns={columns}
        rows={files.data ?? []}
        total={files.data?.length ?? 0}
        loading={files.isFetching}
        state={initialTableState()}
        onStateChange={() => undefined}
        rowKey={(f) => f.id}
        emptyText={t('surveyAdmin:files.empty')}
        noPaging
      />
      {showing ? <IssuesDialog file={showing} onClose={() => setShowing(null)} /> : null}
      <ConfirmDialog
        open={applying !== null}
        title={t('surveyAdmin:files.apply')}
        confirmLabel={t('surveyAdmin:files.apply')}
        pending={apply.isPending}
        onConfirm={confirmApply}
        onClose={() => setApplying(null)}
      >
        {applying ? t('surveyAdmin:files.applyConfirm', { name: applying.fileName }) : null}
      </ConfirmDialog>
    </Stack>
  );
}

/** A file's issues, row by row, as the check found them. */
function IssuesDialog({ file, onClose }: { file: Datafile; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('surveyAdmin:files.issuesTitle', { name: file.fileName })}</DialogTitle>
      <DialogContent>
        {file.issues.length === 0 ? (
          <Alert severity="success">{t('surveyAdmin:files.noIssues')}</Alert>
        ) : (
          <Table size="small" aria-label={t('surveyAdmin:files.issuesTitle', { name: file.fileName })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('surveyAdmin:files.row')}</TableCell>
                <TableCell>{t('surveyAdmin:files.column')}</TableCell>
                <TableCell>{t('surveyAdmin:files.severity')}</TableCell>
                <TableCell>{t('surveyAdmin:files.message')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {file.issues.map((issue) => (
                <TableRow key={`${issue.row}-${issue.column}-${issue.code}`}>
                  <TableCell>{issue.row || t('surveyAdmin:files.wholeFile')}</TableCell>
                  <TableCell>{issue.column ?? '—'}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={issue.severity === 'error' ? 'error' : 'warning'}
                      label={t(issue.severity === 'error' ? 'surveyAdmin:files.error' : 'surveyAdmin:files.warning')}
                    />
                  </TableCell>
                  <TableCell>{issue.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('surveyAdmin:files.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
