import { ALLOWANCE_TYPES } from '@portal/shared/survey-model';
import type { CellValue, TableSection } from '../report-document.ts';
import { table } from './sections.ts';
import type { CellIndex, StatReader } from './stat-cells.ts';

/**
 * Each allowance's prevalence across positions (design §3.1, benefits): in the whole market (job group null) or per job
 * group, the companies paying it, their share of the companies and the share of incumbents receiving it. The payers'
 * count is the figure the rules are about, so it is hidden with the shares.
 */
export function allowancePrevalence(heading: string, jobGroupIds: readonly (number | null)[], cells: CellIndex, read: StatReader): TableSection {
  const { w } = read;
  const byGroup = jobGroupIds.length > 1 || jobGroupIds[0] !== null;
  const rows = jobGroupIds.flatMap((jobGroupId) =>
    ALLOWANCE_TYPES.flatMap((type) => {
      const cell = cells.get({ domain: 'allowance', metric: type, jobGroupId });
      if (!cell) return [];
      const group: Record<string, CellValue> = byGroup ? { jobGroup: jobGroupId === null ? w.t('cut.allJobGroups') : w.jobGroup(jobGroupId) } : {};
      return [{ ...group, allowance: w.t(`allowance.${type}`), ...read.countRow(cell, ['nCompanies', 'prevalencePct', 'meanIncumbent']) }];
    }),
  );
  return table(
    {
      heading,
      columns: [
        ...(byGroup ? [{ key: 'jobGroup', label: w.t('columns.jobGroup'), format: 'text' as const }] : []),
        { key: 'allowance', label: w.t('columns.allowance'), format: 'text' },
        { key: 'nCompanies', label: w.t('columns.payers'), format: 'int' },
        { key: 'prevalencePct', label: w.t('columns.companiesShare'), format: 'pct' },
        { key: 'meanIncumbent', label: w.t('columns.incumbentsShare'), format: 'pct' },
      ],
      rows,
    },
    read,
    [w.t('notes.benefits')],
  );
}
