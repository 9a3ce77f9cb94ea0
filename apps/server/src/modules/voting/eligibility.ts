import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { companies, users, votingCompanies } from '../../db/schema/index.ts';

/**
 * What eligibility depends on, as values or as SQL (columns of an outer query); committee and
 * working-group eligibility will add its own field here.
 */
export interface EligibilityRule {
  id: number | SQL;
  eligibility: 'all' | 'companies' | SQL;
}

/**
 * The one rule of who may vote: the active employees, trusted persons and general managers of active
 * member companies that the voting admits. Use it with `users` joined to `companies`.
 */
export function eligibleVoter(voting: EligibilityRule): SQL {
  return and(
    inArray(users.role, ['employee', 'trusted', 'ceo']),
    eq(users.isActive, true),
    eq(companies.isActive, true),
    sql`(${voting.eligibility} = 'all' OR ${users.companyId} IN (SELECT ${votingCompanies.companyId} FROM ${votingCompanies} WHERE ${votingCompanies.votingId} = ${voting.id}))`,
  ) as SQL;
}
