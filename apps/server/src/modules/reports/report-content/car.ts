import { CAR_METRICS, carModelMetric, type ReportLanguage, type StatCellValues } from '@portal/shared/reports-model';
import { CAR_ACQUISITIONS, CAR_CLASSES, CAR_ELIGIBILITIES, CAR_PRIVATE_USES } from '@portal/shared/survey-model';
import type { CellValue, ReportDocument, SnapshotData, TableColumn, TableSection } from '../report-document.ts';
import { methodology, participantList, reportFrame } from './cover.ts';
import { type ReportWords, reportWords } from './report-words.ts';
import { table } from './sections.ts';
import { CellIndex, StatReader, statColumns } from './stat-cells.ts';

/**
 * The car report (design §3.1): eligibility, class mix, private use and acquisition by position, the typical makes and
 * models by class, then the price cap, cash allowance, replacement and fuel statistics.
 */
export function carReport(data: SnapshotData, language: ReportLanguage): ReportDocument {
  const w = reportWords(data, language);
  const cells = new CellIndex(data.cells);
  const read = new StatReader(data.rules, w);
  const position: TableColumn = { key: 'position', label: w.t('columns.position'), format: 'text' };

  /** One row per position, one column per value of a `<prefix>:<value>` prevalence (share of companies). */
  const prevalenceTable = (heading: string, prefix: string, values: readonly string[], label: (v: string) => string): TableSection => {
    const rows = data.positions.flatMap((p) => {
      const found = values.map((v) => cells.get({ domain: 'car', metric: `${prefix}:${v}`, positionId: p.id }));
      if (found.every((c) => c === undefined)) return [];
      const nCompanies = Math.max(...found.map((c) => c?.nCompanies ?? 0));
      const shares: Record<string, CellValue> = Object.fromEntries(
        values.map((v, i) => [v, found[i] ? read.value(found[i], 'prevalencePct') : null]),
      );
      return [{ position: w.position(p.id), nCompanies, ...shares }];
    });
    return table(
      {
        heading,
        columns: [position, ...statColumns(w, ['nCompanies']), ...values.map((v) => ({ key: v, label: label(v), format: 'pct' as const }))],
        rows,
      },
      read,
      [w.t('notes.prevalence')],
    );
  };

  const stats = ['nCompanies', 'nIncumbents', 'p25', 'p50', 'p75'] as const;
  const metricTables = CAR_METRICS.map((metric) =>
    table(
      {
        heading: w.t(`metric.${metric}`),
        columns: [position, ...statColumns(w, stats, metric === 'replacement_months' ? 'int' : 'money')],
        rows: data.positions.flatMap((p) => {
          const cell = cells.get({ domain: 'car', metric, positionId: p.id });
          return cell ? [{ position: w.position(p.id), ...read.row(cell, stats) }] : [];
        }),
      },
      read,
    ),
  );

  return reportFrame('car', data, w, [
    methodology(data, w),
    participantList(data, w),
    prevalenceTable(w.t('car.eligibility'), 'eligibility', CAR_ELIGIBILITIES, (v) => w.t(`eligibility.${v}`)),
    prevalenceTable(w.t('car.classMix'), 'class', CAR_CLASSES, (v) => w.t('car.carClass', { class: v })),
    prevalenceTable(w.t('car.privateUse'), 'private_use', CAR_PRIVATE_USES, (v) => w.t(`privateUse.${v}`)),
    prevalenceTable(w.t('car.acquisition'), 'acquisition', CAR_ACQUISITIONS, (v) => w.t(`acquisition.${v}`)),
    carModels(data, cells, read, w),
    ...metricTables,
  ]);
}

/**
 * The typical makes and models by class: the class (companies naming any of its models, as a share of those with a car
 * policy), then its models (as a share of the class's companies), the most named first. A count below the rules is
 * hidden with its share.
 */
function carModels(data: SnapshotData, cells: CellIndex, read: StatReader, w: ReportWords): TableSection {
  const stats = ['nCompanies', 'prevalencePct'] as const;
  const shown = (c: StatCellValues) => (c.suppressReason ? -1 : c.nCompanies);
  const rows = CAR_CLASSES.flatMap((carClass) => {
    const whole = cells.get({ domain: 'car', metric: 'models', category: carClass });
    if (!whole) return [];
    const models = data.carModels
      .flatMap((m) => {
        const cell = cells.get({ domain: 'car', metric: carModelMetric(m.id), category: carClass });
        return cell ? [{ m, cell }] : [];
      })
      // The hidden ones last, in the catalogue's order: sorting them by count would tell their counts apart.
      .sort((a, b) => shown(b.cell) - shown(a.cell));
    return [
      { carClass: w.t('car.carClassName', { class: carClass }), model: w.t('car.anyModel'), ...read.countRow(whole, stats) },
      ...models.map(({ m, cell }) => ({
        carClass: w.t('car.carClassName', { class: carClass }),
        model: `${m.make} ${m.model}`,
        ...read.countRow(cell, stats),
      })),
    ];
  });
  return table(
    {
      heading: w.t('car.models'),
      columns: [
        { key: 'carClass', label: w.t('columns.carClass'), format: 'text' },
        { key: 'model', label: w.t('columns.carModel'), format: 'text' },
        ...statColumns(w, stats),
      ],
      rows,
    },
    read,
    [w.t('notes.carModels')],
  );
}
