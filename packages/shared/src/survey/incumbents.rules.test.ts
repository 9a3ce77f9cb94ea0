import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type IncumbentFigures, incumbentAverages, incumbentIssues } from './incumbents.rules.ts';

const person = (baseSalary: string, bonusTargetPct = '0.00', bonusActual = '0.00', guaranteedExtraAnnual = '0.00'): IncumbentFigures => ({
  baseSalary,
  guaranteedExtraAnnual,
  bonusTargetPct,
  bonusActual,
});

describe('incumbent averages', () => {
  it('count the people, take the means half up, and the bonus among those with a target', () => {
    expect(
      incumbentAverages([person('100000.00', '20.00', '240000.00', '100000.00'), person('100000.00'), person('100001.00', '25.00', '300001.00')]),
    ).toEqual({
      headcount: 3,
      baseSalaryAvg: '100000.33',
      guaranteedExtraAnnual: '33333.33',
      bonusEligiblePct: '66.67',
      bonusTargetPct: '22.50',
      bonusActualAvg: '270000.50',
    });
    // 0.005 rounds up; nobody with a target means no eligibility and no bonus.
    expect(incumbentAverages([person('0.01'), person('0.00')])).toMatchObject({
      baseSalaryAvg: '0.01',
      bonusEligiblePct: '0.00',
      bonusTargetPct: '0.00',
      bonusActualAvg: '0.00',
    });
  });

  it('lie between the smallest and largest base, whatever the people', () => {
    const cents = fc.integer({ min: 0, max: 99_999_999_999 });
    fc.assert(
      fc.property(fc.array(cents, { minLength: 1, maxLength: 50 }), (bases) => {
        const text = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
        const mean = Number(incumbentAverages(bases.map((b) => person(text(b)))).baseSalaryAvg) * 100;
        return mean >= Math.min(...bases) - 0.5 && mean <= Math.max(...bases) + 0.5;
      }),
    );
  });
});

describe('incumbent rules', () => {
  it('block a base under the minimum wage and a target above 200 %, and ask about an odd bonus', () => {
    expect(incumbentIssues(person('22439.99'), '22440.00')).toEqual([
      { field: 'baseSalary', ruleCode: 'belowMinimumWage', severity: 'error', params: { min: '22440.00' } },
    ]);
    expect(incumbentIssues(person('100000.00', '200.01'), '22440.00').map((i) => i.ruleCode)).toEqual(['bonusTargetRange']);
    expect(incumbentIssues(person('100000.00', '0.00', '1.00'), '22440.00').map((i) => i.ruleCode)).toEqual(['bonusWithoutTarget']);
    // Twice the target of twelve months' base is the line: 2 × 20 % × 1 200 000.
    expect(incumbentIssues(person('100000.00', '20.00', '480000.00'), '22440.00')).toEqual([]);
    expect(incumbentIssues(person('100000.00', '20.00', '480000.01'), '22440.00').map((i) => i.ruleCode)).toEqual(['bonusOverTarget']);
  });
});
