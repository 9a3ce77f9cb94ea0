import type { Locale } from '@portal/shared';
import type { Executor } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { type MailType, renderMail } from './templates.ts';

export interface OutgoingMail {
  type: MailType;
  to: string;
  locale: Locale;
  params: Record<string, string>;
}

/** Puts a message in the outbox, in the caller's transaction: it is sent only if the change commits. */
export async function enqueueMail(tx: Executor, now: Date, mail: OutgoingMail): Promise<void> {
  const { subject, text } = await renderMail(tx, mail.type, mail.locale, mail.params);
  await tx.insert(mailOutbox).values({ type: mail.type, to: mail.to, subject, text, nextAttemptAt: now, createdAt: now });
}
