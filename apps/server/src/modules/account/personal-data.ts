import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { LOCALE_TAG, type Locale, type User } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import archiver from 'archiver';
import PDFDocument from 'pdfkit';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { writeLog } from '../action-log/action-log.ts';
import { type PersonalData, personalDataOf } from './personal-data.repository.ts';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
type Row = Record<string, unknown>;

/**
 * "Download my data" (152-FZ art. 14, GDPR art. 15 and 20): a zip with everything the portal holds about the person as
 * JSON (to carry elsewhere) and as a readable PDF in their language. Only the person's own rows: their votes in
 * secret ballots are left out (the portal keeps them apart from the person), other people appear by name only where
 * they acted on this person's account (without their address), and what the person did to others is listed without
 * its values. The export itself is in the security log.
 */
export class PersonalDataExport {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  collect = (userId: number): Promise<PersonalData> => personalDataOf(this.db, userId);

  /** The zip, streamed as it is built; the export is logged first (an export that fails half-way was still asked for). */
  async zip(user: User, locale: Locale, ip: string): Promise<{ name: string; data: PassThrough }> {
    const now = this.clock.now();
    await this.db.transaction((tx) =>
      writeLog(tx, now, { domain: 'security', action: 'personal_data.exported', entity: 'user', entityId: user.id, actorId: user.id, ip }),
    );
    const data = await this.collect(user.id);
    const zip = archiver('zip', { zlib: { level: 6 } });
    const out = new PassThrough();
    zip.pipe(out);
    zip.on('error', (err) => out.destroy(err));
    zip.append(JSON.stringify({ exportedAt: now.toISOString(), ...data }, null, 2), { name: 'personal-data.json' });
    zip.append(pdfOf(data, locale, now), { name: 'personal-data.pdf' });
    void zip.finalize();
    return { name: `aipm-personal-data-${now.toISOString().slice(0, 10)}.zip`, data: out };
  }
}

/** The same data, readable: each section a heading, each record its fields as lines, in the person's language. */
function pdfOf(data: PersonalData, locale: Locale, now: Date): PassThrough {
  const say = (key: string, params?: Record<string, string>) => translate(locale, `account.personalData.${key}`, params);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: say('title') } });
  const out = new PassThrough();
  doc.pipe(out);
  doc.registerFont('body', FONT).registerFont('bold', BOLD);
  doc.font('bold').fontSize(18).text(say('title'));
  doc
    .font('body')
    .fontSize(10)
    .text(
      say('exportedAt', { at: new Intl.DateTimeFormat(LOCALE_TAG[locale], { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(now) }),
    );
  const value = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  const section = (key: keyof PersonalData, records: Row[]) => {
    doc
      .moveDown()
      .font('bold')
      .fontSize(13)
      .text(say(`sections.${key}`));
    doc.font('body').fontSize(9);
    if (!records.length) doc.text(say('none'));
    for (const record of records) {
      doc.moveDown(0.3);
      for (const [field, v] of Object.entries(record)) doc.text(`${field}: ${value(v)}`);
    }
  };
  section('profile', [data.profile]);
  for (const key of [
    'signupRequests',
    'committeeMemberships',
    'committeeRequests',
    'committeeSubscriptions',
    'votes',
    'eventRegistrations',
    'calendarFeeds',
    'surveyContacts',
    'sessions',
    'trustedDevices',
    'passkeys',
    'twoFactor',
    'securityEvents',
    'logEntries',
    'emails',
    'erasureRequests',
  ] as const) {
    if (key === 'twoFactor') section(key, [data.twoFactor]);
    else section(key, data[key]);
    if (key === 'logEntries' && data.logTruncated) doc.moveDown().text(say('logTruncated'));
    if (key === 'emails' && data.emailsTruncated) doc.moveDown().text(say('emailsTruncated'));
  }
  doc.end();
  return out;
}
