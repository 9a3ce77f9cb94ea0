import {
  isSelectableMailType,
  type Locale,
  MAIL_TYPES,
  type MailType,
  placeholdersOf,
  type RenderedMail,
  type Template,
  type TemplateSummary,
  type templateCreateBody,
  type templateTrialBody,
  type templateUpdateBody,
  type User,
} from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { htmlToText, sanitizeMailHtml } from '../../mail/html.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { checkMessage, renderMail, type TemplateText, withUnsubscribeFooter } from '../../mail/templates.ts';
import type { UploadedFile } from '../../plugins/endpoint.ts';
import { type Actor, authorOf, writeLog } from '../action-log/action-log.ts';
import type { TemplateImages } from './template-images.ts';
import * as repo from './templates.repository.ts';

type Fields = z.output<typeof templateUpdateBody>;
/** Templates are part of the committees' log (spec: the log of committees, mailings and templates). */
const LOG = 'committee';

/** Whether a template is chosen somewhere (the committees' settings), so it may not go. */
export type TemplateInUse = (tx: Executor, id: number) => Promise<boolean>;

/**
 * The mail templates: every e-mail the portal sends is rendered from the one of its type (or the one the committees'
 * settings choose). Bodies are sanitised before they are stored; a template must hold its type's required
 * placeholders and no others.
 */
export class TemplatesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly inUse: TemplateInUse,
    private readonly images: TemplateImages,
  ) {}

  async list(): Promise<TemplateSummary[]> {
    return (await repo.listTemplates(this.db)).map(summaryOf);
  }

  async getById(id: number): Promise<Template> {
    const row = await repo.templateById(this.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return wholeOf(row);
  }

  async getByType(type: MailType): Promise<Template[]> {
    return (await repo.templatesOfType(this.db, type)).map(wholeOf);
  }

  async create(actor: Actor, f: z.output<typeof templateCreateBody>): Promise<Template> {
    if (!isSelectableMailType(f.type)) throw new AppError('VALIDATION', { fields: { type: 'validation.templateSingle' } });
    const values = { name: f.name, description: f.description, ...checkMessage(f.type, f) };
    return this.db.transaction(async (tx) => {
      const id = await repo.insertTemplate(tx, f.type, values, this.clock.now());
      await this.log(tx, actor, 'template.created', id, undefined, logged({ type: f.type, ...values }));
      return wholeOf((await repo.templateById(tx, id))!);
    });
  }

  async update(actor: Actor, f: Fields): Promise<Template> {
    return this.db.transaction(async (tx) => {
      const before = await repo.templateById(tx, f.id, true);
      if (!before) throw new AppError('NOT_FOUND');
      const values = { name: f.name, description: f.description, ...checkMessage(before.type as MailType, f) };
      await repo.updateTemplate(tx, f.id, values, this.clock.now());
      await this.log(tx, actor, 'template.updated', f.id, logged(before), logged({ type: before.type, ...values }));
      return wholeOf((await repo.templateById(tx, f.id))!);
    });
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await repo.templateById(tx, id, true);
      if (!before) throw new AppError('NOT_FOUND');
      if (before.builtin) throw new AppError('TEMPLATE_BUILTIN');
      if (await this.inUse(tx, id)) throw new AppError('TEMPLATE_IN_USE');
      await repo.deleteTemplate(tx, id);
      await this.log(tx, actor, 'template.deleted', id, logged(before));
    });
  }

  /** Stores an image for template bodies (checked by content) and logs it; answers its address. */
  async addImage(actor: Actor, upload: UploadedFile | undefined): Promise<{ url: string }> {
    const image = await this.images.add(upload);
    await this.db.transaction((tx) =>
      writeLog(tx, this.clock.now(), {
        domain: LOG,
        action: 'template.imageAdded',
        entity: 'mailTemplate',
        ...authorOf(actor),
        after: { image: image.url, fileName: upload?.filename },
      }),
    );
    return image;
  }

  /** A subject and body as they would be sent, filled with sample data. */
  preview(f: z.output<typeof templateTrialBody>): RenderedMail {
    return renderMail(trialText(f), f.locale, sampleParams(f.locale));
  }

  /** The same, sent to the caller. */
  async test(user: User, f: z.output<typeof templateTrialBody>): Promise<void> {
    await this.db.transaction((tx) =>
      enqueueMail(tx, this.clock.now(), { type: f.type, to: user.email, locale: f.locale, params: sampleParams(f.locale), template: trialText(f) }),
    );
  }

  private log(
    tx: Executor,
    actor: Actor,
    action: 'template.created' | 'template.updated' | 'template.deleted',
    id: number,
    before?: unknown,
    after?: unknown,
  ) {
    return writeLog(tx, this.clock.now(), {
      domain: LOG,
      action,
      entity: 'mailTemplate',
      entityId: id,
      ...authorOf(actor),
      before,
      after,
    });
  }
}

/** A trial's one language, as a template; a mailing's with the unsubscribe footer its recipients get. */
const trialText = (f: z.output<typeof templateTrialBody>): TemplateText => {
  const body = sanitizeMailHtml(f.body);
  const text = { subjectEn: f.subject, subjectRu: f.subject, bodyEn: body, bodyRu: body };
  return f.type === 'committeeMailing' ? withUnsubscribeFooter(text) : text;
};

/** Sample values of every placeholder, in the reader's language. */
export const sampleParams = (locale: Locale): Record<string, string> =>
  Object.fromEntries([...new Set(MAIL_TYPES.flatMap(placeholdersOf))].map((p) => [p, translate(locale, `mail.sample.${p}`)]));

/** What the log keeps of a template: bodies as their text (HTML would read poorly), cut to a readable length. */
const logged = (t: { type: string; name: string; description: string; subjectEn: string; subjectRu: string; bodyEn: string; bodyRu: string }) => ({
  name: t.name,
  type: t.type,
  description: t.description,
  subjectEn: t.subjectEn,
  subjectRu: t.subjectRu,
  bodyEn: htmlToText(t.bodyEn).slice(0, 2000),
  bodyRu: htmlToText(t.bodyRu).slice(0, 2000),
});

const summaryOf = (r: Omit<NonNullable<repo.TemplateRow>, 'subjectEn' | 'subjectRu' | 'bodyEn' | 'bodyRu'>): TemplateSummary => ({
  id: r.id,
  type: r.type as MailType,
  name: r.name,
  description: r.description,
  builtin: r.builtin,
  updatedAt: r.updatedAt.toISOString(),
});
const wholeOf = (r: NonNullable<repo.TemplateRow>): Template => ({
  ...summaryOf(r),
  subjectEn: r.subjectEn,
  subjectRu: r.subjectRu,
  bodyEn: r.bodyEn,
  bodyRu: r.bodyRu,
});
