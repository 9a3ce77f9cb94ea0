/**
 * The salary survey's vocabulary (design: ../shared/design/survey-reports.md §1–2), shared by the database schema, the
 * server's rules and the screens. No zod here: the questionnaire's small parts and the server's tables import it alone.
 */

/** A survey period's life: only `open` takes companies' answers; `closed` and `review` take staff edits only. */
export const PERIOD_STATUSES = ['draft', 'open', 'closed', 'review', 'published', 'archived'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];
/** The moves staff may make, forwards one step, or back one step before publication (to reopen or to fix). */
export const PERIOD_MOVES: Record<PeriodStatus, readonly PeriodStatus[]> = {
  draft: ['open'],
  open: ['closed'],
  closed: ['open', 'review'],
  review: ['closed', 'published'],
  published: ['archived'],
  archived: [],
};

export const SURVEY_KINDS = ['salary', 'credit'] as const;
export type SurveyKind = (typeof SURVEY_KINDS)[number];

/** A company's response: only `accepted` ones feed the statistics. */
export const RESPONSE_STATUSES = ['not_started', 'in_progress', 'submitted', 'returned', 'accepted', 'withdrawn', 'excluded'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];
/** The company may still change its answers (a returned or withdrawn response goes back to in progress on its next save). */
export const EDITABLE_RESPONSE_STATUSES: readonly ResponseStatus[] = ['not_started', 'in_progress', 'returned', 'withdrawn'];

/**
 * The questionnaire's counted steps, in order; the configurable pages come as `page:<key>` between `benchmarks` and
 * `review`, in the period's page order (the company profile page is shown right after the contact).
 * Information and completion are screens, not steps.
 */
export const FIXED_STEPS = ['contact', 'matching', 'positions', 'turnover', 'benchmarks'] as const;
export type FixedStep = (typeof FIXED_STEPS)[number];
export type StepKey = FixedStep | `page:${string}`;
export const pageStep = (pageKey: string): StepKey => `page:${pageKey}`;

export const STEP_STATUSES = ['not_started', 'in_progress', 'complete', 'has_errors', 'not_applicable'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/** Per-user areas of the survey and reports (admin's access matrix). */
export const ACCESS_AREAS = ['salary.fill', 'salary.reports', 'car.reports', 'credit.fill', 'credit.reports', 'company_report'] as const;
export type AccessArea = (typeof ACCESS_AREAS)[number];
/** The areas that let a person fill a survey in (the rest read reports). */
export const FILL_AREAS: readonly AccessArea[] = ['salary.fill', 'credit.fill'];
/**
 * What a role holds for its own company unless an admin says otherwise. The general manager also reads the market
 * reports: publication gives them to the participating companies (give to get), and a company grant reaches its
 * people only through their areas.
 */
export const ROLE_AREA_DEFAULTS: Record<'employee' | 'trusted' | 'ceo', readonly AccessArea[]> = {
  employee: [],
  trusted: ['salary.fill', 'company_report'],
  ceo: ['salary.fill', 'salary.reports', 'car.reports', 'company_report'],
};

export const MATCH_QUALITIES = ['exact', 'broader', 'narrower'] as const;
export const ALLOWANCE_TYPES = ['car_cash', 'fuel', 'mobile', 'meal', 'fitness', 'housing', 'other'] as const;
export type AllowanceType = (typeof ALLOWANCE_TYPES)[number];
export const CAR_CLASSES = ['B', 'C', 'D', 'E', 'SUV-C', 'SUV-D'] as const;
export const CAR_FUELS = ['petrol', 'diesel', 'hybrid', 'ev'] as const;
export const CAR_ELIGIBILITIES = ['company_car', 'cash_allowance', 'choice', 'none'] as const;
export const CAR_ACQUISITIONS = ['owned', 'operating_lease', 'full_service_lease'] as const;
export const CAR_PRIVATE_USES = ['free', 'paid', 'not_allowed'] as const;
export const CAREER_LEVELS = ['P1', 'P2', 'P3', 'P4', 'M1', 'M2', 'M3', 'M4', 'E1', 'E2'] as const;
export type CareerLevel = (typeof CAREER_LEVELS)[number];

export const BENCHMARK_SECTIONS = ['increase_budget', 'bonus', 'practice'] as const;
export const BENCHMARK_UNITS = ['pct', 'month', 'bool', 'choice'] as const;
export const BENCHMARK_CATEGORIES = ['all', 'field', 'office', 'management'] as const;

export const ISSUE_SEVERITIES = ['error', 'warning', 'staff_query'] as const;
export type IssueSeverity = (typeof ISSUE_SEVERITIES)[number];

export const DATAFILE_KINDS = ['regions', 'positions_catalogue', 'cars', 'instructions_pdf', 'company_submission'] as const;
export type DatafileKind = (typeof DATAFILE_KINDS)[number];
export const DATAFILE_STATUSES = ['validated', 'invalid', 'applied', 'superseded'] as const;

export const RESPONSE_EVENTS = [
  'save_step',
  'clear_position',
  'import_excel',
  'import_incumbents',
  'remove_incumbents',
  'copy_prior',
  'submit',
  'withdraw',
  'return',
  'accept',
  'exclude',
  'reopen',
  'reset',
  'acknowledge',
  'extend_deadline',
] as const;
export type ResponseEventAction = (typeof RESPONSE_EVENTS)[number];

export const REMINDER_KINDS = ['invitation', 'reminder', 'deadline', 'returned', 'published'] as const;
/** Automatic reminders go this many days before the deadline to companies not yet complete. */
export const REMINDER_DAYS_BEFORE = [14, 7, 2] as const;

/** Anonymity thresholds (design §3.3), stored per period and copied into every snapshot. */
export interface AnonymityRules {
  minCompanies: number;
  minIncumbents: number;
  minCompaniesP10P90: number;
  minIncumbentsP10P90: number;
  maxCompanySharePct: number;
}
export const DEFAULT_ANONYMITY_RULES: AnonymityRules = {
  minCompanies: 5,
  minIncumbents: 5,
  minCompaniesP10P90: 10,
  minIncumbentsP10P90: 10,
  maxCompanySharePct: 25,
};

/** The areas a person holds: their role's defaults (company roles only), changed by an admin's explicit grants and refusals. */
export function effectiveAreas(role: string, overrides: readonly { area: AccessArea; granted: boolean }[]): AccessArea[] {
  const held = new Set<AccessArea>(ROLE_AREA_DEFAULTS[role as keyof typeof ROLE_AREA_DEFAULTS] ?? []);
  for (const o of overrides) {
    if (o.granted) held.add(o.area);
    else held.delete(o.area);
  }
  return ACCESS_AREAS.filter((a) => held.has(a));
}

/** A company's own deadline: staff may give it a later one than the period's. */
export const companyDeadline = (closesAt: Date, deadlineOverride: Date | null): Date =>
  deadlineOverride && deadlineOverride > closesAt ? deadlineOverride : closesAt;

/**
 * Whether a company's people may change its answers now: the period is open, the company's deadline has not passed and
 * the response is not with staff (submitted, accepted or excluded). Staff edit in `open`, `closed` and `review`.
 */
export function companyMayEdit(periodStatus: PeriodStatus, deadline: Date, responseStatus: ResponseStatus, now: Date): boolean {
  return periodStatus === 'open' && now <= deadline && EDITABLE_RESPONSE_STATUSES.includes(responseStatus);
}
export const STAFF_EDIT_PERIOD_STATUSES: readonly PeriodStatus[] = ['open', 'closed', 'review'];
