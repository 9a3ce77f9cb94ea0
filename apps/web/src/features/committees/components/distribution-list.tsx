import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CommitteeAdmin, DistributionRow } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { LongText } from '../../../components/long-text.tsx';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { downloadDistribution, useDistribution, useDistributionAddresses } from '../api/distribution.ts';
import { useStaffPrefix } from '../api/keys.ts';
import { DownloadButtons } from './download-buttons.tsx';
import { personName, useCommitteeLabels } from './labels.ts';
import { notifyDone, notifyFailed } from './staff-toasts.ts';

/**
 * A committee's or group's distribution list (members and subscribers, once each, active people of active companies):
 * the addresses with their marks, paged, sorted and searched in the database; all of them copied in one click (read
 * ahead, so the copy happens in the click) or downloaded as Excel or CSV.
 */
export function DistributionList({ committee }: { committee: CommitteeAdmin }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const prefix = useStaffPrefix();
  const { table, setTable, filtered } = useTableState('name');
  const [search, setSearch] = useState('');
  const list = useDistribution(prefix, { committeeId: committee.id, ...table, search });
  const addresses = useDistributionAddresses(prefix, committee.id);
  const all = addresses.data ?? [];
  const word = (key: string, params?: Record<string, unknown>) => t(`committees:staff.distribution.${key}`, params ?? {});
  const copy = () =>
    // Started inside a promise: without a secure context there is no clipboard, and that too is a failure toast.
    Promise.resolve()
      // As a mail program takes them in its To or Bcc field.
      .then(() => navigator.clipboard.writeText(all.join('; ')))
      .then(() => notifyDone('copied', { n: formatNumber(all.length) }))
      .catch((error: unknown) => notifyFailed('copied', error));

  const columns: Column<DistributionRow>[] = [
    { key: 'email', label: word('email'), sortKey: 'email', render: (row) => <LongText text={row.email} /> },
    { key: 'person', label: word('person'), sortKey: 'name', render: personName },
    { key: 'company', label: word('company'), sortKey: 'company', render: (row) => row.company },
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
        <SearchField value={search} onChange={filtered(setSearch)} />
        <Typography sx={{ fontWeight: 500 }} role="status">
          {addresses.data ? word('count', { count: all.length, n: formatNumber(all.length) }) : ''}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" startIcon={<ContentCopyOutlined />} disabled={all.length === 0} onClick={copy}>
          {word('copy')}
        </Button>
        <DownloadButtons download={(format) => downloadDistribution(prefix, committee.id, format)} />
      </Stack>
      {list.error || addresses.error ? <Alert severity="error">{errorMessage(list.error ?? addresses.error)}</Alert> : null}
      <PagedTable
        label={word('label', { name: labels.name(committee) })}
        columns={columns}
        rows={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(row) => row.email}
        emptyText={search ? t('committees:staff.subscribers.noMatch') : word('empty')}
      />
    </Stack>
  );
}
