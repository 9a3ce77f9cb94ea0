import {
  COMMITTEE_MAIL_EVENT_NAMES,
  COMMITTEE_MAIL_EVENTS,
  type CommitteeMailEvent,
  type CommitteeMailSettings,
  type committeeMailSettingsBody,
  type Locale,
} from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import { LOG } from './committees.service.ts';
import * as repo from './mail-settings.repository.ts';

/** What a committee e-mail is sent with: the event's template and the sender's name (none saved: the catalogue's, in the reader's language). */
export interface CommitteeMailChoice {
  templateId: number | undefined;
  senderName: string | undefined;
}

/** The sender's name a recipient sees. */
export const senderFor = (choice: CommitteeMailChoice, locale: Locale): string => choice.senderName ?? translate(locale, 'mail.committeeSender');

/** The committees' mail settings: which template each committee event uses, and the sender's name recipients see. */
export class MailSettingsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** The built-in template of each type, by type (the templates module's). */
    private readonly builtinIds: (tx: Executor, types: string[]) => Promise<Map<string, number>>,
    /** Whether a template exists and is of the type (the templates module's). */
    private readonly isOfType: (tx: Executor, id: number, type: string) => Promise<boolean>,
  ) {}

  get(): Promise<CommitteeMailSettings> {
    return this.current(this.db);
  }

  async update(actor: Actor, f: z.output<typeof committeeMailSettingsBody>): Promise<CommitteeMailSettings> {
    return this.db.transaction(async (tx) => {
      const before = await this.current(tx);
      const fields: Record<string, string> = {};
      for (const event of COMMITTEE_MAIL_EVENT_NAMES)
        if (!(await this.isOfType(tx, f[event], COMMITTEE_MAIL_EVENTS[event]))) fields[event] = 'validation.templateWrongType';
      if (Object.keys(fields).length) throw new AppError('VALIDATION', { fields });
      const templates = Object.fromEntries(COMMITTEE_MAIL_EVENT_NAMES.map((e) => [e, f[e]])) as CommitteeMailSettings['templates'];
      await repo.saveSettings(tx, f.senderName, templates, this.clock.now());
      const after = { senderName: f.senderName, templates };
      await writeLog(tx, this.clock.now(), {
        domain: LOG,
        action: 'settings.updated',
        entity: 'mailSettings',
        entityId: 1,
        ...authorOf(actor),
        before,
        after,
      });
      return after;
    });
  }

  /** The template and sender of an event's e-mails, read in the transaction that sends them. */
  async forEvent(tx: Executor, event: CommitteeMailEvent): Promise<CommitteeMailChoice> {
    const row = await repo.readSettings(tx);
    return { templateId: row?.templates[event], senderName: row?.senderName };
  }

  /** Whether the settings choose a template (it may not be deleted then). */
  chooses = (tx: Executor, templateId: number) => repo.chooses(tx, templateId);

  /** The saved settings, or until then the built-in templates and the catalogue's sender name. */
  private async current(tx: Executor): Promise<CommitteeMailSettings> {
    const row = await repo.readSettings(tx);
    if (row) return { senderName: row.senderName, templates: row.templates as CommitteeMailSettings['templates'] };
    const builtin = await this.builtinIds(tx, Object.values(COMMITTEE_MAIL_EVENTS));
    return {
      senderName: translate('en', 'mail.committeeSender'),
      templates: Object.fromEntries(
        COMMITTEE_MAIL_EVENT_NAMES.map((e) => [e, builtin.get(COMMITTEE_MAIL_EVENTS[e]) ?? 0]),
      ) as CommitteeMailSettings['templates'],
    };
  }
}
