import type { StatCellValues } from '@portal/shared/reports-model';
import { suppress } from './cell-stats.ts';

/**
 * Cells that add up to a published parent (the regions of a position under its roll-up, the size bands of a position):
 * a lone hidden sibling could be recomputed from the parent and the others (means × counts), so it never stays alone.
 */
export interface SiblingGroup {
  parent: StatCellValues;
  siblings: StatCellValues[];
}

/** The sibling hidden next: the fewest companies, then the fewest incumbents, then the first listed. */
function weakest(cells: StatCellValues[]): StatCellValues | undefined {
  let best: StatCellValues | undefined;
  for (const c of cells) {
    if (!best || c.nCompanies < best.nCompanies || (c.nCompanies === best.nCompanies && c.nIncumbents < best.nIncumbents)) best = c;
  }
  return best;
}

/**
 * Complementary suppression (design §3.3): in every group whose parent is published, if exactly one sibling is hidden,
 * hide one more, or the parent when there is no other sibling; repeated until nothing changes, since a parent hidden in
 * one group changes no other group's count but a cell may sit in several groups. Answers how many cells it hid.
 */
export function suppressComplementary(groups: readonly SiblingGroup[]): number {
  let hidden = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (const { parent, siblings } of groups) {
      if (parent.suppressReason) continue;
      const suppressed = siblings.filter((s) => s.suppressReason);
      if (suppressed.length !== 1) continue;
      suppress(weakest(siblings.filter((s) => !s.suppressReason)) ?? parent, 'complementary');
      hidden++;
      changed = true;
    }
  }
  return hidden;
}
