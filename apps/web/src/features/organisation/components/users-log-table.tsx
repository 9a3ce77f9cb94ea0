import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import DoneOutlined from '@mui/icons-material/DoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { LogEntry } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { type Column, initialTableState, PagedTable } from '../../../components/paged-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useMarkLogViewed } from '../api/mark-log-viewed.ts';
import { useStaffPrefix } from '../api/prefix.ts';
import { useSetAllLogViewed } from '../api/set-all-log-viewed.ts';
import { useUsersLog } from '../api/users-log.ts';
import { LOG_ACTIONS, useOrgLabels } from './labels.ts';
import { LogDiff } from './log-diff.tsx';
import { notifyDone, notifyFailed } from './notify.ts';
import { RowActions } from './row-actions.tsx';

/** The users' log: who changed which person or company, when, and what changed; filters; mark viewed. */
export function UsersLogTable() {
  const { t } = useTranslation();
  const labels = useOrgLabels();
  const prefix = useStaffPrefix();
  const [table, setTable] = useState(initialTableState('at', 'desc'));
  const [action, setAction] = useState('');
  const [viewed, setViewed] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const log = useUsersLog(prefix, { ...table, action, viewed, from, to });
  const markOne = useMarkLogViewed();
  const markAll = useSetAllLogViewed();
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setTable((s) => ({ ...s, page: 1 }));
  };
  const objectOf = (entry: LogEntry) => entry.entityLabel ?? `${labels.entity(entry.entity)}${entry.entityId !== null ? ` #${entry.entityId}` : ''}`;

  const columns: Column<LogEntry>[] = [
    { key: 'at', label: t('organisation:log.time'), sortKey: 'at', nowrap: true, render: (e) => formatDateTime(e.at) },
    {
      key: 'actor',
      label: t('organisation:log.author'),
      render: (e) => (e.actor ? `${e.actor.name} ${e.actor.surname}` : t('organisation:log.system')),
    },
    {
      key: 'action',
      label: t('organisation:log.action'),
      render: (e) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{labels.action(e.action)}</span>
          {e.viewed ? null : <Chip size="small" color="primary" label={t('organisation:log.new')} />}
        </Stack>
      ),
    },
    {
      key: 'object',
      label: t('organisation:log.object'),
      render: (e) => (
        <>
          <Box sx={{ fontSize: 12, color: 'text.secondary' }}>{labels.entity(e.entity)}</Box>
          {objectOf(e)}
        </>
      ),
    },
    { key: 'changes', label: t('organisation:log.changes'), render: (e) => <LogDiff before={e.before} after={e.after} entity={e.entity} /> },
    {
      key: 'actions',
      label: t('organisation:columns.actions'),
      align: 'right',
      render: (e) =>
        e.viewed ? null : (
          <RowActions
            actions={[
              {
                label: t('organisation:log.markViewedNamed', { action: labels.action(e.action), object: objectOf(e) }),
                icon: <DoneOutlined fontSize="small" />,
                onClick: () =>
                  markOne.mutate(e.id, {
                    onSuccess: () => notifyDone('logViewed'),
                    onError: (error) => notifyFailed('logViewed', error),
                  }),
              },
            ]}
          />
        ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <FilterSelect
          label={t('organisation:log.action')}
          value={action}
          onChange={filter(setAction)}
          options={LOG_ACTIONS.map((code) => ({ value: code, label: labels.action(code) }))}
        />
        <FilterSelect
          label={t('organisation:log.viewedFilter')}
          value={viewed}
          onChange={filter(setViewed)}
          options={[
            { value: 'false', label: t('organisation:log.unviewed') },
            { value: 'true', label: t('organisation:log.viewed') },
          ]}
        />
        <TextField
          size="small"
          type="date"
          label={t('organisation:log.from')}
          value={from}
          onChange={(event) => filter(setFrom)(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('organisation:log.to')}
          value={to}
          onChange={(event) => filter(setTo)(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="outlined"
          startIcon={<DoneAllOutlined />}
          loading={markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, { onSuccess: () => notifyDone('logAllViewed'), onError: (error) => notifyFailed('logAllViewed', error) })
          }
        >
          {t('organisation:log.markAllViewed')}
        </Button>
      </Stack>
      <PagedTable
        label={t('organisation:tabs.log')}
        columns={columns}
        rows={log.data?.rows ?? []}
        total={log.data?.total ?? 0}
        loading={log.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(e) => e.id}
        rowSx={(e) => (e.viewed ? undefined : { bgcolor: 'action.hover' })}
      />
    </Stack>
  );
}
