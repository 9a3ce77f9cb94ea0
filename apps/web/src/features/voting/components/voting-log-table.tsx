import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { ROLE_PREFIX } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LogTable, useLogState } from '../../../components/log-table.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
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
  const state = useLogState();
  const log = useVotingLog(prefix, { ...state.table, ...(state.viewed ? { viewed: state.viewed } : {}) } as never);
  const markOne = useSetLogViewed(prefix);
  const markAll = useSetAllLogViewed(prefix);

  return (
    <LogTable
      label={t('voting:log.tableLabel')}
      keyPrefix="voting:log"
      actionsLabel={t('voting:list.actions')}
      state={state}
      log={log}
      actionLabel={(action) => (i18n.exists(`voting:logAction.${action}`) ? t(`voting:logAction.${action}`) : action)}
      renderObject={(e) =>
        e.entityId !== null && e.action !== 'voting.deleted' ? (
          <Link component={RouterLink} to={`${base}/results/${e.entityId}`}>
            {e.entityLabel ?? `#${e.entityId}`}
          </Link>
        ) : (
          (e.entityLabel ?? (e.entityId !== null ? `#${e.entityId}` : ''))
        )
      }
      renderChanges={(e) => (
        <Box sx={{ fontSize: 12, color: 'text.secondary', maxWidth: 420, wordBreak: 'break-word' }}>{changes(e.before, e.after)}</Box>
      )}
      markViewedLabel={() => t('voting:log.markViewed')}
      onMarkViewed={(e) => markOne.mutate({ id: e.id }, toastCallbacks('logViewed'))}
      onMarkAllViewed={() => markAll.mutate(undefined, toastCallbacks('logAllViewed'))}
      markingAll={markAll.isPending}
    />
  );
}
