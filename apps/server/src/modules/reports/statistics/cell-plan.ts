import type { StatCellValues } from '@portal/shared/reports-model';
import type { Dimensions } from './cell-stats.ts';
import { suppressComplementary } from './complementary.ts';

/** A freeze's work planned before it is done: the cells to compute and the sibling groups to protect after. */

/** A cell's dimensions, every one not given a roll-up (null). */
export const dims = (over: Partial<Dimensions> & Pick<Dimensions, 'domain' | 'metric'>): Dimensions => ({
  positionId: null,
  jobGroupId: null,
  regionId: null,
  sizeBand: null,
  category: null,
  distributorId: null,
  ...over,
});

/** Work to do: each cell a closure, so the progress can count them before computing and the caller can pace them. */
type CellJob = () => StatCellValues;

export class CellPlan {
  readonly jobs: CellJob[] = [];
  /** Sibling groups by the jobs' indexes, resolved once the cells exist. */
  readonly groups: { parent: number; siblings: number[] }[] = [];

  add(job: CellJob): number {
    this.jobs.push(job);
    return this.jobs.length - 1;
  }

  /** The complementary suppression over the computed cells (in the jobs' order); answers how many it hid. */
  complete(cells: StatCellValues[]): number {
    return suppressComplementary(this.groups.map((g) => ({ parent: cells[g.parent]!, siblings: g.siblings.map((i) => cells[i]!) })));
  }

  run(): StatCellValues[] {
    const cells = this.jobs.map((job) => job());
    this.complete(cells);
    return cells;
  }
}

export function groupBy<T, K>(items: readonly T[], key: (t: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
