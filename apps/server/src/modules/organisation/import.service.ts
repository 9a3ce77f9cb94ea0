import fs from 'node:fs/promises';
import { email, type ImportRow, type Locale, latinOnly, phone, requiredText, type User } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldErrors } from '../../plugins/endpoint.ts';
import type { AccountService } from '../account/account.service.ts';
import { writeLog } from '../action-log/action-log.ts';
import { findCompany } from './companies.repository.ts';
import { type RawRow, readImportFile } from './import-file.ts';
import { insertPerson } from './people.repository.ts';

/** An imported person: the same rules as the employee form; imports make employees or authorised persons. */
const importedPerson = z.object({
  name: requiredText(100),
  surname: requiredText(100),
  position: latinOnly(),
  phone,
  email,
  role: z.preprocess(
    (v) => (v === '' ? 'employee' : String(v).trim().toLowerCase()),
    z.enum(['employee', 'trusted'], { error: 'validation.invalid' }),
  ),
});

interface Checked {
  row: ImportRow;
  person?: z.output<typeof importedPerson>;
}

/** Bulk import of a company's people: a preview of every row, then all new rows in one transaction. */
export class ImportService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly accounts: AccountService,
  ) {}

  /** Checks every row (new, already known, or invalid with the reasons); with `commit`, creates the new ones and invites them. */
  async run(actor: User, companyId: number, file: { filename: string; path: string }, commit: boolean, locale: Locale, ip: string) {
    const raw = await readImportFile(file.filename, await fs.readFile(file.path));
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const company = await findCompany(tx, companyId, commit);
      if (!company) throw new AppError('VALIDATION', { fields: { companyId: 'validation.companyRequired' } });
      if (commit && !company.isActive) throw new AppError('COMPANY_INACTIVE');
      const checked = await this.check(tx, raw, locale);
      if (!commit) return { rows: checked.map((c) => c.row), created: 0 };
      if (checked.some((c) => c.row.outcome === 'invalid')) throw new AppError('IMPORT_HAS_INVALID_ROWS');
      let created = 0;
      for (const { row, person } of checked) {
        if (row.outcome !== 'new' || !person) continue;
        const id = await insertPerson(tx, { ...person, companyId, status: 'registered', locale: actor.locale, createdAt: now, updatedAt: now });
        await this.accounts.issueLink(tx, { id, name: person.name, email: person.email, locale: actor.locale }, 'first', now);
        await writeLog(tx, now, {
          domain: 'users',
          action: 'user.imported',
          entity: 'user',
          entityId: id,
          actorId: actor.id,
          after: { ...person, companyId },
          ip,
        });
        created++;
      }
      return { rows: checked.map((c) => c.row), created };
    });
  }

  private async check(tx: Executor, raw: RawRow[], locale: Locale): Promise<Checked[]> {
    const emails = raw.map((r) => r.email.trim().toLowerCase()).filter(Boolean);
    const known = new Set(
      emails.length ? (await tx.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((u) => u.email) : [],
    );
    const seen = new Map<string, number>();
    for (const e of emails) seen.set(e, (seen.get(e) ?? 0) + 1);
    return raw.map(({ line, ...fields }): Checked => {
      const parsed = importedPerson.safeParse(fields);
      const base = { line, ...fields };
      const tr = (key: string) => translate(locale, key);
      if (!parsed.success) {
        const reasons = Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([f, k]) => [f, tr(k)]));
        return { row: { ...base, outcome: 'invalid' as const, reasons } };
      }
      if ((seen.get(parsed.data.email) ?? 0) > 1)
        return { row: { ...base, outcome: 'invalid' as const, reasons: { email: tr('validation.duplicateInFile') } } };
      if (known.has(parsed.data.email)) return { row: { ...base, outcome: 'known' as const, reasons: { email: tr('validation.emailExists') } } };
      return { row: { ...base, email: parsed.data.email, outcome: 'new' as const, reasons: {} }, person: parsed.data };
    });
  }
}
