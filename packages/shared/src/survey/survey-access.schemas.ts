import { z } from 'zod';
import { id, optionalFilter, paging } from '../fields.ts';
import { LIMITS } from '../limits.ts';
import { COMPANY_ROLES } from '../roles.ts';
import { ACCESS_AREAS, PERIOD_STATUSES, RESPONSE_STATUSES, SURVEY_KINDS } from './survey.model.ts';

const area = z.enum(ACCESS_AREAS, { error: 'validation.invalid' });

// ---- the admin's matrix of areas (POST /admin/access/areas/list|update)

export const AREA_SORTS = ['name', 'company', 'role'] as const;
export const areasListBody = paging.extend({
  sort: optionalFilter(z.enum(AREA_SORTS)),
  companyId: optionalFilter(id),
  role: optionalFilter(z.enum(COMPANY_ROLES)),
  /** Only people who hold (true) or lack (false) this area. */
  area: optionalFilter(area),
  holds: optionalFilter(z.boolean()),
});
export type AreasListBody = z.input<typeof areasListBody>;

export const areaPersonSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  company: z.object({ id: z.number().int(), name: z.string() }),
  /** The areas the person holds now. */
  areas: z.array(area),
  /** The areas set by an admin (given or taken away) rather than by the role's default. */
  overridden: z.array(area),
});
export type AreaPerson = z.infer<typeof areaPersonSchema>;

/** One cell of the matrix: give (true), take away (false) or back to the role's default (null). */
export const areaChange = z.object({ userId: id, area, granted: z.boolean().nullable() });
export type AreaChange = z.infer<typeof areaChange>;
export const areasUpdateBody = z.object({
  changes: z.array(areaChange).min(1, 'validation.required').max(LIMITS.idsMax, 'validation.invalid'),
});
export const areasUpdateResult = z.object({ changed: z.number().int() });

// ---- what a person may fill or read now (GET /user/report/getAvailableReports)

export const availableSurveySchema = z.object({
  periodId: z.number().int(),
  kind: z.enum(SURVEY_KINDS),
  code: z.string(),
  titleEn: z.string(),
  titleRu: z.string(),
  periodStatus: z.enum(PERIOD_STATUSES),
  /** The company's deadline (its extension if staff gave one). */
  deadline: z.string(),
  effectiveDate: z.string(),
  responseStatus: z.enum(RESPONSE_STATUSES),
  progressPct: z.number().int(),
  stepsComplete: z.number().int(),
  stepsTotal: z.number().int(),
  /** The company's people may still change the answers. */
  editable: z.boolean(),
});
export type AvailableSurvey = z.infer<typeof availableSurveySchema>;

export const availableReportsSchema = z.object({
  areas: z.array(area),
  surveys: z.array(availableSurveySchema),
});
export type AvailableReports = z.infer<typeof availableReportsSchema>;
