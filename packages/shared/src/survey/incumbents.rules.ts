import { decimalUnits } from '../decimal-units.ts';
import type { RuleIssue } from './survey.rules.ts';

/**
 * A grid row's averages from its incumbents (design §1.2), in exact kopecks and hundredths, rounded half up, so the
 * grid holds what the statistics engine would compute itself. Eligibility is a target above 0; the target and the
 * actual bonus are taken among eligible incumbents only, as the statistics read them (total cash adds target × the
 * eligible share, so a mean over everyone would count eligibility twice).
 */

/** One incumbent's figures as stored: decimals with two places. */
export interface IncumbentFigures {
  baseSalary: string;
  guaranteedExtraAnnual: string;
  bonusTargetPct: string;
  bonusActual: string;
}

/** The grid row's cells the incumbents fill (and which are read-only while it has them). */
export const INCUMBENT_FIELDS = [
  'headcount',
  'baseSalaryAvg',
  'guaranteedExtraAnnual',
  'bonusEligiblePct',
  'bonusTargetPct',
  'bonusActualAvg',
] as const;
export type IncumbentAverages = { headcount: number } & Record<Exclude<(typeof INCUMBENT_FIELDS)[number], 'headcount'>, string>;

const hundredths = (v: string): bigint => decimalUnits(v, 2);
const decimalOf = (h: bigint): string => `${h / 100n}.${String(h % 100n).padStart(2, '0')}`;
/** numerator ÷ denominator, rounded half up (both not negative). */
const divide = (numerator: bigint, denominator: bigint): bigint => (2n * numerator + denominator) / (2n * denominator);
const mean = (values: readonly string[]): string =>
  values.length
    ? decimalOf(
        divide(
          values.reduce((s, v) => s + hundredths(v), 0n),
          BigInt(values.length),
        ),
      )
    : '0.00';

/** The averages of a non-empty list of incumbents. */
export function incumbentAverages(incumbents: readonly IncumbentFigures[]): IncumbentAverages {
  const eligible = incumbents.filter((i) => hundredths(i.bonusTargetPct) > 0n);
  return {
    headcount: incumbents.length,
    baseSalaryAvg: mean(incumbents.map((i) => i.baseSalary)),
    guaranteedExtraAnnual: mean(incumbents.map((i) => i.guaranteedExtraAnnual)),
    bonusEligiblePct: decimalOf(divide(BigInt(eligible.length) * 10_000n, BigInt(incumbents.length))),
    bonusTargetPct: mean(eligible.map((i) => i.bonusTargetPct)),
    bonusActualAvg: mean(eligible.map((i) => i.bonusActual)),
  };
}

/** A finding on one incumbent's cell; the message is `survey.rules.<ruleCode>`. */
export type IncumbentIssue = Pick<RuleIssue, 'field' | 'ruleCode' | 'severity' | 'params'>;

/** The grid's rules for one person: the minimum wage and the target's range block; an odd bonus asks for a look. */
export function incumbentIssues(i: IncumbentFigures, minimumWage: string): IncumbentIssue[] {
  const issues: IncumbentIssue[] = [];
  const add = (field: string, ruleCode: string, severity: RuleIssue['severity'], params: RuleIssue['params'] = {}) =>
    issues.push({ field, ruleCode, severity, params });
  const base = hundredths(i.baseSalary);
  const target = hundredths(i.bonusTargetPct);
  const actual = hundredths(i.bonusActual);
  if (base < hundredths(minimumWage)) add('baseSalary', 'belowMinimumWage', 'error', { min: minimumWage });
  if (target > 20_000n) add('bonusTargetPct', 'bonusTargetRange', 'error');
  if (target === 0n && actual > 0n) add('bonusActual', 'bonusWithoutTarget', 'warning');
  // Actual is RUB a year, the target a share of twelve months' base: more than twice the target asks for a look.
  else if (target > 0n && actual * 10_000n > 2n * target * base * 12n) add('bonusActual', 'bonusOverTarget', 'warning');
  return issues;
}
