import type { QuartileBand, StatCellValues } from '@portal/shared/reports-model';
import type { AnonymityRules } from '@portal/shared/survey-model';
import type { OwnFigure } from '../report-document.ts';
import { Exact } from './exact.ts';
import { type SurveyData, surveyStatistics } from './survey-statistics.ts';

/**
 * A participant's own position against the market (design §3.4): its own figures in the market's cuts and metrics,
 * its quartile band and its compa-ratio. The market always includes the company's own data.
 */

/** One company alone passes every rule, so its "statistics" are its own averages, computed and rounded as the market's. */
const ALONE: AnonymityRules = { minCompanies: 1, minIncumbents: 0, minCompaniesP10P90: 1, minIncumbentsP10P90: 0, maxCompanySharePct: 100 };

/** The company's own figures from its own answers (one company's data): the same definitions as the market cells. */
export function ownFiguresOf(data: SurveyData): OwnFigure[] {
  return surveyStatistics(data, ALONE, true).flatMap((c) => {
    const value = c.meanCompany ?? c.prevalencePct;
    if (value === null || c.sizeBand !== null) return [];
    return [
      { domain: c.domain, metric: c.metric, positionId: c.positionId, regionId: c.regionId, jobGroupId: c.jobGroupId, category: c.category, value },
    ];
  });
}

/** The market quartiles of a cell, or nothing where the cell (or a quartile) is not published. */
function quartiles(cell: StatCellValues): [Exact, Exact, Exact] | null {
  if (cell.suppressReason || cell.p25 === null || cell.p50 === null || cell.p75 === null) return null;
  return [Exact.parse(cell.p25), Exact.parse(cell.p50), Exact.parse(cell.p75)];
}

/** Below P25, P25–P50, P50–P75 or above P75 (a value on a quartile belongs to the band above it, P75 itself to P50–P75). */
export function quartileBand(own: string, cell: StatCellValues): QuartileBand | null {
  const q = quartiles(cell);
  if (!q) return null;
  const v = Exact.parse(own);
  if (v.cmp(q[0]) < 0) return 'below_p25';
  if (v.cmp(q[1]) < 0) return 'p25_p50';
  if (v.cmp(q[2]) <= 0) return 'p50_p75';
  return 'above_p75';
}

/** Own ÷ market median × 100, to 0.1; nothing where the median is not published. */
export function compaRatio(own: string, cell: StatCellValues): string | null {
  const q = quartiles(cell);
  if (!q || q[1].isZero()) return null;
  return Exact.parse(own).div(q[1]).mul(Exact.int(100)).roundTo(Exact.parse('0.1')).toFixed(1);
}
