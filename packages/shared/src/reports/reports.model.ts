/**
 * The reports' vocabulary (design: ../shared/design/survey-reports.md §1.4–1.6, §3, §4), shared by the database schema,
 * the statistics, the generation jobs and the screens. No zod here, like the survey's model.
 */

export const REPORT_TYPES = ['general', 'car', 'full', 'company', 'credit'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
/** The market reports staff build for a whole period (the company report is one per participant). */
export const MARKET_REPORT_TYPES = ['general', 'car', 'full'] as const satisfies readonly ReportType[];

export const REPORT_LANGUAGES = ['en', 'ru'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];
export const REPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** A report's life: built by a task (`queued` → `generating` → `ready` or `failed`), then published to readers, or withdrawn. */
export const REPORT_STATUSES = ['draft', 'queued', 'generating', 'ready', 'failed', 'published', 'withdrawn'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** One long job; the pg-boss job carries only the task's id. */
export const TASK_KINDS = ['compute_stats', 'generate', 'convert_pdf', 'create_zip'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const TASK_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const FINAL_TASK_STATES: readonly TaskState[] = ['succeeded', 'failed', 'cancelled'];
export const TASK_STAGES = ['loading', 'computing', 'suppressing', 'rendering', 'converting', 'zipping', 'saving'] as const;
export type TaskStage = (typeof TASK_STAGES)[number];

/** Which kind of number a statistic cell holds. */
export const STAT_DOMAINS = ['salary', 'allowance', 'car', 'turnover', 'benchmark', 'credit', 'profile'] as const;
export type StatDomain = (typeof STAT_DOMAINS)[number];

/** Why a cell, or its P10 and P90, is not published (design §3.3). */
export const SUPPRESS_REASONS = ['min_companies', 'min_incumbents', 'p10p90_min', 'dominance', 'complementary'] as const;
export type SuppressReason = (typeof SUPPRESS_REASONS)[number];

/** Company size by the incumbents it reported in the period (the interactive cut's and the snapshot's bands). */
export const SIZE_BANDS = ['lt100', '100_499', '500_1999', '2000plus'] as const;
export type SizeBand = (typeof SIZE_BANDS)[number];
export function sizeBandOf(incumbents: number): SizeBand {
  if (incumbents < 100) return 'lt100';
  if (incumbents < 500) return '100_499';
  if (incumbents < 2000) return '500_1999';
  return '2000plus';
}

/** A participant's own figure against the market's quartiles (design §3.4). */
export const QUARTILE_BANDS = ['below_p25', 'p25_p50', 'p50_p75', 'above_p75'] as const;
export type QuartileBand = (typeof QUARTILE_BANDS)[number];

/** What an admin lets named staff open (admin's /reports/access-aipm). */
export const STAFF_DATA_SCOPES = ['raw_salary', 'raw_credit', 'report_admin'] as const;
export type StaffDataScope = (typeof STAFF_DATA_SCOPES)[number];

/** A report grant came from publication to the participants (give to get) or from a person's choice. */
export const ACCESS_SOURCES = ['auto_participant', 'manual'] as const;

/**
 * One statistic of a frozen snapshot: a metric over one cut (a null dimension is the roll-up over all of it). Money is
 * a decimal string (RUB a month, rounded to 100 when published); a suppressed cell keeps its counts and says why.
 */
export interface StatCellValues {
  domain: StatDomain;
  metric: string;
  positionId: number | null;
  jobGroupId: number | null;
  regionId: number | null;
  sizeBand: SizeBand | null;
  category: string | null;
  distributorId: number | null;
  nCompanies: number;
  nIncumbents: number;
  /** Company-weighted: each company's average counts once. */
  meanCompany: string | null;
  /** Incumbent-weighted: Σ headcount × average / Σ headcount. */
  meanIncumbent: string | null;
  p10: string | null;
  p25: string | null;
  p50: string | null;
  p75: string | null;
  p90: string | null;
  /** The share of companies (or incumbents) that have it at all: allowances, bonus eligibility, cars. */
  prevalencePct: string | null;
  /** Set when the whole cell is hidden. */
  suppressReason: SuppressReason | null;
  /** Set when only P10 and P90 are hidden. */
  tailReason: SuppressReason | null;
  /** A trend cell: an earlier period's headline figure, copied at the freeze from that period's own snapshot. */
  sourcePeriodId: number | null;
}

/**
 * The metrics a snapshot holds, by domain: the statistics write them and the report builders read them by these names.
 * - salary, per position × region (and the position's roll-up, region null; and per size band, region null):
 *   monthly base; annual base (base × 12 + guaranteed extras); annual total cash, target and actual; the bonus target %
 *   among eligible incumbents; bonus eligibility (prevalence only).
 * - allowance, per position (region null): the allowance type as the metric, prevalence plus P50 among payers.
 * - car, per position: price cap, cash allowance, replacement months, fuel limit; `eligibility:<value>` and
 *   `class:<value>` as prevalence only.
 * - turnover, per job group (null: the whole company): rates as company percentiles, the pooled rate as meanIncumbent.
 *   Also `private_use:<value>` and `acquisition:<value>` as prevalence; per car class (the category, position null)
 *   `models`, the companies naming a typical model of the class, and `model:<car model id>`, those naming that model
 *   (counts, with their share of the class's companies as prevalence).
 * - allowance across positions (position null; per job group, or the whole market with job group null): the companies
 *   paying it as the count, their share of the companies as prevalence, the share of incumbents receiving it as
 *   meanIncumbent.
 * - benchmark, per item key and category: numbers as statistics, yes/no and choices (`<key>:<choice>`) as prevalence;
 *   the increase budgets again over the companies without a freeze in that category (`<key>/excl_freeze`).
 * - profile, `participants`: the companies and incumbents covered (the counts), overall, per size band and per region
 *   (the companies present there, their incumbents there), with the share of the participants as prevalence.
 * - any of the trend's headline figures (TREND_FIGURES) again with `sourcePeriodId`: an earlier period's cell.
 */
export const SALARY_METRICS = ['base', 'annual_base', 'tcc_target', 'tcc_actual', 'bonus_target_pct', 'bonus_eligible'] as const;
export type SalaryMetric = (typeof SALARY_METRICS)[number];
export const CAR_METRICS = ['price_cap', 'cash_allowance', 'replacement_months', 'fuel_limit'] as const;
export const TURNOVER_METRICS = ['total_rate', 'voluntary_rate', 'first_year_rate'] as const;

export const PROFILE_METRIC = 'participants';
/** The car metric counting the companies that name a car model (by its id) as typical. */
export const carModelMetric = (carModelId: number) => `model:${carModelId}`;
export const carModelOf = (metric: string): number | null => (metric.startsWith('model:') ? Number(metric.slice('model:'.length)) : null);
/** The increase budgets also given without the companies that froze salaries (design §3.1: diluted and undiluted). */
export const FREEZE_SPLIT_ITEMS = ['increase_budget_actual', 'increase_budget_planned'] as const;
export const excludingFreezes = (key: string) => `${key}/excl_freeze`;
/** The earlier periods the general report's trend reaches back to (five years with the period itself). */
export const TREND_PERIODS = 4;
/** The headline figures the trend follows (roll-ups: every dimension but the category null). */
export const TREND_FIGURES: readonly { domain: StatDomain; metric: string }[] = [
  { domain: 'profile', metric: PROFILE_METRIC },
  ...FREEZE_SPLIT_ITEMS.map((metric) => ({ domain: 'benchmark' as const, metric })),
  { domain: 'turnover', metric: 'total_rate' },
  { domain: 'turnover', metric: 'voluntary_rate' },
];
