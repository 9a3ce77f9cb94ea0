import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { COMMITTEE_LOG_ACTIONS, type LogEntry, logActionKey, REQUEST_STATUSES, type RequestStatus } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DateFilter } from '../../../components/date-filter.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { LogDiff } from '../../../components/log-diff.tsx';
import { LogTable, useLogState } from '../../../components/log-table.tsx';
import { LongText } from '../../../components/long-text.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useAllCommittees } from '../api/all-committees.ts';
import { useStaffPrefix } from '../api/keys.ts';
import { useCommitteeLog, useLogAuthors, useMarkLogViewed, useSetAllLogViewed } from '../api/log.ts';
import { personName, useCommitteeLabels } from './labels.ts';
import { toastCallbacks } from './staff-toasts.ts';

const isRequestStatus = (v: unknown): v is RequestStatus => (REQUEST_STATUSES as readonly unknown[]).includes(v);

/**
 * The committees' log, like the users' log: who changed which committee, group, member, request or subscription, when,
 * and what changed; filters by action, author, viewed and days. Only admin marks entries viewed (the call is admin's).
 */
export function CommitteeLogTable({ base, isAdmin }: { base: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const prefix = useStaffPrefix();
  const state = useLogState();
  const [action, setAction] = useState('');
  const [author, setAuthor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const log = useCommitteeLog(prefix, { ...state.table, action, viewed: state.viewed, from, to, ...(author ? { actorId: Number(author) } : {}) });
  const authors = useLogAuthors(prefix);
  const committees = useAllCommittees(prefix);
  const markOne = useMarkLogViewed();
  const markAll = useSetAllLogViewed();
  const actionLabel = (code: string) => t(`committees:logAction.${logActionKey(code)}`, { defaultValue: code });
  const kindOf = (entry: LogEntry) => t(`committees:staff.log.objects.${entry.entity}`, { defaultValue: entry.entity });
  const objectOf = (entry: LogEntry) => entry.entityLabel ?? `${kindOf(entry)}${entry.entityId !== null ? ` #${entry.entityId}` : ''}`;
  const committeeName = (id: unknown) => {
    const found = committees.data?.find((c) => c.id === id);
    return found ? labels.name(found) : undefined;
  };
  /** Codes and ids read as words: positions, request statuses, the committee a group belongs to, days. */
  const valueLabel = (key: string, value: unknown): string | undefined => {
    if (key === 'position' && typeof value === 'string') return labels.position(value);
    if (key === 'status' && isRequestStatus(value)) return labels.requestStatus(value);
    if (key === 'parentId') return committeeName(value);
    if ((key === 'since' || key === 'until') && typeof value === 'string') return formatDate(value);
    return undefined;
  };
  // An entry about a committee or group that still exists links to its page.
  const linksTo = (entry: LogEntry) =>
    entry.entity === 'committee' && entry.entityId !== null && committees.data?.some((c) => c.id === entry.entityId) ? entry.entityId : null;

  return (
    <LogTable
      label={t('committees:staff.log.label')}
      objectLabel={t('committees:staff.log.object')}
      state={state}
      log={log}
      actionLabel={actionLabel}
      objectText={objectOf}
      renderObject={(e) => {
        const id = linksTo(e);
        return (
          <>
            <Box sx={{ fontSize: 12, color: 'text.secondary' }}>{kindOf(e)}</Box>
            {id === null ? (
              <LongText text={objectOf(e)} />
            ) : (
              <Link component={RouterLink} to={`${base}/cwg/committees/${id}`}>
                <LongText text={objectOf(e)} />
              </Link>
            )}
          </>
        );
      }}
      renderChanges={(e) => (
        <LogDiff
          before={e.before}
          after={e.after}
          fieldLabel={(key) => t(`committees:logField.${key}`, { defaultValue: key })}
          valueLabel={valueLabel}
        />
      )}
      viewing={
        isAdmin
          ? {
              onMarkViewed: (e) => markOne.mutate(e.id, toastCallbacks('logViewed')),
              onMarkAllViewed: () => markAll.mutate(undefined, toastCallbacks('logAllViewed')),
              markingAll: markAll.isPending,
            }
          : undefined
      }
      filters={(viewedFilter) => (
        <>
          <FilterSelect
            label={t('common:log.action')}
            value={action}
            onChange={state.filtered(setAction)}
            options={COMMITTEE_LOG_ACTIONS.map((code) => ({ value: code, label: actionLabel(code) }))}
          />
          <FilterSelect
            label={t('common:log.author')}
            value={author}
            onChange={state.filtered(setAuthor)}
            options={(authors.data ?? []).map((p) => ({ value: String(p.id), label: personName(p) }))}
          />
          {viewedFilter}
          <DateFilter label={t('common:log.from')} value={from} onChange={state.filtered(setFrom)} />
          <DateFilter label={t('common:log.to')} value={to} onChange={state.filtered(setTo)} />
        </>
      )}
    />
  );
}
