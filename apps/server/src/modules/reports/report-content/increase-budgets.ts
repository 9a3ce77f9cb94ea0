import { excludingFreezes, FREEZE_SPLIT_ITEMS } from '@portal/shared/reports-model';
import { BENCHMARK_CATEGORIES } from '@portal/shared/survey-model';
import type { TableSection } from '../report-document.ts';
import { benchmarkLabel, categoryLabel, table } from './sections.ts';
import { type CellIndex, type StatReader, statColumns } from './stat-cells.ts';

const STATS = ['nCompanies', 'meanCompany', 'p25', 'p50', 'p75'] as const;

/**
 * The actual and planned increase budgets (design §3.1) per staff category, over every company that answered
 * (including freezes, diluted) and over those without a freeze in the category (excluding them, undiluted).
 */
export function increaseBudgets(cells: CellIndex, read: StatReader): TableSection {
  const { w } = read;
  const rows = FREEZE_SPLIT_ITEMS.flatMap((key) =>
    [null, ...BENCHMARK_CATEGORIES].flatMap((category) =>
      (
        [
          ['including', key],
          ['excluding', excludingFreezes(key)],
        ] as const
      ).flatMap(([basis, metric]) => {
        const cell = cells.get({ domain: 'benchmark', metric, category });
        return cell
          ? [{ item: benchmarkLabel(key, w), category: categoryLabel(category, w), basis: w.t(`basis.${basis}`), ...read.row(cell, STATS) }]
          : [];
      }),
    ),
  );
  const columns = statColumns(w, STATS, 'pct').map((c) => (c.key === 'meanCompany' ? { ...c, label: w.t('columns.mean') } : c));
  return table(
    {
      heading: w.t('general.budgets'),
      columns: [
        { key: 'item', label: w.t('columns.item'), format: 'text' },
        { key: 'category', label: w.t('columns.category'), format: 'text' },
        { key: 'basis', label: w.t('columns.basis'), format: 'text' },
        ...columns,
      ],
      rows,
    },
    read,
    [w.t('notes.freezes')],
  );
}
