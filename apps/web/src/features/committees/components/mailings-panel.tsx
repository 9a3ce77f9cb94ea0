import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CommitteeAdmin, MailingSummary } from '@portal/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useStaffPrefix } from '../api/keys.ts';
import { useMailings } from '../api/mailings.ts';
import { useCommitteeLabels } from './labels.ts';
import { MailingViewDialog } from './mailing-view-dialog.tsx';

// The form brings the rich-text editor (ProseMirror): it loads when "New mailing" is pressed, not with the list.
const MailingForm = lazy(() => import('./mailing-form.tsx'));

/** A committee's or group's mailings, newest first, with how their messages are going; and a new one. */
export function MailingsPanel({ committee }: { committee: CommitteeAdmin }) {
  const { t, i18n } = useTranslation();
  const labels = useCommitteeLabels();
  const prefix = useStaffPrefix();
  const { table, setTable } = useTableState();
  const list = useMailings(prefix, { committeeId: committee.id, page: table.page, pageSize: table.pageSize });
  const [writing, setWriting] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const word = (key: string, params?: Record<string, unknown>) => t(`committees:mailings.${key}`, params ?? {});
  const subjectOf = (row: MailingSummary) => (i18n.language === 'ru' ? row.subjectRu : row.subjectEn);
  const rows = list.data?.rows ?? [];
  const count = (n: number) => formatNumber(n);

  const columns: Column<MailingSummary>[] = [
    {
      key: 'subject',
      label: word('columns.subject'),
      render: (row) => (
        <Link
          component="button"
          type="button"
          onClick={() => setViewing(row.id)}
          aria-label={word('open', { subject: subjectOf(row) })}
          sx={{ textAlign: 'left' }}
        >
          {subjectOf(row)}
        </Link>
      ),
    },
    { key: 'author', label: word('columns.author'), render: (row) => row.author },
    { key: 'createdAt', label: word('columns.createdAt'), nowrap: true, render: (row) => formatDateTime(row.createdAt) },
    { key: 'recipients', label: word('columns.recipients'), align: 'right', render: (row) => count(row.recipients) },
    { key: 'queued', label: word('columns.queued'), align: 'right', render: (row) => count(row.queued) },
    { key: 'sent', label: word('columns.sent'), align: 'right', render: (row) => count(row.sent) },
    {
      key: 'failed',
      label: word('columns.failed'),
      align: 'right',
      render: (row) => (
        <Box component="span" sx={row.failed > 0 ? { color: 'error.main', fontWeight: 600 } : undefined}>
          {count(row.failed)}
        </Box>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 40ch' }}>
          {word('intro')}
        </Typography>
        {writing ? null : (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setWriting(true)}>
            {word('add')}
          </Button>
        )}
      </Stack>
      {writing ? (
        <Suspense fallback={<LinearProgress aria-label={t('common:loading')} />}>
          <MailingForm committee={committee} onClose={() => setWriting(false)} />
        </Suspense>
      ) : null}
      {list.error ? <Alert severity="error">{errorMessage(list.error)}</Alert> : null}
      {rows.some((row) => row.queued > 0) ? (
        <Typography variant="body2" role="status">
          {word('going')}
        </Typography>
      ) : null}
      <PagedTable
        label={word('label', { name: labels.name(committee) })}
        columns={columns}
        rows={rows}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(row) => row.id}
        emptyText={word('empty')}
      />
      {viewing !== null ? <MailingViewDialog id={viewing} onClose={() => setViewing(null)} /> : null}
    </Stack>
  );
}
