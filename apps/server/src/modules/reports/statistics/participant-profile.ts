import { PROFILE_METRIC, SIZE_BANDS, sizeBandOf } from '@portal/shared/reports-model';
import type { AnonymityRules } from '@portal/shared/survey-model';
import { type CellPlan, dims, groupBy } from './cell-plan.ts';
import { countCell, type Dimensions } from './cell-stats.ts';
import { Exact } from './exact.ts';
import type { SurveyData } from './survey-statistics.ts';

/**
 * The participant profile (design §3.1): the companies and incumbents the survey covers, in all, per company size band
 * and per region (a company counts in each region it has incumbents in, with its incumbents there). Here the counts are
 * the statistic, so each band and region is published only when it passes the rules itself, no company holding more
 * than the share limit of its incumbents. The whole is always published above the company minimum: the participant list
 * names the companies anyway. The bands add up to the whole, and so do the regions' incumbents, so both are sibling
 * groups under it.
 */
export function planProfile(plan: CellPlan, data: SurveyData, rules: AnonymityRules, sizes: Map<number, number>): void {
  const population = data.companyIds.length;
  if (!population) return;
  const at = (over: Partial<Dimensions>) => dims({ ...over, domain: 'profile', metric: PROFILE_METRIC });
  const members = data.companyIds.map((companyId) => ({ companyId, weight: Exact.int(sizes.get(companyId) ?? 0) }));
  const whole = plan.add(() => countCell(at({}), members, { weighted: false, population }, rules));

  const byBand = groupBy(members, (m) => sizeBandOf(sizes.get(m.companyId) ?? 0));
  const bands = SIZE_BANDS.filter((b) => byBand.has(b)).map((sizeBand) =>
    plan.add(() => countCell(at({ sizeBand }), byBand.get(sizeBand)!, { weighted: true, population }, rules)),
  );
  plan.groups.push({ parent: whole, siblings: bands });

  const inRegion = new Map<number, Map<number, number>>();
  for (const e of data.entries) {
    const companies = inRegion.get(e.regionId) ?? inRegion.set(e.regionId, new Map()).get(e.regionId)!;
    companies.set(e.companyId, (companies.get(e.companyId) ?? 0) + e.headcount);
  }
  const regions = [...inRegion].map(([regionId, companies]) =>
    plan.add(() =>
      countCell(
        at({ regionId }),
        [...companies].map(([companyId, heads]) => ({ companyId, weight: Exact.int(heads) })),
        { weighted: true, population },
        rules,
      ),
    ),
  );
  plan.groups.push({ parent: whole, siblings: regions });
}
