import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import DoneOutlined from '@mui/icons-material/DoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type LogEntry, ROLE_PREFIX } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { type Column, initialTableState, PagedTable } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useVotingLog } from '../api/log.ts';
import { useVotingPrefix } from '../api/prefix.ts';
import { useSetAllLogViewed } from '../api/set-all-log-viewed.ts';
import { useSetLogViewed } from '../api/set-log-viewed.ts';
import { toastCallbacks } from './notify.ts';

/** A short text of what changed: the changed top-level fields, before → after (objects summarised). */
function changes(before: unknown, after: unknown): string {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const show = (v: unknown) =>
    v === null || v === undefined ? '—' : typeof v === 'object' ? (Array.isArray(v) ? `[${v.length}]` : '{…}') : String(v);
  return [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .slice(0, 8)
    .map((k) => (k in b ? `${k}: ${show(b[k])} → ${show(a[k])}` : `${k}: ${show(a[k])}`))
    .join('; ');
}

/** The voting log: who did what to which voting or response; mark one or all viewed. */
export function VotingLogTable() {
  const { t, i18n } = useTranslation();
  const prefix = useVotingPrefix();
  const base = `${ROLE_PREFIX[useCurrentUser()?.role ?? 'staff']}/voting`;
  const [table, setTable] = useState(initialTableState('at', 'desc'));
  const [viewed, setViewed] = useState('');
  const log = useVotingLog(prefix, { ...table, ...(viewed ? { viewed } : {}) } as never);
  const markOne = useSetLogViewed(prefix);
  const markAll = useSetAllLogViewed(prefix);
  const actionLabel = (action: string) => (i18n.exists(`voting:logAction.${action}`) ? t(`voting:logAction.${action}`) : action);

  const columns: Column<LogEntry>[] = [
    { key: 'at', label: t('voting:log.time'), sortKey: 'at', nowrap: true, render: (e) => formatDateTime(e.at) },
    { key: 'actor', label: t('voting:log.author'), render: (e) => (e.actor ? `${e.actor.name} ${e.actor.surname}` : t('voting:log.system')) },
    {
      key: 'action',
      label: t('voting:log.action'),
      render: (e) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{actionLabel(e.action)}</span>
          {e.viewed ? null : <Chip size="small" color="primary" label={t('voting:log.new')} />}
        </Stack>
      ),
    },
    {
      key: 'object',
      label: t('voting:log.object'),
      render: (e) =>
        e.entityId !== null && e.action !== 'voting.deleted' ? (
          <Link component={RouterLink} to={`${base}/results/${e.entityId}`}>
            {e.entityLabel ?? `#${e.entityId}`}
          </Link>
        ) : (
          (e.entityLabel ?? (e.entityId !== null ? `#${e.entityId}` : ''))
        ),
    },
    {
      key: 'changes',
      label: t('voting:log.changes'),
      render: (e) => <Box sx={{ fontSize: 12, color: 'text.secondary', maxWidth: 420, wordBreak: 'break-word' }}>{changes(e.before, e.after)}</Box>,
    },
    {
      key: 'actions',
      label: t('voting:list.actions'),
      align: 'right',
      render: (e) =>
        e.viewed ? null : (
          <RowActions
            actions={[
              {
                label: t('voting:log.markViewed'),
                icon: <DoneOutlined fontSize="small" />,
                onClick: () => markOne.mutate({ id: e.id }, toastCallbacks('logViewed')),
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
          label={t('voting:log.viewedFilter')}
          value={viewed}
          onChange={(value) => {
            setViewed(value);
            setTable((s) => ({ ...s, page: 1 }));
          }}
          options={[
            { value: 'false', label: t('voting:log.unviewed') },
            { value: 'true', label: t('voting:log.viewed') },
          ]}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="outlined"
          startIcon={<DoneAllOutlined />}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(undefined, toastCallbacks('logAllViewed'))}
        >
          {t('voting:log.markAllViewed')}
        </Button>
      </Stack>
      <PagedTable
        label={t('voting:log.tableLabel')}
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
