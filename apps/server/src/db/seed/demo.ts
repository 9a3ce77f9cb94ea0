import type { Role } from '@portal/shared';
import { STAFF_DATA_SCOPES } from '@portal/shared/reports-model';
import { eq, isNull } from 'drizzle-orm';
import { hashPassword } from '../../lib/crypto.ts';
import type { Db } from '../client.ts';
import { companies, staffDataAccess, users } from '../schema/index.ts';

export const DEMO_PASSWORD = 'Demo12345';
export const DEMO_COMPANY = { name: 'Demo Pharma', domain: 'demo.test' };

/** One account per role; staff and admin belong to the association, not to a company. */
export const DEMO_ACCOUNTS: { email: string; role: Role; name: string; surname: string; position: string }[] = [
  { email: 'admin@demo.test', role: 'admin', name: 'Anna', surname: 'Adminova', position: 'Portal administrator' },
  { email: 'staff@demo.test', role: 'staff', name: 'Sergey', surname: 'Staffov', position: 'Association coordinator' },
  { email: 'ceo@demo.test', role: 'ceo', name: 'Cyril', surname: 'Directorov', position: 'General Manager' },
  { email: 'trusted@demo.test', role: 'trusted', name: 'Tatiana', surname: 'Doverova', position: 'HR Director' },
  { email: 'employee@demo.test', role: 'employee', name: 'Egor', surname: 'Sotrudnikov', position: 'Medical Advisor' },
];

/** Seeds the demo company and accounts once; returns whether it created them (the survey's demo is demo-survey.ts's). */
export async function seedDemo(db: Db, now: Date): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS[0]!.email));
  if (!existing) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({ ...DEMO_COMPANY, status: 'confirmed', createdAt: now })
        .returning({ id: companies.id });
      const people = await tx
        .insert(users)
        .values(
          DEMO_ACCOUNTS.map((a) => ({
            ...a,
            phone: '+7 495 000-00-00',
            status: 'joined' as const,
            passwordHash,
            companyId: a.role === 'admin' || a.role === 'staff' ? null : company!.id,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: users.id, role: users.role });
      // The demo's staff member runs the reports: the admin has named them for every data scope.
      const staff = people.find((p) => p.role === 'staff');
      if (staff) await tx.insert(staffDataAccess).values(STAFF_DATA_SCOPES.map((scope) => ({ userId: staff.id, scope, grantedAt: now })));
    });
  }
  return !existing;
}

/**
 * The demo's people (and the browser journeys' fixtures) have accepted the personal data policy in force, so signing in
 * shows the portal rather than the question; a person added later by staff is still asked at their first sign-in.
 */
export async function acceptPolicyForAll(db: Db, version: string, now: Date): Promise<void> {
  await db.update(users).set({ policyVersion: version, policyAcceptedAt: now }).where(isNull(users.policyVersion));
}
