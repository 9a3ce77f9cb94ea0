import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BenchmarkItemRule,
  benchmarkIssues,
  completionBlockers,
  type GridRow,
  isShown,
  issueKey,
  overallProgress,
  pageCount,
  positionIssues,
  positionsCount,
  stepStatus,
  surveySteps,
  turnoverCount,
  turnoverIssues,
} from './survey.rules.ts';
import { decimal, type PageQuestion, savePositionsBody, turnoverRow } from './survey.schemas.ts';

const row = (over: Partial<GridRow> = {}): GridRow => ({
  positionId: 1,
  regionId: 1,
  headcount: 5,
  baseSalaryAvg: '100000.00',
  guaranteedExtraAnnual: '0.00',
  bonusEligiblePct: '100.00',
  bonusTargetPct: '20.00',
  bonusActualAvg: '240000.00',
  allowances: [],
  ...over,
});
const ctx = {
  minimumWage: '22440.00',
  prior: new Map<string, string | null>(),
  companyHeadcount: null,
  copied: false,
  levels: new Map<number, { jobGroupId: number; careerLevel: string }>(),
};

describe('steps and progress', () => {
  it('orders the contact, the profile, the fixed steps, then the other pages', () => {
    const pages = [
      { key: 'benefits', kind: 'form' as const },
      { key: 'intro', kind: 'info' as const },
      { key: 'company_profile', kind: 'form' as const },
    ];
    expect(surveySteps(pages)).toEqual(['contact', 'page:company_profile', 'matching', 'positions', 'turnover', 'benchmarks', 'page:benefits']);
  });

  it('is complete only at ratio 1 with no errors', () => {
    expect(stepStatus({ answered: 3, required: 3, errors: 0 })).toBe('complete');
    expect(stepStatus({ answered: 3, required: 3, errors: 1 })).toBe('has_errors');
    expect(stepStatus({ answered: 1, required: 3, errors: 0 })).toBe('in_progress');
    expect(stepStatus({ answered: 0, required: 3, errors: 0 })).toBe('not_started');
    expect(stepStatus({ answered: 0, required: 0, errors: 0 })).toBe('not_applicable');
  });

  it('averages the step ratios with equal weights, so a large grid does not swamp the rest', () => {
    const p = overallProgress([
      { answered: 1, required: 1, status: 'complete' },
      { answered: 200, required: 400, status: 'in_progress' },
      { answered: 0, required: 0, status: 'not_applicable' },
    ]);
    expect(p).toEqual({ pct: 75, stepsComplete: 1, stepsTotal: 2 });
  });

  it('never shows 100 % before every ratio is 1 (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(50), fc.integer({ min: 1, max: 50 })), { minLength: 1, maxLength: 12 }), (steps) => {
        const s = steps.map(([a, r]) => ({
          answered: Math.min(a, r),
          required: r,
          status: stepStatus({ answered: Math.min(a, r), required: r, errors: 0 }),
        }));
        const p = overallProgress(s);
        expect(p.pct === 100).toBe(s.every((x) => x.answered === x.required));
      }),
    );
  });

  it('counts the grid over the included rows only, with a car eligibility per position; an empty grid is one short', () => {
    expect(positionsCount([], [])).toEqual({ answered: 0, required: 1 });
    expect(positionsCount([row(), row({ regionId: 2, bonusActualAvg: null })], [])).toEqual({ answered: 11, required: 13 });
  });

  it('requires the company turnover row, and a job group row once given', () => {
    expect(turnoverCount([])).toEqual({ answered: 0, required: 6 });
    expect(
      turnoverCount([{ jobGroupId: 3, headcountStart: 1, headcountEnd: 1, hires: 0, totalLeavers: 0, voluntaryLeavers: 0, firstYearLeavers: 0 }]),
    ).toEqual({
      answered: 6,
      required: 12,
    });
  });
});

describe('grid rules', () => {
  it('flags a base under the minimum wage, ranges, car columns and the ±30 % change against last year', () => {
    const issues = positionIssues(
      [
        row({ baseSalaryAvg: '20000.00' }),
        row({ regionId: 2, bonusTargetPct: '201.00', bonusEligiblePct: '101.00' }),
        row({ regionId: 3, baseSalaryAvg: '140000.00' }),
      ],
      [{ positionId: 1, eligibility: 'company_car', carClass: null, priceCap: null, replacementMonths: 11, cashAllowance: null }],
      { ...ctx, prior: new Map([['1:3', '100000.00']]) },
    );
    expect(issues.map((i) => `${i.target}|${i.ruleCode}`).sort()).toEqual(
      [
        'position:1:1|belowMinimumWage',
        'position:1:1|bonusOverTarget',
        'position:1:2|bonusTargetRange',
        'position:1:2|percentRange',
        'position:1:3|changedVsPrior',
        'car:1|carClassRequired',
        'car:1|replacementMonthsRange',
      ].sort(),
    );
  });

  it('warns when the grid holds more people than the company', () => {
    const issues = positionIssues([row({ headcount: 8 }), row({ regionId: 2, headcount: 8 })], [], { ...ctx, companyHeadcount: 10 });
    expect(issues).toContainEqual(expect.objectContaining({ ruleCode: 'headcountOverCompany', params: { sum: 16, company: 10 } }));
  });

  it('warns when a manager earns less than the best-paid level they lead, in the same job group and region', () => {
    const levels = new Map([
      [1, { jobGroupId: 7, careerLevel: 'P2' }],
      [2, { jobGroupId: 7, careerLevel: 'M1' }],
      [3, { jobGroupId: 7, careerLevel: 'M2' }],
      [4, { jobGroupId: 8, careerLevel: 'P3' }],
    ]);
    const issues = positionIssues(
      [
        row({ positionId: 1, baseSalaryAvg: '150000.00' }),
        row({ positionId: 2, baseSalaryAvg: '140000.00' }),
        row({ positionId: 3, baseSalaryAvg: '160000.00' }),
        // Another job group's professional and another region's manager are no comparison.
        row({ positionId: 4, baseSalaryAvg: '300000.00' }),
        row({ positionId: 2, regionId: 2, baseSalaryAvg: '90000.00' }),
      ],
      [],
      { ...ctx, levels },
    );
    expect(issues.filter((i) => i.ruleCode === 'managerBelowReports')).toEqual([
      expect.objectContaining({ target: 'position:2:1', field: 'baseSalaryAvg', params: { reports: '150000.00' } }),
    ]);
  });

  it('keys an issue by cell and rule, so an acknowledgement carries over', () => {
    expect(issueKey({ target: 'position:1:2', field: 'baseSalaryAvg', ruleCode: 'changedVsPrior' })).toBe(
      'position:1:2|baseSalaryAvg|changedVsPrior',
    );
  });
});

describe('turnover rules', () => {
  it('refuses more voluntary than total leavers in the schema, and checks the balance ±5 %', () => {
    expect(turnoverRow.safeParse({ jobGroupId: null, totalLeavers: 3, voluntaryLeavers: 4 }).success).toBe(false);
    const r = { jobGroupId: null, headcountStart: 100, headcountEnd: 100, hires: 10, totalLeavers: 4, voluntaryLeavers: 2, firstYearLeavers: 5 };
    expect(turnoverIssues([r]).map((i) => i.ruleCode)).toEqual(['firstYearOverTotal', 'turnoverBalance']);
    expect(turnoverIssues([{ ...r, headcountEnd: 105, firstYearLeavers: 1 }])).toEqual([]);
  });
});

describe('benchmark rules', () => {
  const item = (id: number, key: string, unit = 'pct', over: Partial<BenchmarkItemRule> = {}): BenchmarkItemRule => ({
    id,
    key,
    unit,
    categories: ['all'],
    required: true,
    min: '0',
    max: '100',
    warnMin: null,
    warnMax: null,
    ...over,
  });
  const items = [
    item(1, 'increase_budget_actual', 'pct', { warnMax: '25' }),
    item(2, 'increase_merit'),
    item(3, 'increase_promotion'),
    item(4, 'increase_adjustment'),
    item(5, 'salary_freeze', 'bool'),
  ];
  const a = (itemId: number, valueNum: string | null, valueBool: boolean | null = null) => ({
    itemId,
    category: 'all',
    valueNum,
    valueBool,
    valueChoice: null,
  });

  it('checks ranges, unusual values, the split of the budget and a freeze', () => {
    expect(benchmarkIssues(items, [a(1, '5.00'), a(2, '3.00'), a(3, '1.00'), a(4, '1.05')])).toEqual([]);
    const codes = benchmarkIssues(items, [a(1, '30.00'), a(2, '3.00'), a(3, '1.00'), a(4, '1.00'), a(5, null, true)]).map((i) => i.ruleCode);
    expect(codes.sort()).toEqual(['benchmarkUnusual', 'freezeNeedsZero', 'splitMismatch']);
    expect(benchmarkIssues(items, [a(2, '101.00')]).map((i) => i.ruleCode)).toEqual(['benchmarkRange']);
  });
});

describe('pages', () => {
  const q = (id: string, over: Partial<PageQuestion> = {}): PageQuestion => ({
    id,
    type: 'bool',
    labelEn: id,
    labelRu: id,
    required: true,
    options: [],
    min: null,
    max: null,
    showIf: null,
    ...over,
  });
  it('does not require a hidden question', () => {
    const questions = [q('vhi'), q('vhi_family', { showIf: { question: 'vhi', equals: true } })];
    expect(pageCount(questions, { vhi: false })).toEqual({ answered: 1, required: 1 });
    expect(pageCount(questions, { vhi: true })).toEqual({ answered: 1, required: 2 });
    expect(isShown(questions[1]!, { vhi: true })).toBe(true);
  });
});

describe('schemas', () => {
  it('reads figures as people type them, into exact decimals', () => {
    expect(decimal().parse('150 000,5')).toBe('150000.50');
    expect(decimal().parse('')).toBeNull();
    expect(decimal().safeParse('-1').error?.issues[0]?.message).toBe('survey.validation.notNegative');
    expect(decimal().safeParse('1e5').error?.issues[0]?.message).toBe('survey.validation.number');
  });

  it('names a duplicate position × region on its second row', () => {
    const r = { positionId: 1, regionId: 2 };
    const res = savePositionsBody.safeParse({ version: 1, rows: [r, r] });
    expect(res.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['rows.1.regionId', 'survey.validation.duplicateRow']]);
  });
});

describe('completion', () => {
  it('lists the blockers by step', () => {
    const blockers = completionBlockers(
      [
        { key: 'contact', status: 'in_progress' },
        { key: 'positions', status: 'has_errors' },
        { key: 'turnover', status: 'complete' },
        { key: 'page:comments', status: 'not_applicable' },
      ],
      [
        { stepKey: 'positions', severity: 'error', acknowledgedAt: null },
        { stepKey: 'turnover', severity: 'warning', acknowledgedAt: null },
        { stepKey: 'turnover', severity: 'warning', acknowledgedAt: '2026-01-01T00:00:00Z' },
        { stepKey: 'turnover', severity: 'staff_query', acknowledgedAt: null },
      ],
    );
    expect(blockers).toEqual([
      { stepKey: 'contact', reason: 'contact', count: 1 },
      { stepKey: 'positions', reason: 'errors', count: 1 },
      { stepKey: 'turnover', reason: 'warnings', count: 1 },
      { stepKey: 'turnover', reason: 'staff_queries', count: 1 },
    ]);
  });
});
