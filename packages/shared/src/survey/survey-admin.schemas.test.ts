import { describe, expect, it } from 'vitest';
import { earliestPublication, periodBody } from './survey-admin.schemas.ts';

const period = {
  code: '2026',
  titleEn: 'Salary survey 2026',
  titleRu: 'Опрос о зарплатах 2026',
  opensAt: null,
  closesAt: '2026-04-30T18:00:00Z',
  effectiveDate: '2026-04-01',
  bonusYear: 2025,
  minimumWage: '22440',
  publishNotBefore: '2026-07-01',
  priorPeriodId: null,
};

describe('a period', () => {
  it('publishes no earlier than three months after its effective date, the last day of a short month included', () => {
    expect(earliestPublication('2026-04-01')).toBe('2026-07-01');
    expect(earliestPublication('2025-11-30')).toBe('2026-02-28');
    expect(earliestPublication('2027-11-30')).toBe('2028-02-29');
  });

  it('takes exact roubles and the default thresholds', () => {
    const parsed = periodBody.parse({ ...period, minimumWage: '22440,5' });
    expect(parsed.minimumWage).toBe('22440.5');
    expect(parsed.rules).toEqual({ minCompanies: 5, minIncumbents: 5, minCompaniesP10P90: 10, minIncumbentsP10P90: 10, maxCompanySharePct: 25 });
  });

  it('says each broken date rule on its field, and never throws on a malformed day', () => {
    const issues = (input: object) =>
      Object.fromEntries((periodBody.safeParse({ ...period, ...input }).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(issues({ publishNotBefore: '2026-06-30' })).toEqual({ publishNotBefore: 'surveyAdmin.validation.publishTooEarly' });
    expect(issues({ opensAt: '2026-05-01T00:00:00Z' })).toEqual({ closesAt: 'surveyAdmin.validation.deadlineBeforeOpening' });
    expect(issues({ effectiveDate: '9'.repeat(40) })).toEqual({ effectiveDate: 'validation.invalid' });
  });
});
