import {
  history as api,
  HISTORY_AREAS,
  LOG_NAMESPACES,
  type Locale,
  type LogEntry,
  logActionKey,
  SECURITY_AREA,
  STAFF_API_PREFIXES,
} from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type Column, sendFile, tableFile } from '../../lib/table-file.ts';
import { route } from '../../plugins/endpoint.ts';
import { LogBook } from './log-book.ts';

/** The most changes one download holds: a year of a busy secretariat; narrower filters give the rest. */
const DOWNLOAD_MAX = 10_000;

/**
 * The staff's history: every log that records changes to the portal (not sign-ins or personal settings) as one,
 * filtered by area, author, days and object, and as Excel with the changes in words.
 */
export function historyRoutes(app: FastifyInstance, db: Db, clock: Clock): void {
  const changes = new LogBook(db, [...HISTORY_AREAS]);
  const security = new LogBook(db, [SECURITY_AREA]);
  /** The book an area is read from: the security log is admin's alone (staff get 403), and never part of "all areas". */
  const bookOf = (p: (typeof STAFF_API_PREFIXES)[number], area: string | undefined) => {
    if (area !== SECURITY_AREA) return changes;
    if (p !== 'admin') throw new AppError('FORBIDDEN');
    return security;
  };
  for (const p of STAFF_API_PREFIXES) {
    route(app, api.list[p], ({ query }) => bookOf(p, query.area).list({ ...query, domain: query.area }));
    route(app, api.download[p], async ({ query, locale, reply }) => {
      const rows = await bookOf(p, query.area).entries({ ...query, domain: query.area, page: 1, pageSize: DOWNLOAD_MAX });
      const day = clock.now().toISOString().slice(0, 10);
      const columns = historyColumns(locale, query.area === SECURITY_AREA);
      return sendFile(reply, `history-${day}.xlsx`, 'xlsx', await tableFile('xlsx', 'history', columns, rows));
    });
  }
}

/** A log's words: the catalogue of the screen that shows the log, falling back to the code itself. */
function words(locale: Locale, domain: string) {
  const ns = LOG_NAMESPACES[domain as keyof typeof LOG_NAMESPACES] ?? 'common';
  const say = (key: string, fallback: string) => {
    const text = translate(locale, `${ns}.${key}`);
    return text === `${ns}.${key}` ? fallback : text;
  };
  return {
    action: (code: string) => say(`logAction.${logActionKey(code)}`, code),
    field: (field: string) => say(`logField.${field}`, field),
    /** A coded value in words where the catalogue has them (`logValue.<field>.<code>`: a passkey refusal's reason), else as it is. */
    value: (field: string, v: unknown) =>
      v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : say(`logValue.${field}.${String(v)}`, String(v)),
  };
}

/** "Field: before → after" per field that changed (or was set, or cleared), one per line. */
function changesText(locale: Locale, entry: LogEntry): string {
  const w = words(locale, entry.domain);
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => {
      if (!(key in before)) return `${w.field(key)}: ${w.value(key, after[key])}`;
      if (!(key in after)) return `${w.field(key)}: ${w.value(key, before[key])} → —`;
      return `${w.field(key)}: ${w.value(key, before[key])} → ${w.value(key, after[key])}`;
    })
    .join('\n');
}

function historyColumns(locale: Locale, withAddress: boolean): Column<LogEntry>[] {
  const t = (key: string) => translate(locale, key);
  const address: Column<LogEntry>[] = withAddress ? [{ header: t('content.history.address'), value: (e) => e.ip ?? '', width: 18 }] : [];
  return [
    { header: t('common.log.time'), value: (e) => e.at.slice(0, 19).replace('T', ' '), width: 20 },
    { header: t('content.history.area'), value: (e) => t(`content.history.areas.${e.domain}`) },
    { header: t('common.log.author'), value: (e) => (e.actor ? `${e.actor.name} ${e.actor.surname}` : t('common.log.system')) },
    { header: t('common.log.action'), value: (e) => words(locale, e.domain).action(e.action), width: 30 },
    { header: t('content.history.objectKind'), value: (e) => t(`content.history.objects.${e.entity}`) },
    { header: t('content.history.object'), value: (e) => e.entityLabel ?? (e.entityId === null ? '' : `#${e.entityId}`), width: 40 },
    { header: t('common.log.changes'), value: (e) => changesText(locale, e), width: 60 },
    ...address,
  ];
}
