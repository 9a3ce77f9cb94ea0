import Link from '@mui/material/Link';
import { type LogEntry, logActionKey, rolePath } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LogDiff } from '../../../components/log-diff.tsx';
import { LogTable, useLogState } from '../../../components/log-table.tsx';
import { LongText } from '../../../components/long-text.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useVotingLog } from '../api/log.ts';
import { useVotingPrefix } from '../api/prefix.ts';
import { useSetAllLogViewed } from '../api/set-all-log-viewed.ts';
import { useSetLogViewed } from '../api/set-log-viewed.ts';
import { toastCallbacks } from './notify.ts';

/** A response's entries name its voter, though the voter never changes. */
const RESPONSE_CONTEXT = ['voter'] as const;

/** The voting log: who did what to which voting or response; mark one or all viewed. */
export function VotingLogTable() {
  const { t } = useTranslation();
  /** The settings' and statuses' codes as words; the options by number and name. */
  const valueLabel = (key: string, value: unknown): string | undefined => {
    if (key === 'status') return t([`voting:status.${value}`, `voting:responseStatus.${value}`]);
    if (key === 'language') return t(`voting:form.languages.${value}`);
    if (key === 'unit') return t(value === 'person' ? 'voting:form.unitPerson' : 'voting:form.unitCompany');
    if (key === 'eligibility') return t(value === 'companies' ? 'voting:form.eligibilityCompanies' : 'voting:form.eligibilityAll');
    if ((key === 'startsAt' || key === 'endsAt') && typeof value === 'string') return formatDateTime(value);
    if (key === 'options' && Array.isArray(value)) return value.map((o: { seq: number; name: string }) => `${o.seq}. ${o.name}`).join(', ');
    return undefined;
  };
  const prefix = useVotingPrefix();
  const base = rolePath(useCurrentUser()?.role ?? 'staff', 'voting');
  const state = useLogState();
  const log = useVotingLog(prefix, { ...state.table, viewed: state.viewed });
  const markOne = useSetLogViewed(prefix);
  const markAll = useSetAllLogViewed(prefix);
  const objectOf = (e: LogEntry) => e.entityLabel ?? (e.entityId !== null ? `#${e.entityId}` : '');

  return (
    <LogTable
      label={t('voting:log.tableLabel')}
      objectLabel={t('voting:log.object')}
      state={state}
      log={log}
      actionLabel={(action) => t(`voting:logAction.${logActionKey(action)}`, { defaultValue: action })}
      objectText={objectOf}
      renderObject={(e) =>
        e.entityId !== null && e.action !== 'voting.deleted' ? (
          <Link component={RouterLink} to={`${base}/results/${e.entityId}`}>
            <LongText text={objectOf(e)} />
          </Link>
        ) : (
          <LongText text={objectOf(e)} />
        )
      }
      renderChanges={(e) => (
        <LogDiff
          before={e.before}
          after={e.after}
          fieldLabel={(key) => t([`voting:logField.${key}`, `voting:fields.${key}`, `voting:form.${key}`], { defaultValue: key })}
          valueLabel={valueLabel}
          context={RESPONSE_CONTEXT}
        />
      )}
      viewing={{
        onMarkViewed: (e) => markOne.mutate({ id: e.id }, toastCallbacks('logViewed')),
        onMarkAllViewed: () => markAll.mutate(undefined, toastCallbacks('logAllViewed')),
        markingAll: markAll.isPending,
      }}
    />
  );
}
