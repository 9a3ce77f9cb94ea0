import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type CommitteeAdmin, SUBSCRIBER_ROW_STATUSES, type SubscriberPreview } from '@portal/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../components/file-picker.tsx';
import { LongText } from '../../../components/long-text.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useStaffPrefix } from '../api/keys.ts';
import { useSetSubscribers } from '../api/subscribers.ts';
import { personName, useCommitteeLabels } from './labels.ts';
import { notifyDone, notifyFailed } from './staff-toasts.ts';

type Status = (typeof SUBSCRIBER_ROW_STATUSES)[number];
const STATUS_COLOR: Record<Status, 'success' | 'warning' | 'error' | 'default'> = {
  matched: 'success',
  unknown: 'warning',
  inactive: 'warning',
  otherCompany: 'warning',
  malformed: 'error',
  duplicate: 'default',
};

/**
 * Sets a committee's or group's subscribers from a CSV or Excel file or from typed e-mails: the server reads the list
 * and answers how each row was read (with its line) and what would change; only "Save the list" saves it (commit=true).
 */
export function SubscriberUploadDialog({ committee, onClose }: { committee: CommitteeAdmin; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const labels = useCommitteeLabels();
  const run = useSetSubscribers(useStaffPrefix());
  const [source, setSource] = useState<'file' | 'text'>('file');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<SubscriberPreview | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const word = (key: string, params?: Record<string, unknown>) => t(`committees:staff.upload.${key}`, params ?? {});

  // Any change of the list makes the preview out of date.
  const changed = () => {
    setPreview(null);
    setErrors({});
  };
  const list = {
    committeeId: committee.id,
    isGroup: committee.parentId !== null,
    file: source === 'file' ? file : null,
    emails: source === 'text' ? text : '',
  };
  const missing: Record<string, string> | null =
    source === 'file' ? (file ? null : { file: word('fileRequired') }) : list.emails.trim() ? null : { emails: word('emailsRequired') };
  const failed = (action: string, error: unknown) => {
    setErrors(error instanceof ApiError ? error.fields : {});
    notifyFailed(action, error);
  };
  const read = () => {
    if (missing) return setErrors(missing);
    run.mutate({ ...list, commit: false }, { onSuccess: setPreview, onError: (error) => failed('subscribersPreview', error) });
  };
  const save = () =>
    run.mutate(
      { ...list, commit: true },
      {
        onSuccess: (result) => {
          notifyDone('subscribersSet', { added: formatNumber(result.added), removed: formatNumber(result.removed) });
          onClose();
        },
        onError: (error) => failed('subscribersSet', error),
      },
    );
  const counts = SUBSCRIBER_ROW_STATUSES.map((status) => ({ status, n: preview?.rows.filter((row) => row.status === status).length ?? 0 })).filter(
    (c) => c.n > 0,
  );
  const leftOut = counts.some((c) => c.status !== 'matched');

  return (
    <Dialog open onClose={run.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{word('title', { name: labels.name(committee) })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {word('hint')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-label={word('source')}
          value={source}
          onChange={(_event, next: 'file' | 'text' | null) => {
            if (!next) return;
            setSource(next);
            changed();
          }}
          sx={{ mb: 2 }}
        >
          <ToggleButton value="file">{word('fromFile')}</ToggleButton>
          <ToggleButton value="text">{word('fromText')}</ToggleButton>
        </ToggleButtonGroup>
        {source === 'file' ? (
          <FilePicker
            label={word('file')}
            buttonLabel={word('chooseFile')}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            file={file}
            error={errors.file}
            emptyText={word('noFile')}
            disabled={run.isPending}
            onChange={(next) => {
              setFile(next);
              changed();
            }}
          />
        ) : (
          <TextField
            label={word('emails')}
            multiline
            fullWidth
            minRows={4}
            maxRows={12}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              changed();
            }}
            error={Boolean(errors.emails)}
            helperText={errors.emails ?? word('emailsHint')}
          />
        )}
        {preview ? (
          <Stack spacing={1} sx={{ mt: 2 }}>
            <Stack direction="row" spacing={1} useFlexGap role="status" sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography>{word('rows', { count: preview.rows.length, n: formatNumber(preview.rows.length) })}</Typography>
              {counts.map(({ status, n }) => (
                <Chip key={status} size="small" color={STATUS_COLOR[status]} label={`${word(`status.${status}`)}: ${formatNumber(n)}`} />
              ))}
            </Stack>
            <Typography sx={{ fontWeight: 500 }}>
              {word('changes', { added: formatNumber(preview.added), removed: formatNumber(preview.removed) })}
            </Typography>
            {leftOut ? <Alert severity="warning">{word('leftOut')}</Alert> : null}
            <TableContainer sx={{ maxHeight: 420 }}>
              <Table size="small" stickyHeader aria-label={word('previewTable')}>
                <TableHead>
                  <TableRow>
                    {(['line', 'email', 'person', 'status'] as const).map((key) => (
                      <TableCell key={key} sx={{ fontWeight: 600 }}>
                        {word(`columns.${key}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.rows.map((row) => (
                    <TableRow key={`${row.line}-${row.email}`}>
                      <TableCell>{row.line}</TableCell>
                      <TableCell>
                        <LongText text={row.email} />
                      </TableCell>
                      <TableCell>{row.person ? `${personName(row.person)} — ${row.person.company}` : '—'}</TableCell>
                      <TableCell>
                        <Chip size="small" color={STATUS_COLOR[row.status]} label={word(`status.${row.status}`)} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={run.isPending}>
          {t('common:cancel')}
        </Button>
        <Button variant={preview ? 'outlined' : 'contained'} onClick={read} loading={run.isPending && run.variables?.commit === false}>
          {word('preview')}
        </Button>
        {preview ? (
          <Button
            variant="contained"
            onClick={save}
            // Saving needs a row that matched (the server refuses an empty list) and a change.
            disabled={!counts.some((c) => c.status === 'matched') || preview.added + preview.removed === 0}
            loading={run.isPending && run.variables?.commit === true}
          >
            {word('commit')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
