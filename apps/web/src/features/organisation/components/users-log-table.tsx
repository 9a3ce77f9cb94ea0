import Box from '@mui/material/Box';
import type { LogEntry } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFilter } from '../../../components/date-filter.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { LogDiff } from '../../../components/log-diff.tsx';
import { LogTable, useLogState } from '../../../components/log-table.tsx';
import { LongText } from '../../../components/long-text.tsx';
import { useAipmEmployees } from '../api/aipm-employees.ts';
import { useMarkLogViewed } from '../api/mark-log-viewed.ts';
import { useStaffPrefix } from '../api/prefix.ts';
import { useSetAllLogViewed } from '../api/set-all-log-viewed.ts';
import { useUsersLog } from '../api/users-log.ts';
import { LOG_ACTIONS, personName, useOrgLabels } from './labels.ts';
import { toastCallbacks } from './notify.ts';

/** The users' log: who changed which person or company, when, and what changed; filters; mark viewed. */
export function UsersLogTable() {
  const { t } = useTranslation();
  const labels = useOrgLabels();
  const prefix = useStaffPrefix();
  const state = useLogState();
  const [action, setAction] = useState('');
  const [author, setAuthor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const log = useUsersLog(prefix, { ...state.table, action, viewed: state.viewed, from, to, ...(author ? { actorId: Number(author) } : {}) });
  const staff = useAipmEmployees(prefix);
  const markOne = useMarkLogViewed();
  const markAll = useSetAllLogViewed();
  const objectOf = (entry: LogEntry) => entry.entityLabel ?? `${labels.entity(entry.entity)}${entry.entityId !== null ? ` #${entry.entityId}` : ''}`;

  return (
    <LogTable
      label={t('organisation:tabs.log')}
      objectLabel={t('organisation:log.object')}
      state={state}
      log={log}
      actionLabel={labels.action}
      objectText={objectOf}
      renderObject={(e) => (
        <>
          <Box sx={{ fontSize: 12, color: 'text.secondary' }}>{labels.entity(e.entity)}</Box>
          <LongText text={objectOf(e)} />
        </>
      )}
      renderChanges={(e) => (
        <LogDiff
          before={e.before}
          after={e.after}
          fieldLabel={(key) => t(`organisation:logField.${key}`, { defaultValue: key })}
          valueLabel={(key, value) => {
            // Codes of roles and statuses read as words.
            if (key === 'role' && typeof value === 'string') return labels.role(value);
            if (key === 'status' && typeof value === 'string') return e.entity === 'company' ? labels.companyStatus(value) : labels.userStatus(value);
            return undefined;
          }}
        />
      )}
      viewing={{
        onMarkViewed: (e) => markOne.mutate(e.id, toastCallbacks('logViewed')),
        onMarkAllViewed: () => markAll.mutate(undefined, toastCallbacks('logAllViewed')),
        markingAll: markAll.isPending,
      }}
      filters={(viewedFilter) => (
        <>
          <FilterSelect
            label={t('common:log.action')}
            value={action}
            onChange={state.filtered(setAction)}
            options={LOG_ACTIONS.map((code) => ({ value: code, label: labels.action(code) }))}
          />
          <FilterSelect
            label={t('common:log.author')}
            value={author}
            onChange={state.filtered(setAuthor)}
            options={(staff.data ?? []).map((p) => ({ value: String(p.id), label: personName(p) }))}
          />
          {viewedFilter}
          <DateFilter label={t('common:log.from')} value={from} onChange={state.filtered(setFrom)} />
          <DateFilter label={t('common:log.to')} value={to} onChange={state.filtered(setTo)} />
        </>
      )}
    />
  );
}
