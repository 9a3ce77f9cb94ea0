import type { Role } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/crypto.ts';
import type { Db } from '../client.ts';
import { companies, users } from '../schema/index.ts';

const FIRST = [
  'Alexander',
  'Maria',
  'Dmitry',
  'Elena',
  'Sergey',
  'Olga',
  'Andrey',
  'Natalia',
  'Pavel',
  'Irina',
  'Mikhail',
  'Anna',
  'Ivan',
  'Tatiana',
  'Nikolai',
  'Svetlana',
];
const LAST = [
  'Ivanov',
  'Smirnov',
  'Kuznetsov',
  'Popov',
  'Vasiliev',
  'Petrov',
  'Sokolov',
  'Mikhailov',
  'Novikov',
  'Fedorov',
  'Morozov',
  'Volkov',
  'Alekseev',
  'Lebedev',
  'Semenov',
  'Egorov',
];
const POSITIONS = [
  'Medical Advisor',
  'Sales Manager',
  'Regulatory Specialist',
  'Market Access Lead',
  'HR Business Partner',
  'Finance Controller',
  'Brand Manager',
  'Quality Assurance Manager',
];
const KINDS = ['Pharma', 'Bio', 'Therapeutics', 'Laboratories', 'Healthcare', 'Medical'];

/** Realistic volume for development and benchmarks: 300 companies and 10,000 people, one password hash reused. */
export async function seedLarge(db: Db, now: Date, options = { companies: 300, people: 10_000 }): Promise<{ companies: number; people: number }> {
  const passwordHash = await hashPassword('Demo12345');
  const [existing] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(companies)
    .where(sql`${companies.domain} LIKE 'large-%'`);
  if ((existing?.n ?? 0) > 0) return { companies: 0, people: 0 };
  const companyRows = Array.from({ length: options.companies }, (_, i) => ({
    name: `${LAST[i % LAST.length]} ${KINDS[i % KINDS.length]} ${i + 1}`,
    domain: `large-${i + 1}.test`,
    status: (['confirmed', 'confirmed', 'in_progress', 'new'] as const)[i % 4],
    isActive: i % 10 !== 9,
    createdAt: new Date(now.getTime() - i * 86_400_000),
  }));
  const ids: { id: number; isActive: boolean }[] = [];
  for (let i = 0; i < companyRows.length; i += 100) {
    ids.push(
      ...(await db
        .insert(companies)
        .values(companyRows.slice(i, i + 100))
        .returning({ id: companies.id, isActive: companies.isActive })),
    );
  }
  const perCompany = Math.ceil(options.people / ids.length);
  const people = Array.from({ length: options.people }, (_, i) => {
    const company = ids[i % ids.length]!;
    const nth = Math.floor(i / ids.length);
    const role: Role = nth === 0 ? 'ceo' : nth < 3 ? 'trusted' : 'employee';
    return {
      email: `person${i + 1}@large-${(i % ids.length) + 1}.test`,
      name: FIRST[i % FIRST.length]!,
      surname: `${LAST[(i * 7) % LAST.length]}${nth % 3 === 0 ? '' : nth % 3 === 1 ? 'a' : 'in'}`,
      position: POSITIONS[i % POSITIONS.length]!,
      phone: `+7 495 ${String(1_000_000 + i).slice(-7)}`,
      role,
      status: i % 5 === 0 ? ('registered' as const) : ('joined' as const),
      isActive: company.isActive && i % 23 !== 0,
      passwordHash,
      companyId: company.id,
      createdAt: new Date(now.getTime() - (i % perCompany) * 3_600_000),
      updatedAt: now,
    };
  });
  for (let i = 0; i < people.length; i += 500) await db.insert(users).values(people.slice(i, i + 500));
  await db.execute(sql`ANALYZE`);
  return { companies: ids.length, people: people.length };
}
