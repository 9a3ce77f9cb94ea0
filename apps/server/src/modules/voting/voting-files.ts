import { createRequire } from 'node:module';
import { LOCALE_TAG, type Locale, type VotingDetail, type VotingStats, type VotingSummary } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Column } from '../../lib/table-file.ts';

const require = createRequire(import.meta.url);
/** DejaVu Sans has Cyrillic letters; it is embedded in every protocol. */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** A QR code of the public link, large enough for a slide or a printed sheet. */
export async function qrCode(link: string, format: 'png' | 'svg'): Promise<Buffer | string> {
  if (format === 'svg') return QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return QRCode.toBuffer(link, { type: 'png', width: 1200, margin: 2, errorCorrectionLevel: 'M' });
}

const formatDate = (locale: Locale, iso: string) =>
  new Intl.DateTimeFormat(LOCALE_TAG[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));

export function votingColumns(locale: Locale): Column<VotingSummary>[] {
  const t = (k: string) => translate(locale, `voting.${k}`);
  return [
    { header: t('fields.title'), value: (v) => v.title, width: 50 },
    { header: t('fields.status'), value: (v) => t(`status.${v.status}`) },
    { header: t('fields.startsAt'), value: (v) => formatDate(locale, v.startsAt) },
    { header: t('fields.endsAt'), value: (v) => formatDate(locale, v.endsAt) },
    { header: t('fields.responses'), value: (v) => v.responses },
    { header: t('fields.maxResponses'), value: (v) => v.maxResponses ?? '' },
    { header: t('fields.published'), value: (v) => translate(locale, v.publishResults ? 'common.yes' : 'common.no') },
  ];
}

export interface AnswerRow {
  surname: string;
  name: string;
  email: string;
  company: string;
  at: string;
  answers: string;
  status: string;
  reason: string;
  source: string;
}

/** The answers' columns; without the e-mail code, a public-form answer says it was not confirmed. */
export function answerColumns(locale: Locale, requireCode: boolean): Column<AnswerRow>[] {
  const t = (k: string) => translate(locale, `voting.${k}`);
  return [
    { header: translate(locale, 'organisation.columns.surname'), value: (r) => r.surname },
    { header: translate(locale, 'organisation.columns.name'), value: (r) => r.name },
    { header: translate(locale, 'organisation.columns.email'), value: (r) => r.email, width: 30 },
    { header: translate(locale, 'organisation.columns.company'), value: (r) => r.company, width: 30 },
    { header: t('fields.at'), value: (r) => formatDate(locale, r.at) },
    { header: t('fields.answers'), value: (r) => r.answers, width: 50 },
    { header: t('fields.responseStatus'), value: (r) => t(`responseStatus.${r.status}`) },
    { header: t('fields.reason'), value: (r) => r.reason, width: 30 },
    { header: t('fields.source'), value: (r) => t(`source.${r.source === 'public' && !requireCode ? 'publicNoCode' : r.source}`) },
  ];
}

/** The protocol of the result: question, options with counts, turnout, quorum, participants and (when named) their votes. */
export function protocolPdf(
  locale: Locale,
  voting: VotingDetail,
  stats: VotingStats,
  participants: { name: string; company: string; at: string; answers: string | null }[],
  now: Date,
): Promise<Buffer> {
  const t = (k: string, p: Record<string, string | number> = {}) => translate(locale, `voting.${k}`, p);
  const number = new Intl.NumberFormat(LOCALE_TAG[locale], { maximumFractionDigits: 1 });
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: voting.title } });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('bold').fontSize(16).text(t('protocol.title'), { align: 'center' });
  doc.moveDown(0.5).fontSize(13).text(voting.title, { align: 'center' });
  doc.moveDown().font('body').fontSize(10);
  doc.text(`${t('fields.question')}: ${voting.question}`);
  doc.text(`${t('fields.period')}: ${formatDate(locale, voting.startsAt)} — ${formatDate(locale, voting.endsAt)} (UTC)`);
  doc.text(`${t('fields.status')}: ${t(`status.${voting.status}`)}`);
  doc.text(`${t('fields.secrecy')}: ${t(voting.secret ? 'secrecy.secret' : 'secrecy.named')}`);
  doc.text(`${t('fields.confirmation')}: ${t(voting.requireCode ? 'confirmation.code' : 'confirmation.none')}`);
  doc.moveDown().font('bold').fontSize(12).text(t('protocol.results'));
  doc.font('body').fontSize(10);
  for (const o of stats.options) {
    doc.text(`${o.seq}. ${o.name} — ${o.count ?? 0} (${number.format(o.share * 100)} %)`);
  }
  doc.moveDown();
  doc.text(t('protocol.turnout', { responses: stats.responses, max: stats.maxResponses, ratio: number.format(stats.responseRatio * 100) }));
  doc.text(
    stats.quorum === null
      ? t('protocol.noQuorum')
      : t(stats.quorumReached ? 'protocol.quorumReached' : 'protocol.quorumNotReached', { quorum: stats.quorum }),
  );
  doc
    .moveDown()
    .font('bold')
    .fontSize(12)
    .text(t('protocol.participants', { count: participants.length }));
  doc.font('body').fontSize(9);
  participants.forEach((p, i) => {
    doc.text(`${i + 1}. ${p.name}, ${p.company}, ${formatDate(locale, p.at)}${p.answers === null ? '' : ` — ${p.answers}`}`);
  });
  doc
    .moveDown()
    .fontSize(8)
    .fillColor('#666')
    .text(t('protocol.generated', { at: formatDate(locale, now.toISOString()) }));
  doc.end();
  return done;
}
