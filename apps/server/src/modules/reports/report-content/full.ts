import type { ReportLanguage, SalaryMetric } from '@portal/shared/reports-model';
import { CAREER_LEVELS } from '@portal/shared/survey-model';
import type { RangeChartSection, ReportDocument, ReportSection, SnapshotData, TableSection } from '../report-document.ts';
import { allowancePrevalence } from './allowances.ts';
import { cutLabel, methodology, participantList, reportFrame } from './cover.ts';
import type { ReportWords } from './report-words.ts';
import { reportWords } from './report-words.ts';
import { rangeBars, table } from './sections.ts';
import { CellIndex, STATS, StatReader, statColumns } from './stat-cells.ts';

/** The money statistics the full report gives for every position and cut. */
const FULL_METRICS: readonly SalaryMetric[] = ['base', 'annual_base', 'tcc_target', 'tcc_actual'];
const FULL_STATS = STATS.filter((s) => s !== 'prevalencePct');

/**
 * The full report (design §3.1): a table per job group (a sheet each in the xlsx) with every position × region, its size
 * bands and its all-Russia roll-up, for base, annual base and target and actual total cash; a ladder of each group's
 * positions by career level; and each allowance's prevalence per job group.
 */
export function fullReport(data: SnapshotData, language: ReportLanguage): ReportDocument {
  const w = reportWords(data, language);
  const cells = new CellIndex(data.cells);
  const read = new StatReader(data.rules, w);
  const groups = data.jobGroups.flatMap((g): ReportSection[] => {
    const positions = data.positions.filter((p) => p.jobGroupId === g.id);
    const section = groupTable(w.jobGroup(g.id), positions, data, cells, read);
    return section.rows.length === 0 ? [] : [section, ladder(w.jobGroup(g.id), positions, cells, w)];
  });
  const allowances = allowancePrevalence(w.t('full.allowances'), [null, ...data.jobGroups.map((g) => g.id)], cells, read);
  return reportFrame('full', data, w, [methodology(data, w), participantList(data, w), ...groups, allowances]);
}

function groupTable(group: string, positions: SnapshotData['positions'], data: SnapshotData, cells: CellIndex, read: StatReader): TableSection {
  const { w } = read;
  const regionIds = data.regions.map((r) => r.id);
  const rows = positions.flatMap((p) =>
    FULL_METRICS.flatMap((metric) =>
      cells.cutsOf('salary', metric, p.id, regionIds, true).map((c) => ({
        position: w.position(p.id),
        region: cutLabel(c, w),
        metric: w.t(`metric.${metric}`),
        ...read.row(c, FULL_STATS),
      })),
    ),
  );
  return table(
    {
      heading: w.t('full.jobGroup', { group }),
      sheet: group,
      columns: [
        { key: 'position', label: w.t('columns.position'), format: 'text' },
        { key: 'region', label: w.t('columns.region'), format: 'text' },
        { key: 'metric', label: w.t('columns.metric'), format: 'text' },
        ...statColumns(w, FULL_STATS),
      ],
      rows,
    },
    read,
    [w.t('notes.salaryUnits'), w.t('notes.weighting')],
  );
}

function ladder(group: string, positions: SnapshotData['positions'], cells: CellIndex, w: ReportWords): RangeChartSection {
  const level = (p: SnapshotData['positions'][number]) => CAREER_LEVELS.indexOf(p.careerLevel as (typeof CAREER_LEVELS)[number]);
  return {
    kind: 'range_chart',
    heading: w.t('full.ladder', { group }),
    bars: rangeBars(
      [...positions]
        .sort((a, b) => level(a) - level(b))
        .map((p) => ({ label: `${p.careerLevel} ${w.position(p.id)}`, cell: cells.get({ domain: 'salary', metric: 'base', positionId: p.id }) })),
    ),
  };
}
