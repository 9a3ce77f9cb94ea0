import type { Contact, ContactBody, User } from '@portal/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AreasService } from '../survey-access/areas.service.ts';
import type { Caller, QuestionnaireService } from './questionnaire.service.ts';
import * as repo from './survey.repository.ts';

const out = (c: NonNullable<Awaited<ReturnType<typeof repo.contactOf>>>): Contact => ({
  name: c.name,
  position: c.position,
  phone: c.phone,
  email: c.email,
  companyFullName: c.companyFullName,
  updatedAt: c.updatedAt.toISOString(),
});

/**
 * The respondent contact (design §1.3): personal data, so the company's people with the survey's area read it, its
 * ceo and trusted people write it, and staff read and correct it for a company they name.
 */
export class ContactService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly areas: AreasService,
    private readonly q: QuestionnaireService,
  ) {}

  private async companyOf(user: User, companyId: number | undefined): Promise<number> {
    await this.areas.requireArea(user, 'salary.fill');
    if (user.role === 'staff' || user.role === 'admin') {
      if (!companyId) throw new AppError('VALIDATION', { fields: { companyId: 'validation.required' } });
      if (!(await repo.companyName(this.db, companyId))) throw new AppError('NOT_FOUND');
      return companyId;
    }
    const own = user.company?.id;
    if (!own || (companyId && companyId !== own)) throw new AppError('FORBIDDEN');
    return own;
  }

  async get(user: User, companyId?: number): Promise<Contact | null> {
    const row = await repo.contactOf(this.db, await this.companyOf(user, companyId));
    return row ? out(row) : null;
  }

  /** Saves the contact and, when the company's survey is open, its contact step and the progress. */
  async update(caller: Caller, body: ContactBody & { companyId?: number }): Promise<Contact> {
    const companyId = await this.companyOf(caller.user, body.companyId);
    return this.db.transaction(async (tx) => {
      const before = await repo.contactOf(tx, companyId);
      const fields = { name: body.name, position: body.position, phone: body.phone, email: body.email, companyFullName: body.companyFullName };
      if (before && Object.entries(fields).every(([k, v]) => before[k as keyof typeof fields] === v)) throw new AppError('NOTHING_TO_SAVE');
      const now = this.clock.now();
      await repo.saveContact(tx, { companyId, surveyKind: 'salary', ...fields, updatedBy: caller.user.id, updatedAt: now });
      const period = await repo.periodFor(tx, 'salary');
      const response = period?.status === 'open' ? await repo.ensureResponse(tx, period.id, companyId) : undefined;
      if (period && response) {
        // A response made here has no steps yet: all of them are counted, as on its first opening.
        const fresh = (await repo.stepsOf(tx, response.id)).length === 0;
        await this.q.recompute(tx, { period, companyId, response }, fresh ? await this.q.stepKeys(tx, period.id) : ['contact']);
        await repo.writeEvent(tx, {
          responseId: response.id,
          userId: caller.user.id,
          action: 'save_step',
          stepKey: 'contact',
          summary: { before: before ? out(before) : null, after: fields },
          at: now,
          ip: caller.ip,
        });
      }
      return out((await repo.contactOf(tx, companyId))!);
    });
  }
}
