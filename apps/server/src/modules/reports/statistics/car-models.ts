import { carModelMetric } from '@portal/shared/reports-model';
import { type AnonymityRules, CAR_CLASSES } from '@portal/shared/survey-model';
import { type CellPlan, dims, groupBy } from './cell-plan.ts';
import { countCell } from './cell-stats.ts';
import { Exact } from './exact.ts';
import type { CarRow, SurveyData } from './survey-statistics.ts';

/**
 * The typical cars (design §3.1: the most frequent makes and models as shares of companies), per car class of the
 * model: the companies naming a typical model of the class for any position (`models`, as a share of the companies
 * with a car policy) and those naming each model (`model:<id>`, as a share of the class's). Each count is published
 * only when it passes the rules itself (company answers, so no dominance); a company mostly names one model of a
 * class, so the models are siblings under their class.
 */
export function planCarModels(plan: CellPlan, data: SurveyData, rules: AnonymityRules, headcount: Map<string, number>): void {
  /** Each company once, weighted by the incumbents of its positions among the rows (`company:position`). */
  const members = (rows: CarRow[]) =>
    [...groupBy(rows, (c) => c.companyId)].map(([companyId, own]) => ({
      companyId,
      weight: Exact.int(own.reduce((n, c) => n + (headcount.get(`${companyId}:${c.positionId}`) ?? 0), 0)),
    }));
  const withPolicy = new Set(data.cars.map((c) => c.companyId)).size;
  const byClass = groupBy(
    data.cars.filter((c) => c.typicalModelId !== null && c.modelClass !== null),
    (c) => c.modelClass!,
  );
  for (const carClass of CAR_CLASSES) {
    const rows = byClass.get(carClass);
    if (!rows) continue;
    const inClass = members(rows);
    const at = (metric: string) => dims({ domain: 'car', metric, category: carClass });
    const parent = plan.add(() => countCell(at('models'), inClass, { weighted: false, population: withPolicy }, rules));
    const models = [...groupBy(rows, (c) => c.typicalModelId!)]
      .sort(([a], [b]) => a - b)
      .map(([modelId, own]) =>
        plan.add(() => countCell(at(carModelMetric(modelId)), members(own), { weighted: false, population: inClass.length }, rules)),
      );
    plan.groups.push({ parent, siblings: models });
  }
}
