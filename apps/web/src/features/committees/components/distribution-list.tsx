import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CommitteeAdmin, DistributionRow } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { LongText } from '../../../components/long-text.tsx';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { downloadDistribution, useDistribution } from '../api/distribution.ts';
import { useStaffPrefix } from '../api/keys.ts';
import { addressLine } from './address-lists.ts';
import { DownloadButtons } from './download-buttons.tsx';
import { personName, useCommitteeLabels } from './labels.ts';
import { notifyDone, notifyFailed } from './staff-toasts.ts';

/**
 * A committee's or group's distribution list (members and subscribers, once each, active people of active companies):
 * the addresses with their marks, copied in one click, downloaded as Excel or CSV. The server answers it whole; the
 * table pages it here.
 */
export function DistributionList({ committee }: { committee: CommitteeAdmin }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const prefix = useStaffPrefix();
  const list = useDistribution(prefix, committee.id);
  const { table, setTable } = useTableState();
  const rows = list.data ?? [];
  const word = (key: string, params?: Record<string, unknown>) => t(`committees:staff.distribution.${key}`, params ?? {});
  const copy = () =>
    // Started inside a promise: without a secure context there is no clipboard, and that too is a failure toast.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(addressLine(rows)))
      .then(() => notifyDone('copied', { n: formatNumber(rows.length) }))
      .catch((error: unknown) => notifyFailed('copied', error));

  const columns: Column<DistributionRow>[] = [
    { key: 'email', label: word('email'), render: (row) => <LongText text={row.email} /> },
    { key: 'person', label: word('person'), render: personName },
    { key: 'company', label: word('company'), render: (row) => row.company },
    {
      key: 'as',
      label: word('as'),
      render: (row) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {row.member ? <Chip size="small" color="primary" variant="outlined" label={word('member')} /> : null}
          {row.subscriber ? <Chip size="small" variant="outlined" label={word('subscriber')} /> : null}
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {word('intro')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 500 }} role="status">
          {list.data ? word('count', { count: rows.length, n: formatNumber(rows.length) }) : ''}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" startIcon={<ContentCopyOutlined />} disabled={rows.length === 0} onClick={copy}>
          {word('copy')}
        </Button>
        <DownloadButtons download={(format) => downloadDistribution(prefix, committee.id, format)} />
      </Stack>
      {list.error ? <Alert severity="error">{errorMessage(list.error)}</Alert> : null}
      <PagedTable
        label={word('label', { name: labels.name(committee) })}
        columns={columns}
        rows={rows.slice((table.page - 1) * table.pageSize, table.page * table.pageSize)}
        total={rows.length}
        loading={list.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(row) => row.email}
        emptyText={word('empty')}
      />
    </Stack>
  );
}
