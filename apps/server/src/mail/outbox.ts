import type { Locale } from '@portal/shared';
import type { Executor } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { type MailType, renderTemplate, storedTemplates } from './templates.ts';

export interface OutgoingMail {
  type: MailType;
  to: string;
  locale: Locale;
  params: Record<string, string>;
}

/** Rows per insert when many messages go out at once (a voting's start notice to every eligible voter). */
const CHUNK = 500;

/**
 * Puts messages in the outbox, in the caller's transaction: they are sent only if the change commits.
 * The templates are read once, whatever the number of messages.
 */
export async function enqueueMail(tx: Executor, now: Date, mail: OutgoingMail | OutgoingMail[]): Promise<void> {
  const mails = Array.isArray(mail) ? mail : [mail];
  if (!mails.length) return;
  const templates = await storedTemplates(tx, [...new Set(mails.map((m) => m.type))]);
  const rows = mails.map((m) => ({
    type: m.type,
    to: m.to,
    ...renderTemplate(templates.get(`${m.type}:${m.locale}`), m.type, m.locale, m.params),
    nextAttemptAt: now,
    createdAt: now,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(mailOutbox).values(rows.slice(i, i + CHUNK));
}
