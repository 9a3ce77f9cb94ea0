import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REPORT_LANGUAGES, type ReportLanguage } from '@portal/shared/reports-model';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionToasts } from '../../../components/action-toasts.ts';
import { useCreateZip } from '../api/create-zip.ts';
import { downloadZip } from '../api/download-zip.ts';
import type { StaffPrefix } from '../api/keys.ts';
import { useFollowedTask } from '../api/task-status.ts';
import { ProgressBar, TaskFailure } from './task-progress.tsx';

const { toastCallbacks, notifyFailed } = actionToasts('reportsAdmin');

/** A zip of the period's ready reports per language: built in a job, followed here, then downloaded (the history keeps it too). */
export function ZipPanel({ prefix, periodId, hasReady }: { prefix: StaffPrefix; periodId: number; hasReady: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('reportsAdmin:zip.heading')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {REPORT_LANGUAGES.map((language) => (
          <ZipLine key={language} prefix={prefix} periodId={periodId} language={language} disabled={!hasReady} />
        ))}
      </Stack>
    </Paper>
  );
}

type Built = { taskId: number; archiveId: number };

function ZipLine({ prefix, periodId, language, disabled }: { prefix: StaffPrefix; periodId: number; language: ReportLanguage; disabled: boolean }) {
  const { t } = useTranslation();
  const create = useCreateZip();
  const [built, setBuilt] = useState<Built | null>(null);
  const name = t(`reportsAdmin:language.${language}`);
  const start = () => create.mutate({ periodId, language }, { ...toastCallbacks('zip', { language: name }), onSuccess: setBuilt });
  return (
    <Stack spacing={1} sx={{ flex: 1, alignItems: 'flex-start' }}>
      <Button variant="outlined" size="small" disabled={disabled} loading={create.isPending} onClick={start}>
        {t('reportsAdmin:zip.create', { language: name })}
      </Button>
      {built ? (
        <ZipTask
          prefix={prefix}
          built={built}
          label={t('reportsAdmin:zip.label', { language: name })}
          onDownload={() => downloadZip(prefix, built.archiveId).catch((error: unknown) => notifyFailed('download', error))}
        />
      ) : null}
    </Stack>
  );
}

function ZipTask({ prefix, built, label, onDownload }: { prefix: StaffPrefix; built: Built; label: string; onDownload: () => void }) {
  const { t } = useTranslation();
  const task = useFollowedTask(prefix, built.taskId);
  if (task?.state === 'succeeded') {
    return (
      <Button size="small" variant="contained" onClick={onDownload}>
        {t('reportsAdmin:zip.download', { what: label })}
      </Button>
    );
  }
  return task?.state === 'failed' ? <TaskFailure task={task} /> : <ProgressBar task={task} label={label} />;
}
