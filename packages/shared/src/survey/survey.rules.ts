import { type FixedStep, type IssueSeverity, pageStep, type StepKey, type StepStatus } from './survey.model.ts';
import type { Blocker, PageAnswerValue, PageQuestion, SurveyProgress } from './survey.schemas.ts';

/**
 * The salary survey's checks and progress (design §2): pure functions the screens run for instant feedback and the
 * server runs on every save. An issue's message is the catalogue key `survey.rules.<ruleCode>` with its params.
 */

export interface RuleIssue {
  stepKey: StepKey;
  /** The row or cell: 'position:<positionId>:<regionId>', 'car:<positionId>', 'turnover:<jobGroupId|0>', 'item:<id>:<category>', 'page:<key>:<question>', or the step. */
  target: string;
  field: string | null;
  ruleCode: string;
  severity: Exclude<IssueSeverity, 'staff_query'>;
  params: Record<string, string | number>;
}
export const ruleMessageKey = (ruleCode: string) => `survey.rules.${ruleCode}`;
/** Two issues are the same finding when they name the same rule on the same cell: an acknowledgement carries over. */
export const issueKey = (i: Pick<RuleIssue, 'target' | 'field' | 'ruleCode'>) => `${i.target}|${i.field ?? ''}|${i.ruleCode}`;

/** The page asked right after the contact; its total headcount bounds the grid's. */
export const PROFILE_PAGE = 'company_profile';
export const PROFILE_HEADCOUNT_QUESTION = 'total_headcount';

/** The order of the counted steps: the contact, the company profile, the fixed steps, then the other pages. */
export function surveySteps(pages: readonly { key: string; kind: 'info' | 'form' }[]): StepKey[] {
  const forms = pages.filter((p) => p.kind === 'form');
  const profile = forms.filter((p) => p.key === PROFILE_PAGE).map((p) => pageStep(p.key));
  const rest = forms.filter((p) => p.key !== PROFILE_PAGE).map((p) => pageStep(p.key));
  const fixed: FixedStep[] = ['matching', 'positions', 'turnover', 'benchmarks'];
  return ['contact', ...profile, ...fixed, ...rest];
}

// ---- numbers

const num = (v: string | number | null | undefined): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const filled = (v: unknown) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);

// ---- counting

export interface StepCount {
  answered: number;
  required: number;
}

/** A step's state: complete only when every required answer is given and no error is open (design §2). */
export function stepStatus(c: StepCount & { errors: number }): StepStatus {
  if (c.required === 0) return 'not_applicable';
  if (c.errors > 0) return 'has_errors';
  if (c.answered >= c.required) return 'complete';
  return c.answered === 0 ? 'not_started' : 'in_progress';
}

/** The overall progress: the mean of the counted steps' ratios (equal weights), and how many are complete. */
export function overallProgress(steps: readonly (StepCount & { status: StepStatus })[]): SurveyProgress {
  const counted = steps.filter((s) => s.status !== 'not_applicable');
  if (!counted.length) return { pct: 0, stepsComplete: 0, stepsTotal: 0 };
  const mean = counted.reduce((sum, s) => sum + Math.min(1, s.answered / s.required), 0) / counted.length;
  const stepsComplete = counted.filter((s) => s.status === 'complete').length;
  // Floor, so 100 % is shown only when every ratio is 1.
  return { pct: Math.floor(mean * 100 + 1e-9), stepsComplete, stepsTotal: counted.length };
}

// ---- contact

export const CONTACT_FIELDS = ['name', 'position', 'phone', 'email', 'companyFullName'] as const;
export function contactCount(contact: Partial<Record<(typeof CONTACT_FIELDS)[number], string | null>> | null): StepCount {
  return { answered: contact ? CONTACT_FIELDS.filter((f) => filled(contact[f])).length : 0, required: CONTACT_FIELDS.length };
}

// ---- the positions grid

export interface GridRow {
  positionId: number;
  regionId: number;
  headcount: number | null;
  baseSalaryAvg: string | null;
  guaranteedExtraAnnual: string | null;
  bonusEligiblePct: string | null;
  bonusTargetPct: string | null;
  bonusActualAvg: string | null;
  allowances: readonly { type: string; amountAvg: string | null; shareReceivingPct: string | null }[];
}
export interface GridCar {
  positionId: number;
  eligibility: string;
  carClass: string | null;
  priceCap: string | null;
  replacementMonths: number | null;
  cashAllowance: string | null;
}
/** The cells every included row must hold (an explicit 0 counts; an empty cell never does). */
export const REQUIRED_ROW_FIELDS = [
  'headcount',
  'baseSalaryAvg',
  'guaranteedExtraAnnual',
  'bonusEligiblePct',
  'bonusTargetPct',
  'bonusActualAvg',
] as const;

export const positionTarget = (r: { positionId: number; regionId: number }) => `position:${r.positionId}:${r.regionId}`;
export const carTarget = (positionId: number) => `car:${positionId}`;

/** Matching is answered once the company has included at least one position. */
export const matchingCount = (rows: readonly unknown[]): StepCount => ({ answered: rows.length ? 1 : 0, required: 1 });

/**
 * The grid counts over the rows the company included, never the whole catalogue; each included position needs its car
 * eligibility. An empty grid is one answer short (it is not "not applicable": every company has positions).
 */
export function positionsCount(rows: readonly GridRow[], cars: readonly GridCar[]): StepCount {
  if (!rows.length) return { answered: 0, required: 1 };
  const positions = new Set(rows.map((r) => r.positionId));
  const carsAnswered = cars.filter((c) => positions.has(c.positionId) && filled(c.eligibility)).length;
  const cells = rows.reduce((n, r) => n + REQUIRED_ROW_FIELDS.filter((f) => filled(r[f])).length, 0);
  return { answered: cells + carsAnswered, required: rows.length * REQUIRED_ROW_FIELDS.length + positions.size };
}

export interface GridContext {
  /** The period's federal minimum wage a month. */
  minimumWage: string;
  /** Last year's base by 'positionId:regionId' (this year's ids, through the lineage). */
  prior: ReadonlyMap<string, string | null>;
  /** The company profile's total headcount, if given. */
  companyHeadcount: number | null;
  /** The draft was copied from last year: a base still equal to last year's is flagged "to update". */
  copied: boolean;
  /** Each catalogue position's job group and career level, for the manager's pay against the level they lead. */
  levels: ReadonlyMap<number, { jobGroupId: number; careerLevel: string }>;
}

/** The level a manager level leads: M1 leads the professionals (P…), each higher M the M below it; others lead none. */
const ledLevel = (level: string): string | null => {
  const m = /^M(\d)$/.exec(level);
  if (!m) return null;
  return m[1] === '1' ? 'P' : `M${Number(m[1]) - 1}`;
};
const levelGroup = (level: string) => (level.startsWith('P') ? 'P' : level);
/** A base salary moving more than this against last year asks for a word. */
export const PRIOR_CHANGE_LIMIT_PCT = 30;

export function positionIssues(rows: readonly GridRow[], cars: readonly GridCar[], ctx: GridContext): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const add = (target: string, field: string | null, ruleCode: string, severity: RuleIssue['severity'], params: RuleIssue['params'] = {}) =>
    issues.push({ stepKey: 'positions', target, field, ruleCode, severity, params });
  const minimumWage = Number(ctx.minimumWage);
  for (const r of rows) {
    const t = positionTarget(r);
    const base = num(r.baseSalaryAvg);
    if (base !== null && base < minimumWage) add(t, 'baseSalaryAvg', 'belowMinimumWage', 'error', { min: ctx.minimumWage });
    const target = num(r.bonusTargetPct);
    if (target !== null && target > 200) add(t, 'bonusTargetPct', 'bonusTargetRange', 'error');
    const eligible = num(r.bonusEligiblePct);
    if (eligible !== null && eligible > 100) add(t, 'bonusEligiblePct', 'percentRange', 'error');
    for (const a of r.allowances) {
      const share = num(a.shareReceivingPct);
      if (share !== null && share > 100) add(t, `allowance.${a.type}.share`, 'percentRange', 'error');
    }
    const actual = num(r.bonusActualAvg);
    // Actual is RUB a year per eligible incumbent; the target a share of the annual base.
    if (base && target && actual !== null && actual > (2 * target * base * 12) / 100) add(t, 'bonusActualAvg', 'bonusOverTarget', 'warning');
    const before = num(ctx.prior.get(`${r.positionId}:${r.regionId}`));
    if (ctx.copied && base !== null && before !== null && base === before) add(t, 'baseSalaryAvg', 'copiedToUpdate', 'warning');
    if (base !== null && before) {
      const change = ((base - before) / before) * 100;
      if (Math.abs(change) > PRIOR_CHANGE_LIMIT_PCT)
        add(t, 'baseSalaryAvg', 'changedVsPrior', 'warning', { pct: Math.round(change), prior: before.toFixed(2) });
    }
  }
  for (const c of cars) {
    const t = carTarget(c.positionId);
    if (c.eligibility === 'company_car' && !filled(c.carClass) && !filled(c.priceCap)) add(t, 'carClass', 'carClassRequired', 'error');
    if (c.eligibility === 'cash_allowance' && !filled(c.cashAllowance)) add(t, 'cashAllowance', 'cashAmountRequired', 'error');
    if (c.replacementMonths !== null && (c.replacementMonths < 12 || c.replacementMonths > 84))
      add(t, 'replacementMonths', 'replacementMonthsRange', 'error');
  }
  // A manager paid less than the best-paid level they lead, in the same job group and region, asks for a word.
  const levelTop = new Map<string, number>();
  const levelKey = (r: GridRow, level: string) => `${ctx.levels.get(r.positionId)?.jobGroupId}:${r.regionId}:${level}`;
  for (const r of rows) {
    const level = ctx.levels.get(r.positionId)?.careerLevel;
    const base = num(r.baseSalaryAvg);
    if (!level || base === null) continue;
    const key = levelKey(r, levelGroup(level));
    levelTop.set(key, Math.max(levelTop.get(key) ?? 0, base));
  }
  for (const r of rows) {
    const led = ledLevel(ctx.levels.get(r.positionId)?.careerLevel ?? '');
    const base = num(r.baseSalaryAvg);
    const top = led ? levelTop.get(levelKey(r, led)) : undefined;
    if (base !== null && top !== undefined && base < top)
      add(positionTarget(r), 'baseSalaryAvg', 'managerBelowReports', 'warning', { reports: top.toFixed(2) });
  }
  const sum = rows.reduce((n, r) => n + (r.headcount ?? 0), 0);
  if (ctx.companyHeadcount !== null && sum > ctx.companyHeadcount)
    add('positions', 'headcount', 'headcountOverCompany', 'warning', { sum, company: ctx.companyHeadcount });
  return issues;
}

// ---- turnover

export interface TurnoverFigures {
  jobGroupId: number | null;
  headcountStart: number | null;
  headcountEnd: number | null;
  hires: number | null;
  totalLeavers: number | null;
  voluntaryLeavers: number | null;
  firstYearLeavers: number | null;
}
const TURNOVER_FIELDS = ['headcountStart', 'headcountEnd', 'hires', 'totalLeavers', 'voluntaryLeavers', 'firstYearLeavers'] as const;
export const turnoverTarget = (jobGroupId: number | null) => `turnover:${jobGroupId ?? 0}`;
/** Turnover above this share of the average headcount is unusual enough to ask. */
export const HIGH_TURNOVER_PCT = 60;
/** How far the year's end may stray from start + hires − leavers (design: ±5 %). */
export const BALANCE_TOLERANCE_PCT = 5;

/** The company's row is always required; a job group's row, once the company gives one. */
export function turnoverCount(rows: readonly TurnoverFigures[]): StepCount {
  const company = rows.find((r) => r.jobGroupId === null);
  const counted = company ? rows : [...rows, null];
  return {
    answered: rows.reduce((n, r) => n + TURNOVER_FIELDS.filter((f) => filled(r[f])).length, 0),
    required: counted.length * TURNOVER_FIELDS.length,
  };
}

/** Leavers ÷ average headcount, in per cent with one decimal; null until both are known. */
export function turnoverRate(r: TurnoverFigures, leavers: number | null): string | null {
  if (leavers === null || r.headcountStart === null || r.headcountEnd === null) return null;
  const average = (r.headcountStart + r.headcountEnd) / 2;
  return average > 0 ? ((leavers / average) * 100).toFixed(1) : null;
}

export function turnoverIssues(rows: readonly TurnoverFigures[]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const add = (r: TurnoverFigures, field: string, ruleCode: string, severity: RuleIssue['severity'], params: RuleIssue['params'] = {}) =>
    issues.push({ stepKey: 'turnover', target: turnoverTarget(r.jobGroupId), field, ruleCode, severity, params });
  for (const r of rows) {
    if (r.voluntaryLeavers !== null && r.totalLeavers !== null && r.voluntaryLeavers > r.totalLeavers)
      add(r, 'voluntaryLeavers', 'voluntaryOverTotal', 'error');
    if (r.firstYearLeavers !== null && r.totalLeavers !== null && r.firstYearLeavers > r.totalLeavers)
      add(r, 'firstYearLeavers', 'firstYearOverTotal', 'error');
    if (r.headcountStart !== null && r.headcountEnd !== null && r.hires !== null && r.totalLeavers !== null) {
      const expected = r.headcountStart + r.hires - r.totalLeavers;
      const gap = Math.abs(r.headcountEnd - expected);
      if (gap > Math.max(1, (r.headcountEnd * BALANCE_TOLERANCE_PCT) / 100)) add(r, 'headcountEnd', 'turnoverBalance', 'warning', { expected });
    }
    const rate = turnoverRate(r, r.totalLeavers);
    if (rate !== null && Number(rate) > HIGH_TURNOVER_PCT) add(r, 'totalLeavers', 'turnoverHigh', 'warning', { pct: rate });
  }
  return issues;
}

// ---- benchmarks

export interface BenchmarkItemRule {
  id: number;
  key: string;
  unit: string;
  categories: readonly string[];
  required: boolean;
  min: string | null;
  max: string | null;
  warnMin: string | null;
  warnMax: string | null;
}
export interface BenchmarkValue {
  itemId: number;
  category: string;
  valueNum: string | null;
  valueBool: boolean | null;
  valueChoice: string | null;
}
/** The items whose answers are checked against each other (the catalogue seeds them with these keys). */
export const BENCHMARK_KEYS = {
  budget: 'increase_budget_actual',
  parts: ['increase_merit', 'increase_promotion', 'increase_adjustment'],
  freeze: 'salary_freeze',
} as const;
/** The parts of the increase budget may differ from its total by this many percentage points. */
export const SPLIT_TOLERANCE_PP = 0.1;

export const itemTarget = (itemId: number, category: string) => `item:${itemId}:${category}`;
const answerOf = (item: BenchmarkItemRule, a: BenchmarkValue | undefined) =>
  !a ? null : item.unit === 'bool' ? a.valueBool : item.unit === 'choice' ? a.valueChoice : a.valueNum;

export function benchmarkCount(items: readonly BenchmarkItemRule[], answers: readonly BenchmarkValue[]): StepCount {
  const byKey = new Map(answers.map((a) => [`${a.itemId}:${a.category}`, a]));
  let answered = 0;
  let required = 0;
  for (const item of items.filter((i) => i.required))
    for (const c of item.categories) {
      required++;
      if (filled(answerOf(item, byKey.get(`${item.id}:${c}`)))) answered++;
    }
  return { answered, required };
}

export function benchmarkIssues(items: readonly BenchmarkItemRule[], answers: readonly BenchmarkValue[]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const add = (itemId: number, category: string, ruleCode: string, severity: RuleIssue['severity'], params: RuleIssue['params'] = {}) =>
    issues.push({ stepKey: 'benchmarks', target: itemTarget(itemId, category), field: 'value', ruleCode, severity, params });
  const byId = new Map(items.map((i) => [i.id, i]));
  const byKey = new Map(items.map((i) => [i.key, i]));
  const value = (key: string, category: string) => {
    const item = byKey.get(key);
    const a = item && answers.find((x) => x.itemId === item.id && x.category === category);
    return item && a ? answerOf(item, a) : null;
  };
  for (const a of answers) {
    const item = byId.get(a.itemId);
    if (!item || item.unit === 'bool' || item.unit === 'choice') continue;
    const v = num(a.valueNum);
    if (v === null) continue;
    const [min, max, warnMin, warnMax] = [num(item.min), num(item.max), num(item.warnMin), num(item.warnMax)];
    if ((min !== null && v < min) || (max !== null && v > max))
      add(item.id, a.category, 'benchmarkRange', 'error', { min: min ?? '', max: max ?? '' });
    else if ((warnMin !== null && v < warnMin) || (warnMax !== null && v > warnMax))
      add(item.id, a.category, 'benchmarkUnusual', 'warning', { min: warnMin ?? '', max: warnMax ?? '' });
  }
  const budget = byKey.get(BENCHMARK_KEYS.budget);
  if (budget)
    for (const category of budget.categories) {
      const total = num(value(BENCHMARK_KEYS.budget, category) as string | null);
      if (value(BENCHMARK_KEYS.freeze, category) === true && total !== null && total !== 0) add(budget.id, category, 'freezeNeedsZero', 'error');
      const parts = BENCHMARK_KEYS.parts.map((k) => num(value(k, category) as string | null));
      if (total !== null && parts.every((p) => p !== null)) {
        const sum = parts.reduce<number>((s, p) => s + (p ?? 0), 0);
        if (Math.abs(sum - total) > SPLIT_TOLERANCE_PP + 1e-9)
          add(budget.id, category, 'splitMismatch', 'warning', { sum: sum.toFixed(2), total: total.toFixed(2) });
      }
    }
  return issues;
}

// ---- configurable pages

/** A question is asked unless its condition names another answer it does not hold. */
export function isShown(q: PageQuestion, answers: Readonly<Record<string, PageAnswerValue | undefined>>): boolean {
  if (!q.showIf) return true;
  const other = answers[q.showIf.question];
  return Array.isArray(other) ? other.includes(String(q.showIf.equals)) : other === q.showIf.equals;
}

export function pageCount(questions: readonly PageQuestion[], answers: Readonly<Record<string, PageAnswerValue | undefined>>): StepCount {
  const asked = questions.filter((q) => q.required && isShown(q, answers));
  return { answered: asked.filter((q) => filled(answers[q.id])).length, required: asked.length };
}

/** An answer of the wrong kind for its question is refused at the save; a figure out of range is an issue of the draft. */
export function pageAnswerProblem(q: PageQuestion, v: PageAnswerValue | undefined): string | null {
  if (!filled(v)) return null;
  const options = new Set(q.options.map((o) => o.value));
  switch (q.type) {
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) ? null : 'survey.validation.number';
    case 'bool':
      return typeof v === 'boolean' ? null : 'validation.invalid';
    case 'choice':
      return typeof v === 'string' && options.has(v) ? null : 'validation.invalid';
    case 'multi':
      return Array.isArray(v) && v.every((x) => options.has(x)) ? null : 'validation.invalid';
    default:
      return typeof v === 'string' ? null : 'validation.invalid';
  }
}

export function pageIssues(
  pageKey: string,
  questions: readonly PageQuestion[],
  answers: Readonly<Record<string, PageAnswerValue | undefined>>,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  for (const q of questions) {
    const v = answers[q.id];
    if (q.type !== 'number' || typeof v !== 'number' || !isShown(q, answers)) continue;
    if ((q.min !== null && v < q.min) || (q.max !== null && v > q.max))
      issues.push({
        stepKey: pageStep(pageKey),
        target: `page:${pageKey}:${q.id}`,
        field: q.id,
        ruleCode: 'pageRange',
        severity: 'error',
        params: { min: q.min ?? '', max: q.max ?? '' },
      });
  }
  return issues;
}

// ---- completion

interface StepState {
  key: string;
  status: StepStatus;
}
interface OpenIssue {
  stepKey: string;
  severity: IssueSeverity;
  acknowledgedAt: string | Date | null;
}
/** What stands between the response and completion, by step: the review lists them as links. */
export function completionBlockers(steps: readonly StepState[], issues: readonly OpenIssue[]): Blocker[] {
  const blockers: Blocker[] = [];
  for (const s of steps) {
    const here = issues.filter((i) => i.stepKey === s.key);
    const errors = here.filter((i) => i.severity === 'error').length;
    const warnings = here.filter((i) => i.severity === 'warning' && !i.acknowledgedAt).length;
    const queries = here.filter((i) => i.severity === 'staff_query' && !i.acknowledgedAt).length;
    if (s.status !== 'complete' && s.status !== 'not_applicable' && !errors)
      blockers.push({ stepKey: s.key, reason: s.key === 'contact' ? 'contact' : 'incomplete', count: 1 });
    if (errors) blockers.push({ stepKey: s.key, reason: 'errors', count: errors });
    if (warnings) blockers.push({ stepKey: s.key, reason: 'warnings', count: warnings });
    if (queries) blockers.push({ stepKey: s.key, reason: 'staff_queries', count: queries });
  }
  return blockers;
}
