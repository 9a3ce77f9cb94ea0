import { type Locale, type Role, rolePath } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { holdsArea } from '../survey-access/areas.repository.ts';

export interface Recipient {
  companyId: number;
  email: string;
  name: string;
  locale: Locale;
  /** Where the survey is for them: their own area's questionnaire, or the login page for a contact without an account. */
  path: string;
}

/**
 * Who hears about a company's survey: its active people holding `salary.fill` (their role's default or an admin's grant,
 * minus a refusal) and the respondent contact's e-mail, once per address. A contact who is also a person of the portal
 * is reached as that person, in their language.
 */
export async function surveyRecipients(db: Executor, companyIds: number[]): Promise<Map<number, Recipient[]>> {
  const byCompany = new Map<number, Recipient[]>(companyIds.map((id) => [id, []]));
  if (!companyIds.length) return byCompany;
  const ids = sql.join(
    companyIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ company_id: number; email: string; name: string; locale: Locale | null; role: Role | null }>(
    db,
    sql`SELECT u.company_id, u.email, u.name || ' ' || u.surname AS name, u.locale, u.role
        FROM users u
        WHERE u.company_id IN (${ids}) AND u.is_active AND ${holdsArea('salary.fill', sql`u.id`, sql`u.role`)}
        UNION ALL
        SELECT rc.company_id, lower(rc.email), rc.name, NULL, NULL
        FROM respondent_contacts rc WHERE rc.company_id IN (${ids}) AND rc.survey_kind = 'salary'
        ORDER BY 1, 5 NULLS LAST, 2`,
  );
  for (const r of rows) {
    const list = byCompany.get(r.company_id)!;
    if (list.some((x) => x.email === r.email)) continue;
    list.push({
      companyId: r.company_id,
      email: r.email,
      name: r.name,
      locale: r.locale ?? 'ru',
      path: r.role ? rolePath(r.role, 'reports/selection/salary') : '/login',
    });
  }
  return byCompany;
}
