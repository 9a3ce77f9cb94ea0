import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import DoneOutlined from '@mui/icons-material/DoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { LogEntry } from '@portal/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format.ts';
import { FilterSelect } from './filter-select.tsx';
import { LongText } from './long-text.tsx';
import { type Column, PagedTable, useTableState } from './paged-table.tsx';
import { RowActions } from './row-actions.tsx';

/** A log's paging (newest first) and its "viewed" filter; the feature builds its query from them. */
export function useLogState() {
  const list = useTableState('at', 'desc');
  const [viewed, setViewed] = useState('');
  return { ...list, viewed, setViewed: list.filtered(setViewed) };
}

interface LogTableProps {
  /** The table's accessible name. */
  label: string;
  /** The heading of the object column (what the entries are about). */
  objectLabel: string;
  state: ReturnType<typeof useLogState>;
  log: { data?: { rows: readonly LogEntry[]; total: number }; isFetching: boolean };
  /** The entry's action in words (the entry tells whose log it is). */
  actionLabel: (action: string, entry: LogEntry) => string;
  /** The object as plain text (it names the row's "mark viewed" button); `renderObject` may show it as a link. */
  objectText: (entry: LogEntry) => string;
  renderObject?: (entry: LogEntry) => ReactNode;
  renderChanges: (entry: LogEntry) => ReactNode;
  /** Marking entries viewed, one or all, for the logs whose readers follow what is new (the history has none). */
  viewing?: { onMarkViewed: (entry: LogEntry) => void; onMarkAllViewed: () => void; markingAll: boolean };
  /** The feature's own filters, placed around the "viewed" one (null without `viewing`). */
  filters?: (viewedFilter: ReactNode) => ReactNode;
  /** Buttons at the end of the filters' row (a download). */
  tools?: ReactNode;
}

/** A log of changes: who did what to which object, and when; unviewed entries stand out and can be marked viewed, one or all. */
export function LogTable({
  label,
  objectLabel,
  state,
  log,
  actionLabel,
  objectText,
  renderObject = (entry) => <LongText text={objectText(entry)} />,
  renderChanges,
  viewing,
  filters = (viewedFilter) => viewedFilter,
  tools,
}: LogTableProps) {
  const { t } = useTranslation();
  const word = (key: string) => t(`common:log.${key}`);

  const columns: Column<LogEntry>[] = [
    { key: 'at', label: word('time'), sortKey: 'at', nowrap: true, render: (e) => formatDateTime(e.at) },
    { key: 'actor', label: word('author'), render: (e) => (e.actor ? `${e.actor.name} ${e.actor.surname}` : word('system')) },
    {
      key: 'action',
      label: word('action'),
      render: (e) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{actionLabel(e.action, e)}</span>
          {e.viewed || !viewing ? null : <Chip size="small" color="primary" label={word('new')} />}
        </Stack>
      ),
    },
    { key: 'object', label: objectLabel, render: renderObject },
    { key: 'changes', label: word('changes'), render: renderChanges },
    ...(viewing
      ? [
          {
            key: 'actions',
            label: word('actions'),
            align: 'right' as const,
            render: (e: LogEntry) =>
              e.viewed ? null : (
                <RowActions
                  actions={[
                    {
                      label: t('common:log.markViewedNamed', { action: actionLabel(e.action, e), object: objectText(e) }),
                      icon: <DoneOutlined fontSize="small" />,
                      onClick: () => viewing.onMarkViewed(e),
                    },
                  ]}
                />
              ),
          },
        ]
      : []),
  ];

  const viewedFilter = viewing ? (
    <FilterSelect
      label={word('viewedFilter')}
      value={state.viewed}
      onChange={state.setViewed}
      options={[
        { value: 'false', label: word('unviewed') },
        { value: 'true', label: word('viewed') },
      ]}
    />
  ) : null;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {filters(viewedFilter)}
        <Box sx={{ flexGrow: 1 }} />
        {tools}
        {viewing ? (
          <Button variant="outlined" startIcon={<DoneAllOutlined />} loading={viewing.markingAll} onClick={viewing.onMarkAllViewed}>
            {word('markAllViewed')}
          </Button>
        ) : null}
      </Stack>
      <PagedTable
        label={label}
        columns={columns}
        rows={log.data?.rows ?? []}
        total={log.data?.total ?? 0}
        loading={log.isFetching}
        state={state.table}
        onStateChange={state.setTable}
        rowKey={(e) => e.id}
        rowSx={(e) => (e.viewed || !viewing ? undefined : { bgcolor: 'action.hover' })}
      />
    </Stack>
  );
}
