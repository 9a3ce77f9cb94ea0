import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApiPrefix, SUBSCRIBER_ROW_STATUSES, SubscriberPreview } from '@portal/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../components/file-picker.tsx';
import { LongText } from '../../../components/long-text.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { useSubscriberList } from '../api/subscribers.ts';
import { notifyDone, notifyFailed } from './committee-toasts.ts';
import { listFileProblem } from './file-checks.ts';
import { personName } from './labels.ts';

type RowStatus = (typeof SUBSCRIBER_ROW_STATUSES)[number];
const STATUS_COLOR: Record<RowStatus, 'success' | 'default' | 'warning' | 'error'> = {
  matched: 'success',
  duplicate: 'default',
  unknown: 'warning',
  inactive: 'warning',
  otherCompany: 'error',
  malformed: 'error',
};

interface SubscribersListDialogProps {
  /** Staff set a committee's or group's whole list; ceo and trusted their company's part of it. */
  prefix: ApiPrefix;
  committee: { id: number; name: string; isGroup: boolean };
  /** The present subscribers' addresses to start the typed list from (a company's few); else the list starts from a file. */
  present?: string[];
  onClose: () => void;
}

/**
 * Sets subscribers of a committee or group from a CSV or Excel file or typed e-mails: a preview of every row with how
 * it was read and what would change, and nothing saved until confirmed. An empty typed list removes every subscriber.
 */
export default function SubscribersListDialog({ prefix, committee, present, onClose }: SubscribersListDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const run = useSubscriberList(prefix);
  const { name } = committee;
  const ofCompany = prefix === 'ceo' || prefix === 'trusted';
  const [source, setSource] = useState<'emails' | 'file'>(present ? 'emails' : 'file');
  const [emails, setEmails] = useState(() => (present ?? []).join('\n'));
  const [file, setFile] = useState<File | null>(null);
  // The server's reasons, on the field the list came from (`file` or `emails`), or the browser's own about the file.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<SubscriberPreview | null>(null);
  // Any change of the list makes the preview out of date.
  const changed = () => {
    setPreview(null);
    setErrors({});
  };
  const list = {
    committeeId: committee.id,
    isGroup: committee.isGroup,
    file: source === 'file' ? file : null,
    emails: source === 'emails' ? emails : '',
  };

  const check = () => {
    if (source === 'file' && !file) return setErrors({ file: t('validation:fileRequired') });
    run.mutate(
      { ...list, commit: false },
      {
        onSuccess: setPreview,
        onError: (error) => {
          setErrors(error instanceof ApiError ? error.fields : {});
          notifyFailed('subscribersPreview', error, { name });
        },
      },
    );
  };
  const save = () =>
    run.mutate(
      { ...list, commit: true },
      {
        onSuccess: (saved) => {
          notifyDone('subscribersSet', { name, added: formatNumber(saved.added), removed: formatNumber(saved.removed) });
          onClose();
        },
        onError: (error) => notifyFailed('subscribersSet', error, { name }),
      },
    );
  const count = (status: RowStatus) => preview?.rows.filter((row) => row.status === status).length ?? 0;
  const unchanged = preview !== null && preview.added === 0 && preview.removed === 0;
  // A list that names no one is refused (the server's rule): a wrong file must not empty the list; an empty one may.
  const noneFound = preview !== null && preview.rows.length > 0 && count('matched') === 0;

  return (
    <Dialog open onClose={run.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('committees:subscriberList.title', { name })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t(`committees:subscriberList.${ofCompany ? 'hintOfCompany' : 'hint'}`)}
        </Typography>
        <RadioGroup
          row
          aria-label={t('committees:subscriberList.source')}
          value={source}
          onChange={(event) => {
            setSource(event.target.value as 'emails' | 'file');
            changed();
          }}
        >
          <FormControlLabel value="emails" control={<Radio />} label={t('committees:subscriberList.fromEmails')} />
          <FormControlLabel value="file" control={<Radio />} label={t('committees:subscriberList.fromFile')} />
        </RadioGroup>
        {source === 'emails' ? (
          <TextField
            label={t('committees:subscriberList.emails')}
            error={Boolean(errors.emails)}
            helperText={errors.emails ?? t(present ? 'committees:subscriberList.present' : 'committees:subscriberList.emailsHint')}
            value={emails}
            onChange={(event) => {
              setEmails(event.target.value);
              changed();
            }}
            multiline
            minRows={4}
            maxRows={10}
            fullWidth
            margin="normal"
          />
        ) : (
          <Stack sx={{ my: 2, maxWidth: 420 }}>
            <FilePicker
              label={t('committees:subscriberList.file')}
              buttonLabel={t('committees:subscriberList.chooseFile')}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              file={file}
              error={errors.file}
              emptyText={t('committees:subscriberList.fileHint')}
              disabled={run.isPending}
              onChange={(next) => {
                const problem = next ? listFileProblem(next) : undefined;
                setFile(problem ? null : next);
                changed();
                if (problem) setErrors({ file: translateMessage(problem) });
              }}
            />
          </Stack>
        )}
        {preview ? (
          <>
            <Typography sx={{ mb: 1 }} role="status">
              {t('committees:subscriberList.summary', {
                total: formatNumber(preview.rows.length),
                matched: formatNumber(count('matched')),
                added: formatNumber(preview.added),
                removed: formatNumber(preview.removed),
              })}
            </Typography>
            {noneFound ? (
              <Alert severity="error" sx={{ mb: 1 }}>
                {t('committees:subscriberList.noneFound')}
              </Alert>
            ) : preview.rows.length > count('matched') + count('duplicate') ? (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {t('committees:subscriberList.leftOut')}
              </Alert>
            ) : null}
            {/* It scrolls (a long list, a phone's width), so it takes the keyboard's focus to be scrolled without a mouse. */}
            <TableContainer tabIndex={0} role="region" aria-label={t('committees:subscriberList.previewTable')} sx={{ maxHeight: 360 }}>
              <Table size="small" stickyHeader aria-label={t('committees:subscriberList.previewTable')}>
                <TableHead>
                  <TableRow>
                    {['line', 'email', 'status', 'person'].map((key) => (
                      <TableCell key={key} sx={{ fontWeight: 600 }}>
                        {t(`committees:subscriberList.columns.${key}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.rows.map((row) => (
                    <TableRow key={`${row.line}:${row.email}`}>
                      <TableCell>{row.line}</TableCell>
                      <TableCell>
                        <LongText text={row.email} />
                      </TableCell>
                      <TableCell>
                        <Chip size="small" color={STATUS_COLOR[row.status]} label={t(`committees:subscriberList.rowStatus.${row.status}`)} />
                      </TableCell>
                      <TableCell>{row.person ? `${personName(row.person)}, ${row.person.company}` : ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={run.isPending}>
          {t('common:cancel')}
        </Button>
        <Button variant={preview ? 'outlined' : 'contained'} onClick={check} loading={run.isPending && run.variables?.commit === false}>
          {t('committees:subscriberList.preview')}
        </Button>
        {preview ? (
          <Button variant="contained" onClick={save} disabled={unchanged || noneFound} loading={run.isPending && run.variables?.commit === true}>
            {unchanged || noneFound
              ? t('committees:subscriberList.nothingToSave')
              : t('committees:subscriberList.save', { added: formatNumber(preview.added), removed: formatNumber(preview.removed) })}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
