import { ALLOWANCE_TYPES, type AnonymityRules } from '@portal/shared/survey-model';
import { type CellPlan, dims } from './cell-plan.ts';
import { countCell, round } from './cell-stats.ts';
import { Exact } from './exact.ts';
import type { SurveyData } from './survey-statistics.ts';

/**
 * How widespread each allowance is across positions (design §3.1, benefits prevalence; the full report per job group):
 * over the whole market (job group null) and per job group, the companies paying it (the count), their share of the
 * companies with incumbents there (prevalence) and the share of those incumbents receiving it (meanIncumbent). A row's
 * allowance with an amount is paid; its share receiving defaults to all the row's incumbents. Published only when the
 * payers alone pass the rules, none holding more than the share limit of the receiving incumbents. The job groups'
 * incumbents add up to the market's, so the groups are siblings under it.
 */

/**
 * Receiving incumbents are counted in ten-thousandths (a share has two decimals of a percent): whole numbers, exact
 * and far below 2^53 for any survey, so the hundreds of thousands of additions need no fractions.
 */
const ALL = 10_000;
const HUNDRED = Exact.int(100);

const positive = (decimal: string | null) => decimal !== null && !decimal.startsWith('-') && /[1-9]/.test(decimal);

type Scope = number | null;
interface Population {
  heads: Map<number, number>;
  /** Per allowance type, each company's receiving incumbents in ten-thousandths. */
  receiving: Map<string, Map<number, number>>;
}

export function planAllowancePrevalence(plan: CellPlan, data: SurveyData, rules: AnonymityRules): void {
  const scopes = new Map<Scope, Population>();
  const scope = (s: Scope) => scopes.get(s) ?? scopes.set(s, { heads: new Map(), receiving: new Map() }).get(s)!;
  const market = scope(null);
  for (const e of data.entries) {
    market.heads.set(e.companyId, (market.heads.get(e.companyId) ?? 0) + e.headcount);
    const { heads } = scope(data.positions.get(e.positionId) ?? null);
    if (heads !== market.heads) heads.set(e.companyId, (heads.get(e.companyId) ?? 0) + e.headcount);
  }
  const shares = new Map<string | null, number>([[null, ALL]]);
  const shareOf = (pct: string | null) => {
    const known = shares.get(pct);
    if (known !== undefined) return known;
    const share = Number(Exact.parse(pct!).mul(HUNDRED).roundTo(Exact.int(1)).num);
    shares.set(pct, share);
    return share;
  };
  const add = ({ receiving }: Population, type: string, companyId: number, units: number) => {
    const byCompany = receiving.get(type) ?? receiving.set(type, new Map()).get(type)!;
    byCompany.set(companyId, (byCompany.get(companyId) ?? 0) + units);
  };
  for (const a of data.allowances) {
    if (!positive(a.amount)) continue;
    const units = a.headcount * shareOf(a.share);
    if (units === 0) continue;
    add(market, a.type, a.companyId, units);
    const group = scopes.get(data.positions.get(a.positionId) ?? null)!;
    if (group !== market) add(group, a.type, a.companyId, units);
  }

  const cell = (jobGroupId: Scope, type: string) => {
    const { heads, receiving } = scopes.get(jobGroupId)!;
    const units = receiving.get(type)!;
    const payers = [...units].map(([companyId, u]) => ({ companyId, weight: Exact.of(BigInt(u), BigInt(ALL)) }));
    return plan.add(() => {
      const c = countCell(dims({ domain: 'allowance', metric: type, jobGroupId }), payers, { weighted: true, population: heads.size }, rules);
      if (c.suppressReason) return c;
      let total = 0;
      for (const h of heads.values()) total += h;
      let received = 0;
      for (const u of units.values()) received += u;
      c.meanIncumbent = round(Exact.of(BigInt(received) * 100n, BigInt(total * ALL)), 'pct');
      return c;
    });
  };
  for (const type of ALLOWANCE_TYPES) {
    if (!market.receiving.has(type)) continue;
    const parent = cell(null, type);
    const groups = [...scopes.keys()].filter((s): s is number => s !== null && scopes.get(s)!.receiving.has(type));
    plan.groups.push({ parent, siblings: groups.map((g) => cell(g, type)) });
  }
}
