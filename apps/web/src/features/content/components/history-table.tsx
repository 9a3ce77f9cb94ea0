import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { HISTORY_AREAS, HISTORY_OBJECTS, LOG_NAMESPACES, type LogEntry, logActionKey, SECURITY_AREA, SECURITY_LOG_ACTIONS } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFilter } from '../../../components/date-filter.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { LogDiff } from '../../../components/log-diff.tsx';
import { LogTable, useLogState } from '../../../components/log-table.tsx';
import { LongText } from '../../../components/long-text.tsx';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { useDownloadHistory, useHistory, useHistoryAuthors } from '../api/history.ts';
import { notifyFailed } from './notify.ts';

const namespaceOf = (domain: string) => LOG_NAMESPACES[domain as keyof typeof LOG_NAMESPACES] ?? 'common';

/**
 * The staff's history: every change across the portal, by area, author, days and kind of object; to Excel. Admin also
 * reads the security log here (its own area: sign-ins, failures, second factors, sessions), each entry with its address.
 */
export function HistoryTable() {
  const { t, i18n } = useTranslation();
  const prefix = useStaffPrefix();
  const state = useLogState();
  const [area, setArea] = useState('');
  const [author, setAuthor] = useState('');
  const [entity, setEntity] = useState('');
  // The security log's event: offered, and sent, only while that log is chosen.
  const [event, setEvent] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filters = {
    area,
    entity,
    from,
    to,
    ...(author ? { actorId: Number(author) } : {}),
    ...(area === SECURITY_AREA && event ? { action: event } : {}),
  };
  const log = useHistory(prefix, { ...state.table, ...filters });
  const authors = useHistoryAuthors(prefix);
  const download = useDownloadHistory(prefix);
  const kindOf = (e: LogEntry) => t(`content:history.objects.${e.entity}`, { defaultValue: e.entity });
  const objectOf = (e: LogEntry) => e.entityLabel ?? (e.entityId === null ? kindOf(e) : `${kindOf(e)} #${e.entityId}`);
  const areas = prefix === 'admin' ? [...HISTORY_AREAS, SECURITY_AREA] : HISTORY_AREAS;
  const actionLabel = (domain: string, action: string) => t(`${namespaceOf(domain)}:logAction.${logActionKey(action)}`, { defaultValue: action });

  return (
    <LogTable
      label={t('content:history.label')}
      objectLabel={t('content:history.object')}
      state={state}
      log={log}
      actionLabel={(action, e) => actionLabel(e.domain, action)}
      objectText={objectOf}
      renderObject={(e) => (
        <>
          <Box sx={{ fontSize: 12, color: 'text.secondary' }}>
            {t(`content:history.areas.${e.domain}`)} · {kindOf(e)}
          </Box>
          <LongText text={objectOf(e)} />
          {e.ip ? <Box sx={{ fontSize: 12, color: 'text.secondary' }}>{t('content:history.addressOf', { ip: e.ip })}</Box> : null}
        </>
      )}
      renderChanges={(e) => (
        <LogDiff
          before={e.before}
          after={e.after}
          fieldLabel={(key) => t(`${namespaceOf(e.domain)}:logField.${key}`, { defaultValue: key })}
          valueLabel={(key, value) => {
            if (typeof value !== 'string') return undefined;
            if (key === 'role') return t(`common:roles.${value}`, { defaultValue: value });
            // A coded value the log's catalogue puts in words (a passkey refusal's reason); free text stays as written.
            const coded = `${namespaceOf(e.domain)}:logValue.${key}.${value}`;
            return i18n.exists(coded) ? t(coded) : undefined;
          }}
        />
      )}
      filters={() => (
        <>
          <FilterSelect
            label={t('content:history.area')}
            value={area}
            onChange={state.filtered(setArea)}
            allLabel={t('content:history.allAreas')}
            options={areas.map((a) => ({ value: a, label: t(`content:history.areas.${a}`) }))}
          />
          {area === SECURITY_AREA ? (
            <FilterSelect
              label={t('content:history.event')}
              value={event}
              onChange={state.filtered(setEvent)}
              allLabel={t('content:history.allEvents')}
              options={SECURITY_LOG_ACTIONS.map((a) => ({ value: a, label: actionLabel(SECURITY_AREA, a) })).sort((a, b) =>
                a.label.localeCompare(b.label, i18n.language),
              )}
            />
          ) : null}
          <FilterSelect
            label={t('common:log.author')}
            value={author}
            onChange={state.filtered(setAuthor)}
            allLabel={t('content:history.allAuthors')}
            options={(authors.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} ${p.surname}` }))}
          />
          <FilterSelect
            label={t('content:history.objectKind')}
            value={entity}
            onChange={state.filtered(setEntity)}
            allLabel={t('content:history.allObjects')}
            options={HISTORY_OBJECTS.map((o) => ({ value: o, label: t(`content:history.objects.${o}`) }))}
          />
          <DateFilter label={t('common:log.from')} value={from} onChange={state.filtered(setFrom)} />
          <DateFilter label={t('common:log.to')} value={to} onChange={state.filtered(setTo)} />
        </>
      )}
      tools={
        <Button
          variant="outlined"
          startIcon={<DownloadOutlined />}
          loading={download.isPending}
          onClick={() => download.mutate(filters, { onError: (error) => notifyFailed('historyDownload', error) })}
        >
          {t('content:history.download')}
        </Button>
      }
    />
  );
}
