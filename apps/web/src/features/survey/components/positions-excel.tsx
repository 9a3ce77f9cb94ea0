import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ExcelReport, SurveyOverview } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../components/file-picker.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadPositions, useUploadPositions } from '../api/survey-mutations.ts';
import { OVERVIEW_KEY } from '../api/survey-queries.ts';
import { useSurveySession } from './survey-session.tsx';

/**
 * The grid's Excel round trip: the template prefilled with the company's rows and codes, and the filled file read back
 * into a row/column report; only a file without errors is saved, on a second, explicit step.
 */
export function PositionsExcel() {
  const { t } = useTranslation();
  const session = useSurveySession();
  const client = useQueryClient();
  const upload = useUploadPositions();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ExcelReport | null>(null);
  const [error, setError] = useState<string | undefined>();
  const version = () => client.getQueryData<SurveyOverview>(OVERVIEW_KEY)?.response.version ?? 1;

  const send = async (commit: boolean) => {
    if (!file) return;
    // Unsaved edits go first, so the file is checked against (and saved over) the latest answers.
    if (!(await session.flush())) return;
    setError(undefined);
    upload.mutate(
      { file, version: version(), commit, onProgress: () => {} },
      {
        onSuccess: (r) => {
          setReport(r);
          if (r.saved) {
            toast.success(t('survey:excel.saved', { rows: r.rows }));
            setFile(null);
          }
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <Stack spacing={1.5} sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {t('survey:excel.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('survey:excel.hint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Button
          variant="outlined"
          startIcon={<DownloadOutlined />}
          sx={{ height: 56 }}
          onClick={() => void downloadPositions().catch((e) => toast.error(t('errors:downloadFailed'), errorMessage(e)))}
        >
          {t('survey:excel.download')}
        </Button>
        {session.editable ? (
          <>
            <FilePicker
              label={t('survey:excel.file')}
              buttonLabel={t('survey:excel.choose')}
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              file={file}
              error={error}
              emptyText={t('survey:excel.noFile')}
              onChange={(f) => {
                setFile(f);
                setReport(null);
                setError(undefined);
              }}
            />
            <Button variant="contained" sx={{ height: 56 }} disabled={!file} loading={upload.isPending} onClick={() => void send(false)}>
              {t('survey:excel.check')}
            </Button>
          </>
        ) : null}
      </Stack>
      {report && !report.saved ? (
        <Stack spacing={1}>
          <Alert severity={report.errors ? 'error' : report.warnings ? 'warning' : 'success'}>
            {t('survey:excel.summary', { rows: report.rows, cars: report.cars, errors: report.errors, warnings: report.warnings })}
          </Alert>
          {report.issues.length ? (
            <TableContainer sx={{ maxHeight: 320 }}>
              <Table size="small" stickyHeader aria-label={t('survey:excel.reportLabel')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('survey:excel.sheet')}</TableCell>
                    <TableCell>{t('survey:excel.row')}</TableCell>
                    <TableCell>{t('survey:excel.column')}</TableCell>
                    <TableCell>{t('survey:excel.message')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.issues.map((i) => (
                    <TableRow key={`${i.sheet}-${i.row}-${i.column}-${i.message}`}>
                      <TableCell>{i.sheet}</TableCell>
                      <TableCell>{i.row}</TableCell>
                      <TableCell>{i.column}</TableCell>
                      <TableCell sx={{ color: i.severity === 'error' ? 'error.main' : 'warning.dark' }}>{i.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : null}
          {report.errors === 0 ? (
            <Button variant="contained" sx={{ alignSelf: 'flex-start' }} loading={upload.isPending} onClick={() => void send(true)}>
              {t('survey:excel.save')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
