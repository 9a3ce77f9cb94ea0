import type { AvailableReports, AvailableSurvey, User } from '@portal/shared';
import { type AccessArea, companyDeadline, companyMayEdit, type SurveyKind } from '@portal/shared/survey-model';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creditSubmissions, surveyPeriods, surveyResponses } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AreasService } from './areas.service.ts';

/** The area that lets a person fill each kind of survey. */
const FILL_AREA: Record<SurveyKind, AccessArea> = { salary: 'salary.fill', credit: 'credit.fill' };

/**
 * What a company person may act on now (the /reports/selection page): each survey period of a kind they may fill that
 * is running or with staff (open, closed, review), with their company's status, progress and deadline; and the report
 * areas they hold. Published periods are read through the reports, not here.
 */
export class AvailableReportsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly areas: AreasService,
  ) {}

  async of(user: User): Promise<AvailableReports> {
    const areas = await this.areas.areasOf(user);
    const kinds = (Object.keys(FILL_AREA) as SurveyKind[]).filter((k) => areas.includes(FILL_AREA[k]));
    const companyId = user.company?.id;
    if (!kinds.length || !companyId) return { areas, surveys: [] };
    const now = this.clock.now();
    const rows = await this.db
      .select({ period: surveyPeriods, response: surveyResponses, credit: creditSubmissions })
      .from(surveyPeriods)
      .leftJoin(surveyResponses, and(eq(surveyResponses.periodId, surveyPeriods.id), eq(surveyResponses.companyId, companyId)))
      // A credit period's answers are the company's credit submission (no steps: progress is whether it was submitted).
      .leftJoin(creditSubmissions, and(eq(creditSubmissions.periodId, surveyPeriods.id), eq(creditSubmissions.companyId, companyId)))
      .where(and(inArray(surveyPeriods.kind, kinds), inArray(surveyPeriods.status, ['open', 'closed', 'review'])))
      .orderBy(surveyPeriods.closesAt);
    const surveys = rows.map(({ period, response, credit }): AvailableSurvey => {
      const deadline = companyDeadline(period.closesAt, response?.deadlineOverride ?? null);
      const responseStatus = response?.status ?? credit?.status ?? 'not_started';
      return {
        periodId: period.id,
        kind: period.kind,
        code: period.code,
        titleEn: period.titleEn,
        titleRu: period.titleRu,
        periodStatus: period.status,
        deadline: deadline.toISOString(),
        effectiveDate: period.effectiveDate,
        responseStatus,
        progressPct: response?.progressPct ?? 0,
        stepsComplete: response?.stepsComplete ?? 0,
        stepsTotal: response?.stepsTotal ?? 0,
        editable: companyMayEdit(period.status, deadline, responseStatus, now),
      };
    });
    return { areas, surveys };
  }
}
