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
import { type UseMutationResult, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../components/file-picker.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { toast } from '../../../lib/toasts.ts';
import type { ExcelUpload } from '../api/survey-mutations.ts';
import { OVERVIEW_KEY } from '../api/survey-queries.ts';
import { useSurveySession } from './survey-session.tsx';

/** What every template's check answers: the cells at fault, and whether the file was saved. */
type ExcelCheck = Pick<ExcelReport, 'saved' | 'errors' | 'warnings' | 'issues'>;

/**
 * An Excel round trip of the questionnaire: its template downloaded prefilled, the filled file read back into a
 * row/column report, and only a file without errors saved, on a second, explicit step. `words` names its texts in the
 * survey catalogue (title, hint, buttons, the report's label).
 */
export function ExcelRoundTrip<R extends ExcelCheck>({
  words,
  download,
  upload,
  summary,
  savedText,
}: {
  words: 'excel' | 'incumbents';
  download: () => Promise<void>;
  upload: UseMutationResult<R, Error, ExcelUpload>;
  summary: (report: R) => string;
  savedText: (report: R) => string;
}) {
  const { t } = useTranslation();
  const session = useSurveySession();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<R | null>(null);
  const [error, setError] = useState<string | undefined>();
  const version = () => client.getQueryData<SurveyOverview>(OVERVIEW_KEY)?.response.version ?? 1;
  const w = (key: string) => t(`survey:${words}.${key}`);

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
            toast.success(savedText(r));
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
        {w('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {w('hint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Button
          variant="outlined"
          startIcon={<DownloadOutlined />}
          sx={{ height: 56 }}
          onClick={() => void download().catch((e) => toast.error(t('errors:downloadFailed'), errorMessage(e)))}
        >
          {w('download')}
        </Button>
        {session.editable ? (
          <>
            <FilePicker
              label={w('file')}
              buttonLabel={w('choose')}
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              file={file}
              error={error}
              emptyText={w('noFile')}
              onChange={(f) => {
                setFile(f);
                setReport(null);
                setError(undefined);
              }}
            />
            <Button variant="contained" sx={{ height: 56 }} disabled={!file} loading={upload.isPending} onClick={() => void send(false)}>
              {w('check')}
            </Button>
          </>
        ) : null}
      </Stack>
      {report && !report.saved ? (
        <Stack spacing={1}>
          <Alert severity={report.errors ? 'error' : report.warnings ? 'warning' : 'success'}>{summary(report)}</Alert>
          {report.issues.length ? (
            <TableContainer sx={{ maxHeight: 320 }}>
              <Table size="small" stickyHeader aria-label={w('reportLabel')}>
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
              {w('save')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
