import type { SuppressReason } from '@portal/shared/reports-model';
import type { CellValue, TableColumn } from '../reports/report-document.ts';
import { type Aggregate, type CreditStatistics, dbt, dso, millions, overdueOf, sharePct } from './credit-statistics.ts';

/**
 * The credit report's figures over time (design §3.1: "a trend over 12 periods", "change since the last period"): the
 * headline figures of a line as printed, and the change of a line between two periods, worked out from the two
 * printed (rounded) figures, so it tells nothing the two periods' reports do not. A line hidden in either period has
 * no change.
 */

/** A line's headline figures as the report prints them; null where there is nothing to divide by or no DBT. */
export interface Headline {
  manufacturers: number;
  receivables: number;
  overdue: number;
  overdueShare: number | null;
  dso: number | null;
  dbt: number | null;
}
export type HeadlineKey = keyof Headline;

export function headline(a: Aggregate, days: number): Headline {
  return {
    manufacturers: a.manufacturers,
    receivables: millions(a.receivables),
    overdue: millions(overdueOf(a)),
    overdueShare: sharePct(overdueOf(a), a.receivables),
    dso: dso(a.receivables, a.sales, days),
    dbt: dbt(a),
  };
}

/** The headline figures of a table, with their format: whole counts and RUB m, shares and days to 0.1. */
export const HEADLINE_FORMATS: Record<HeadlineKey, TableColumn['format']> = {
  manufacturers: 'int',
  receivables: 'int',
  overdue: 'int',
  overdueShare: 'pct',
  dso: 'pct',
  dbt: 'pct',
};

/** Half away from zero, of a quotient of whole numbers. */
const rounded = (q: number): number => Math.sign(q) * Math.round(Math.abs(q));

/**
 * The change between two printed figures (whole or to 0.1): absolute, and in per cent of the earlier one to 0.1
 * (null from 0); null when either is missing.
 */
export function change(now: number | null, then: number | null): { abs: number; pct: number | null } | null {
  if (now === null || then === null) return null;
  // In tenths, whole numbers: no floating point error in the difference.
  const nowT = Math.round(now * 10);
  const thenT = Math.round(then * 10);
  const diff = nowT - thenT;
  return { abs: diff / 10, pct: thenT === 0 ? null : rounded((diff * 1000) / thenT) / 10 };
}

/** How a table says a figure is missing or hidden. */
export interface ChangeWords {
  /** A figure hidden in this period, and why. */
  hidden(reason: SuppressReason): CellValue;
  /** A change hidden because the line was hidden in the last period. */
  hiddenThen(reason: SuppressReason): CellValue;
  /** Nothing to show (no DBT, nothing to divide by). */
  none: string;
}

/** A line of two periods: the change of each headline figure (`<key>`) and its per cent (`<key>Pct`). */
export function changeCells(
  now: Headline | { hidden: SuppressReason },
  then: Headline | { hidden: SuppressReason },
  keys: readonly HeadlineKey[],
  w: ChangeWords,
): Record<string, CellValue> {
  const cells: Record<string, CellValue> = {};
  for (const key of keys) {
    if ('hidden' in now) cells[key] = cells[`${key}Pct`] = w.hidden(now.hidden);
    else if ('hidden' in then) cells[key] = cells[`${key}Pct`] = w.hiddenThen(then.hidden);
    else {
      const c = change(now[key], then[key]);
      cells[key] = c ? c.abs : w.none;
      cells[`${key}Pct`] = c?.pct ?? w.none;
    }
  }
  return cells;
}

/** A published line of a period's statistics by distributor, or why it was hidden then. */
export function lineOf(stats: CreditStatistics, distributorId: number, days: number): Headline | { hidden: SuppressReason } {
  if (!stats.market) return { hidden: stats.marketReason ?? 'min_companies' };
  const line = stats.published.find((l) => l.distributorId === distributorId);
  // Not reported at all then: fewer than the minimum, none.
  return line ? headline(line, days) : { hidden: stats.pooledReasons.get(distributorId) ?? 'min_companies' };
}
