import { REPORT_LANGUAGES } from '@portal/shared/reports-model';
import { describe, expect, it } from 'vitest';
import { MOSCOW, REP, SAMPLE_OWN, SPB, sampleSnapshot } from '../../../../test/report-fixtures.ts';
import type { CellValue, ReportDocument, TableSection } from '../report-document.ts';
import { carReport } from './car.ts';
import { companyReport } from './company.ts';
import { fullReport } from './full.ts';
import { generalReport } from './general.ts';

const tables = (doc: ReportDocument) => doc.sections.filter((s): s is TableSection => s.kind === 'table');
const tableNamed = (doc: ReportDocument, heading: string) => {
  const found = tables(doc).find((t) => t.heading === heading);
  if (!found) throw new Error(`no table "${heading}" in ${tables(doc).map((t) => t.heading)}`);
  return found;
};
const allValues = (doc: ReportDocument): CellValue[] => tables(doc).flatMap((t) => t.rows.flatMap((r) => Object.values(r)));

describe.each(REPORT_LANGUAGES)('the market reports in %s', (language) => {
  const data = sampleSnapshot();
  const docs = [generalReport(data, language), carReport(data, language), fullReport(data, language)];

  it('say every word from the catalogue: no raw key anywhere in the document', () => {
    for (const doc of docs) expect(JSON.stringify(doc)).not.toMatch(/reportDoc\./);
  });

  it('show a hidden statistic as its reason, never as a blank, with the legend in the notes', () => {
    for (const doc of docs) {
      for (const t of tables(doc)) {
        const hidden = t.rows.flatMap((r) => Object.values(r)).filter((v) => v !== null && typeof v === 'object');
        for (const h of hidden) expect(h.label).not.toBe('');
        if (hidden.length > 0) expect(t.notes?.length).toBeGreaterThan(0);
      }
    }
    const general = generalReport(data, language);
    const key = tables(general)[2]!; // the participants, their profile, then the key positions
    const spb = key.rows.find((r) => r.region === (language === 'ru' ? 'Санкт-Петербург' : 'St Petersburg'))!;
    expect(spb.nCompanies).toBe(3);
    expect(spb.p50).toEqual({ suppressed: 'min_companies', label: 'n<5' });
    expect(key.notes?.join(' ')).toContain('n<5');
  });

  it('hide only P10 and P90 where only the tails miss their threshold', () => {
    const full = tables(fullReport(data, language)).find((t) => t.sheet !== undefined)!;
    const moscow = full.rows.find((r) => r.region === (language === 'ru' ? 'Москва' : 'Moscow') && r.p50 === 160_000)!;
    expect(moscow.p10).toEqual({ suppressed: 'p10p90_min', label: 'n<10' });
    expect(moscow.p90).toEqual({ suppressed: 'p10p90_min', label: 'n<10' });
    expect(moscow.p25).toBe(144_000);
  });

  it('name the anonymity rules with their numbers and the participants in the methodology', () => {
    const text = generalReport(data, language).sections[0]!;
    expect(text.kind).toBe('text');
    const words = JSON.stringify(text);
    expect(words).toContain(language === 'ru' ? 'ПРОЦЕНТИЛЬ.ВКЛ' : 'PERCENTILE.INC');
    expect(words).toContain('25 %');
    expect(words).toMatch(/\b6\b/);
    expect(tables(generalReport(data, language))[0]!.rows).toHaveLength(6);
  });
});

describe('the general report', () => {
  const doc = generalReport(sampleSnapshot(), 'en');

  it('summarises the key positions by region and all Russia, and charts their quartiles', () => {
    const key = tableNamed(doc, 'Key positions: base salary, month');
    expect(key.rows.map((r) => [r.position, r.region])).toEqual([
      ['Medical Representative', 'Moscow'],
      ['Medical Representative', 'St Petersburg'],
      ['Medical Representative', 'All Russia'],
      ['Regional Sales Manager', 'All Russia'],
      ['Product Manager', 'All Russia'],
    ]);
    const chart = doc.sections.find((s) => s.kind === 'range_chart')!;
    // The product manager's cell is dominated: no bar for it.
    expect(chart.kind === 'range_chart' && chart.bars.map((b) => b.label)).toEqual(['Medical Representative', 'Regional Sales Manager']);
  });

  it('gives turnover, benchmarks with their choices, bonus and allowances', () => {
    expect(tableNamed(doc, 'Turnover by job group').rows.map((r) => [r.jobGroup, r.metric])).toEqual([
      ['Whole company', 'Total turnover, %'],
      ['Sales', 'Voluntary turnover, %'],
    ]);
    expect(tableNamed(doc, 'Salary increases: split, timing and freezes').rows.map((r) => r.item)).toEqual(['Salary freeze']);
    expect(tableNamed(doc, 'Bonus and pay practices').rows[0]).toMatchObject({ item: 'Field force bonus paid: quarterly', prevalencePct: 58.3 });
    expect(tableNamed(doc, 'Bonus target by career level').rows[0]).toMatchObject({ careerLevel: 'P1', p50: 25, prevalencePct: 91.7 });
    expect(tableNamed(doc, 'Allowances: prevalence and P50 among payers').rows[0]).toMatchObject({ allowance: 'Fuel', prevalencePct: 60, p50: 8000 });
  });
});

describe('the general report’s new sections', () => {
  const doc = generalReport(sampleSnapshot(), 'en');
  const hidden = (reason: string, label: string) => ({ suppressed: reason, label });

  it('profiles the participants in all, by size band and by region, a count below the rules hidden with its reason', () => {
    const profile = tableNamed(doc, 'Participant profile: companies and incumbents covered');
    expect(profile.rows).toEqual([
      { cut: 'All participants', nCompanies: 6, prevalencePct: 100, nIncumbents: 900 },
      {
        cut: 'Company size: under 100',
        ...Object.fromEntries(['nCompanies', 'prevalencePct', 'nIncumbents'].map((k) => [k, hidden('complementary', 'hidden')])),
      },
      {
        cut: 'Company size: 100–499',
        ...Object.fromEntries(['nCompanies', 'prevalencePct', 'nIncumbents'].map((k) => [k, hidden('min_companies', 'n<5')])),
      },
      { cut: 'Present in Moscow', nCompanies: 6, prevalencePct: 100, nIncumbents: 700 },
      {
        cut: 'Present in St Petersburg',
        ...Object.fromEntries(['nCompanies', 'prevalencePct', 'nIncumbents'].map((k) => [k, hidden('min_companies', 'n<5')])),
      },
    ]);
    expect(profile.notes?.join(' ')).toContain('fewer than 5 companies');
  });

  it('gives the increase budgets including and excluding freezes', () => {
    const budgets = tableNamed(doc, 'Increase budgets including and excluding freezes, % of payroll');
    expect(budgets.rows.map((r) => [r.item, r.category, r.basis, r.nCompanies, r.p50])).toEqual([
      ['Actual increase budget, % of payroll', 'Field force', 'All, including freezes', 12, 8],
      ['Actual increase budget, % of payroll', 'Field force', 'Excluding freezes', 11, 8.5],
      ['Planned increase budget next year, % of payroll', 'Field force', 'All, including freezes', 12, 9],
      ['Planned increase budget next year, % of payroll', 'Field force', 'Excluding freezes', 11, hidden('complementary', 'hidden')],
    ]);
    expect(budgets.columns.map((c) => c.format)).toEqual(['text', 'text', 'text', 'int', 'pct', 'pct', 'pct', 'pct']);
  });

  it('gives each allowance’s prevalence across positions: companies paying, their share and the incumbents’', () => {
    expect(tableNamed(doc, 'Benefits: allowance prevalence across positions').rows).toEqual([
      { allowance: 'Fuel', nCompanies: 5, prevalencePct: 83.3, meanIncumbent: 40.5 },
      {
        allowance: 'Mobile phone',
        ...Object.fromEntries(['nCompanies', 'prevalencePct', 'meanIncumbent'].map((k) => [k, hidden('min_companies', 'n<5')])),
      },
    ]);
  });

  it('follows the headline figures from last year to this one, as each was published or hidden', () => {
    const trend = tableNamed(doc, 'Five-year trend of the headline figures');
    expect(trend.columns.map((c) => c.label)).toEqual([
      'Period',
      'Companies',
      'Incumbents covered',
      'Actual increase budget P50, % (Field force)',
      'Planned increase budget P50, % (Field force)',
      'Total turnover P50, %',
      'Voluntary turnover P50, %',
    ]);
    expect(trend.rows).toEqual([
      {
        period: 'Salary survey 2025',
        nCompanies: 10,
        nIncumbents: 800,
        'increase_budget_actual:field': 7,
        'increase_budget_planned:field': null,
        total_rate: 16,
        voluntary_rate: hidden('min_companies', 'n<5'),
      },
      {
        period: 'Salary survey 2026',
        nCompanies: 6,
        nIncumbents: 900,
        'increase_budget_actual:field': 8,
        'increase_budget_planned:field': 9,
        total_rate: 18,
        voluntary_rate: null,
      },
    ]);
    const chart = doc.sections.find((s) => s.kind === 'range_chart' && s.heading.startsWith('Actual increase budget over the years'));
    expect(chart?.kind === 'range_chart' && chart.format === 'pct' && chart.bars.map((b) => [b.label, b.p50])).toEqual([
      ['2025 · Field force', 7],
      ['2026 · Field force', 8],
    ]);
    // The trend cells are not this period's: no other table reads them.
    expect(tableNamed(doc, 'Turnover by job group').rows.map((r) => r.p50)).toEqual([18, 12]);
  });

  it('says there is no earlier data when no earlier period was frozen', () => {
    const data = sampleSnapshot();
    const alone = generalReport({ ...data, trendPeriods: [], cells: data.cells.filter((c) => c.sourcePeriodId === null) }, 'ru');
    const trend = tableNamed(alone, 'Динамика ключевых показателей за пять лет');
    expect(trend.rows.map((r) => r.period)).toEqual(['Обзор заработных плат 2026']);
    expect(trend.notes).toContain('Нет данных за прошлые периоды: ни за один более ранний период статистика не зафиксирована.');
  });
});

describe('the car report', () => {
  it('pivots eligibility and class by position, a hidden share showing its reason', () => {
    const doc = carReport(sampleSnapshot(), 'en');
    const eligibility = tableNamed(doc, 'Car eligibility by position');
    expect(eligibility.rows[0]).toMatchObject({
      position: 'Medical Representative',
      company_car: 75,
      cash_allowance: { suppressed: 'complementary', label: 'hidden' },
      none: null,
    });
    expect(tableNamed(doc, 'Car class mix by position, % of companies').rows[0]).toMatchObject({ C: 50 });
    expect(tableNamed(doc, 'Car price cap, RUB').rows[0]).toMatchObject({ p50: 2_500_000 });
  });

  it('gives private use and acquisition by position, and the typical models by class, hidden ones last', () => {
    const doc = carReport(sampleSnapshot(), 'en');
    expect(tableNamed(doc, 'Private use of company cars by position, % of companies').rows).toEqual([
      { position: 'Medical Representative', nCompanies: 12, free: 60, paid: 40, not_allowed: null },
    ]);
    const acquisition = tableNamed(doc, 'Car acquisition by position: owned or leased, % of companies');
    expect(acquisition.columns.map((c) => c.label)).toEqual(['Position', 'Companies', 'Owned, %', 'Operating lease, %', 'Full-service lease, %']);
    expect(acquisition.rows[0]).toMatchObject({ operating_lease: 100, owned: null });
    const models = tableNamed(doc, 'Typical car makes and models by class, % of companies');
    expect(models.rows).toEqual([
      { carClass: 'Class C', model: 'Any model of the class', nCompanies: 6, prevalencePct: 75 },
      { carClass: 'Class C', model: 'Skoda Octavia', nCompanies: 5, prevalencePct: 83.3 },
      {
        carClass: 'Class C',
        model: 'Kia Ceed',
        nCompanies: { suppressed: 'min_companies', label: 'n<5' },
        prevalencePct: { suppressed: 'min_companies', label: 'n<5' },
      },
    ]);
    expect(JSON.stringify(carReport(sampleSnapshot(), 'ru'))).toContain('Операционный лизинг, %');
  });
});

describe('the full report', () => {
  it('has a sheet per job group with every cut and money metric, and a ladder', () => {
    const doc = fullReport(sampleSnapshot(), 'ru');
    const sales = tables(doc).find((t) => t.sheet === 'Продажи')!;
    expect(sales.columns.map((c) => c.key)).toEqual([
      'position',
      'region',
      'metric',
      'nCompanies',
      'nIncumbents',
      'meanCompany',
      'meanIncumbent',
      'p10',
      'p25',
      'p50',
      'p75',
      'p90',
    ]);
    const repBase = sales.rows.filter((r) => r.position === 'Медицинский представитель' && r.metric === 'Оклад в месяц');
    expect(repBase.map((r) => r.region)).toEqual(['Москва', 'Санкт-Петербург', 'Размер компании: 100–499', 'Вся Россия']);
    expect(sales.rows.filter((r) => r.metric === 'Совокупный доход, целевой')).toHaveLength(1);
    expect(tables(doc).find((t) => t.sheet === 'Маркетинг')!.rows[0]!.p50).toEqual({ suppressed: 'dominance', label: 'доминирование' });
    const ladder = doc.sections.find((s) => s.kind === 'range_chart' && s.heading.startsWith('Продажи'));
    expect(ladder?.kind === 'range_chart' && ladder.bars.map((b) => b.label)).toEqual(['P1 Медицинский представитель', 'M1 Региональный менеджер']);
  });

  it('gives each allowance’s prevalence per job group, after the market’s', () => {
    const doc = fullReport(sampleSnapshot(), 'en');
    expect(tableNamed(doc, 'Allowance prevalence by job group').rows).toEqual([
      { jobGroup: 'All job groups', allowance: 'Fuel', nCompanies: 5, prevalencePct: 83.3, meanIncumbent: 40.5 },
      expect.objectContaining({ jobGroup: 'All job groups', allowance: 'Mobile phone', nCompanies: { suppressed: 'min_companies', label: 'n<5' } }),
      { jobGroup: 'Sales', allowance: 'Fuel', nCompanies: 5, prevalencePct: 100, meanIncumbent: 55 },
      expect.objectContaining({ jobGroup: 'Marketing', allowance: 'Fuel', meanIncumbent: { suppressed: 'complementary', label: 'hidden' } }),
    ]);
  });
});

describe('the company report', () => {
  it('places the own figures against the market: compa-ratio and quartile band, nothing against a hidden cell', () => {
    const doc = companyReport(sampleSnapshot(), SAMPLE_OWN, 'ООО Фарм-Мед', 'en');
    expect(doc.title).toBe('Salary survey 2026: ООО Фарм-Мед against the market');
    const [positions, others] = tables(doc);
    expect(positions!.rows).toEqual([
      expect.objectContaining({ region: 'Moscow', own: 165_000, p50: 160_000, compaRatio: 103.1, band: 'P50–P75' }),
      {
        position: 'Medical Representative',
        region: 'St Petersburg',
        metric: 'Base salary, month',
        own: 150_000,
        p25: { suppressed: 'min_companies', label: 'n<5' },
        p50: { suppressed: 'min_companies', label: 'n<5' },
        p75: { suppressed: 'min_companies', label: 'n<5' },
        compaRatio: { suppressed: 'min_companies', label: 'n<5' },
        band: { suppressed: 'min_companies', label: 'n<5' },
      },
      expect.objectContaining({ region: 'All Russia', own: 120_000, compaRatio: 80, band: 'below P25' }),
    ]);
    expect(others!.rows).toEqual([
      expect.objectContaining({ position: 'Whole company', metric: 'Total turnover, %', own: 25, compaRatio: 138.9, band: 'above P75' }),
      expect.objectContaining({ position: 'Sales', metric: 'Voluntary turnover, %', own: 12, compaRatio: 100, band: 'P50–P75' }),
      expect.objectContaining({
        position: 'Whole company',
        metric: 'Actual increase budget, % of payroll (Field force)',
        own: 7,
        p25: 7.2,
        compaRatio: 87.5,
        band: 'below P25',
      }),
    ]);
    const charts = doc.sections.filter((s) => s.kind === 'range_chart');
    expect(charts).toHaveLength(1);
    expect(charts[0]!.kind === 'range_chart' && charts[0]!.bars).toEqual([
      { label: 'Moscow', p25: 144_000, p50: 160_000, p75: 176_000, own: 165_000 },
      { label: 'All Russia', p25: 135_000, p50: 150_000, p75: 165_000, own: 120_000 },
    ]);
    expect(allValues(doc)).not.toContain('');
  });

  it('in Russian too', () => {
    const doc = companyReport(sampleSnapshot(), SAMPLE_OWN, 'Alpha Bio', 'ru');
    expect(tables(doc)[0]!.rows[0]).toMatchObject({ region: 'Москва', band: 'P50–P75' });
    expect(JSON.stringify(doc)).not.toMatch(/reportDoc\./);
  });
});

describe('the own position', () => {
  it('uses the market cell of the same cut only', () => {
    const data = sampleSnapshot();
    const doc = companyReport(data, [{ domain: 'salary', metric: 'base', positionId: REP, regionId: MOSCOW + SPB + 40, value: '1' }], 'X', 'en');
    expect(tables(doc)[0]!.rows[0]).toMatchObject({ p50: null, compaRatio: null, band: null });
    // No turnover or benchmark figure of its own, no chart against a missing market: those sections are left out.
    expect(tables(doc)).toHaveLength(1);
    expect(doc.sections.filter((s) => s.kind === 'range_chart')).toHaveLength(0);
  });
});
