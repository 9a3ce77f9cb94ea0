import {
  type CarPolicyRow,
  carPolicyRow,
  type ExcelReport,
  type excelUploadFields,
  type Locale,
  type PositionRow,
  positionIssues,
  positionRow,
  rowKey,
  ruleMessageKey,
  type SurveyScope,
  type User,
} from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import { ALLOWANCE_TYPES } from '@portal/shared/survey-model';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UploadedFile } from '../../plugins/endpoint.ts';
import { addHeader, addMarker, cellValue, codesMatch, columnLetter, FIRST_DATA_ROW, hasMarker, loadWorkbook } from './excel-cells.ts';
import { lockedChanges, type PositionsGridService } from './positions-grid.service.ts';
import type { Caller, QuestionnaireService } from './questionnaire.service.ts';
import { levelsOf, priorMap } from './step-checks.ts';
import * as repo from './survey.repository.ts';

/**
 * The positions grid's Excel round trip (design §5 item 1). The template carries its codes in row 2 of each sheet and
 * a hidden marker sheet naming the period, so a file that is not this template, or whose codes were moved, is refused
 * before any cell is read. A filled template comes back as a cell-by-cell report; with commit and no error it is
 * saved through the grid's own save (one transaction, nothing half-saved).
 */

const MARKER = 'portal-salary-positions';
const GRID_SHEET = 'Positions';
const CAR_SHEET = 'Cars';

type GridColumn = { code: string; field: string; header: string; width: number; info?: true };
const GRID_COLUMNS: GridColumn[] = [
  { code: 'position_code', field: 'positionId', header: 'positionCode', width: 12 },
  { code: 'region_code', field: 'regionId', header: 'regionCode', width: 10 },
  { code: 'position', field: '', header: 'position', width: 34, info: true },
  { code: 'region', field: '', header: 'region', width: 24, info: true },
  { code: 'match_quality', field: 'matchQuality', header: 'matchQuality', width: 12 },
  { code: 'headcount', field: 'headcount', header: 'headcount', width: 11 },
  { code: 'base_salary_avg', field: 'baseSalaryAvg', header: 'baseSalaryAvg', width: 14 },
  { code: 'guaranteed_extra_annual', field: 'guaranteedExtraAnnual', header: 'guaranteedExtraAnnual', width: 14 },
  { code: 'bonus_eligible_pct', field: 'bonusEligiblePct', header: 'bonusEligiblePct', width: 12 },
  { code: 'bonus_target_pct', field: 'bonusTargetPct', header: 'bonusTargetPct', width: 12 },
  { code: 'bonus_actual_avg', field: 'bonusActualAvg', header: 'bonusActualAvg', width: 14 },
  ...ALLOWANCE_TYPES.map((t) => ({ code: `allowance_${t}`, field: `allowance.${t}`, header: `allowance.${t}`, width: 12 })),
  { code: 'comment', field: 'comment', header: 'comment', width: 30 },
];
const CAR_COLUMNS: GridColumn[] = [
  { code: 'position_code', field: 'positionId', header: 'positionCode', width: 12 },
  { code: 'position', field: '', header: 'position', width: 34, info: true },
  ...(
    [
      ['eligibility', 'eligibility'],
      ['car_class', 'carClass'],
      ['price_cap', 'priceCap'],
      ['acquisition', 'acquisition'],
      ['replacement_months', 'replacementMonths'],
      ['replacement_km', 'replacementKm'],
      ['fuel_limit', 'fuelLimit'],
      ['private_use', 'privateUse'],
      ['employee_contribution', 'employeeContribution'],
      ['cash_allowance', 'cashAllowance'],
    ] as const
  ).map(([code, field]) => ({ code, field, header: field, width: 14 })),
];

export class PositionsExcelService {
  constructor(
    private readonly db: Db,
    private readonly q: QuestionnaireService,
    private readonly grid: PositionsGridService,
  ) {}

  /** The template: the company's rows first, then every other position of the period (in each region for field ones) left blank. */
  async template(user: User, scope: SurveyScope, locale: Locale): Promise<{ name: string; data: Buffer }> {
    const ctx = await this.q.context(user, scope);
    const [positions, regions, rows, cars] = await Promise.all([
      repo.periodPositionsOf(this.db, ctx.period.id),
      repo.periodRegionsOf(this.db, ctx.period.id),
      repo.entriesOf(this.db, ctx.response.id),
      repo.carRowsOf(this.db, ctx.response.id),
    ]);
    const ru = locale === 'ru';
    const position = new Map(positions.map((p) => [p.id, p]));
    const region = new Map(regions.map((r) => [r.id, r]));
    const h = (key: string) => translate(locale, `survey.columns.${key}`);
    const workbook = new ExcelJS.Workbook();

    const grid = workbook.addWorksheet(GRID_SHEET);
    addHeader(grid, GRID_COLUMNS, h);
    const taken = new Set(rows.map((r) => rowKey(r)));
    const blank = positions.flatMap((p) =>
      (p.isField ? regions : regions.slice(0, 1)).filter((r) => !taken.has(`${p.id}:${r.id}`)).map((r) => ({ positionId: p.id, regionId: r.id })),
    );
    for (const r of [...rows, ...blank]) {
      const p = position.get(r.positionId);
      const g = region.get(r.regionId);
      const e = 'id' in r ? (r as repo.EntryRow) : undefined;
      const allowance = (t: string) => e?.allowances.find((a) => a.type === t)?.amountAvg;
      const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
      grid.addRow([
        p?.code ?? '',
        g?.code ?? '',
        p ? (ru ? p.titleRu : p.titleEn) : '',
        g ? (ru ? g.nameRu : g.nameEn) : '',
        e?.matchQuality ?? null,
        e?.headcount ?? null,
        num(e?.baseSalaryAvg),
        num(e?.guaranteedExtraAnnual),
        num(e?.bonusEligiblePct),
        num(e?.bonusTargetPct),
        num(e?.bonusActualAvg),
        ...ALLOWANCE_TYPES.map((t) => num(allowance(t))),
        e?.comment || null,
      ]);
    }
    grid.views = [{ state: 'frozen', ySplit: 2, xSplit: 4 }];

    const carSheet = workbook.addWorksheet(CAR_SHEET);
    addHeader(carSheet, CAR_COLUMNS, h);
    const carOf = new Map(cars.map((c) => [c.positionId, c]));
    for (const id of [...new Set(rows.map((r) => r.positionId))]) {
      const p = position.get(id);
      const c = carOf.get(id);
      const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
      carSheet.addRow([
        p?.code ?? '',
        p ? (ru ? p.titleRu : p.titleEn) : '',
        c?.eligibility ?? null,
        c?.carClass ?? null,
        num(c?.priceCap),
        c?.acquisition ?? null,
        c?.replacementMonths ?? null,
        c?.replacementKm ?? null,
        num(c?.fuelLimit),
        c?.privateUse ?? null,
        num(c?.employeeContribution),
        num(c?.cashAllowance),
      ]);
    }
    carSheet.views = [{ state: 'frozen', ySplit: 2, xSplit: 2 }];

    addMarker(workbook, MARKER, ctx.period.code);
    return { name: `${h('fileName')} ${ctx.period.code} - ${ctx.companyName}.xlsx`, data: Buffer.from(await workbook.xlsx.writeBuffer()) };
  }

  /** Reads a filled template: every cell checked as the grid's save checks it, and the rules run; saved on commit when clean. */
  async upload(caller: Caller, fields: z.output<typeof excelUploadFields>, file: UploadedFile | undefined, locale: Locale): Promise<ExcelReport> {
    const ctx = await this.q.context(caller.user, fields);
    if (!file) throw new AppError('VALIDATION', { fields: { file: 'validation.required' } });
    const workbook = await loadWorkbook(file, 'SURVEY_NOT_TEMPLATE');
    const gridSheet = workbook.getWorksheet(GRID_SHEET);
    const carSheet = workbook.getWorksheet(CAR_SHEET);
    if (
      !gridSheet ||
      !carSheet ||
      !hasMarker(workbook, MARKER, ctx.period.code) ||
      !codesMatch(gridSheet, GRID_COLUMNS) ||
      !codesMatch(carSheet, CAR_COLUMNS)
    )
      throw new AppError('SURVEY_NOT_TEMPLATE');

    const [positions, regions] = await Promise.all([repo.periodPositionsOf(this.db, ctx.period.id), repo.periodRegionsOf(this.db, ctx.period.id)]);
    const positionByCode = new Map(positions.map((p) => [p.code, p.id]));
    const regionByCode = new Map(regions.filter((r) => r.code).map((r) => [r.code!, r.id]));
    const issues: ExcelReport['issues'] = [];
    const t = (key: string, params?: Record<string, string | number>) => translate(locale, key, params);
    const header = (sheet: string, c: GridColumn) =>
      `${columnLetter((sheet === GRID_SHEET ? GRID_COLUMNS : CAR_COLUMNS).indexOf(c))} (${t(`survey.columns.${c.header}`)})`;
    const cellIssue = (sheet: string, row: number, c: GridColumn | undefined, severity: 'error' | 'warning', message: string) =>
      issues.push({ sheet, row, column: c ? header(sheet, c) : '', severity, message });

    // The grid: a row with no figure at all is a catalogue line left blank, not an answer.
    const rows: PositionRow[] = [];
    const rowLine = new Map<string, number>();
    let linesRead = 0;
    let carLinesRead = 0;
    gridSheet.eachRow((row, line) => {
      if (line < FIRST_DATA_ROW) return;
      const values = GRID_COLUMNS.map((_, i) => cellValue(row.getCell(i + 1).value));
      const answered = GRID_COLUMNS.some((c, i) => !c.info && i > 1 && values[i] !== null);
      if (!answered) return;
      linesRead++;
      const raw: Record<string, unknown> = { allowances: [] as unknown[] };
      GRID_COLUMNS.forEach((c, i) => {
        if (c.info) return;
        const v = values[i];
        if (c.field === 'positionId') raw.positionId = positionByCode.get(String(v ?? '')) ?? null;
        else if (c.field === 'regionId') raw.regionId = regionByCode.get(String(v ?? '')) ?? null;
        else if (c.field.startsWith('allowance.')) {
          if (v !== null) (raw.allowances as unknown[]).push({ type: c.field.slice('allowance.'.length), amountAvg: v, shareReceivingPct: null });
        } else raw[c.field] = c.field === 'comment' ? String(v ?? '') : c.field === 'matchQuality' && v === null ? undefined : v;
      });
      if (raw.positionId === null) return void cellIssue(GRID_SHEET, line, GRID_COLUMNS[0], 'error', t('survey.errors.unknownPosition'));
      if (raw.regionId === null) return void cellIssue(GRID_SHEET, line, GRID_COLUMNS[1], 'error', t('survey.errors.unknownRegion'));
      const parsed = positionRow.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const [first, index] = issue.path;
          const field = first === 'allowances' ? `allowance.${(raw.allowances as { type: string }[])[Number(index)]?.type}` : String(first);
          cellIssue(
            GRID_SHEET,
            line,
            GRID_COLUMNS.find((c) => c.field === field),
            'error',
            t(issue.message.includes('.') ? issue.message : 'validation.invalid'),
          );
        }
        return;
      }
      const key = rowKey(parsed.data);
      if (rowLine.has(key)) return void cellIssue(GRID_SHEET, line, GRID_COLUMNS[1], 'error', t('survey.validation.duplicateRow'));
      rowLine.set(key, line);
      rows.push(parsed.data);
    });

    const cars: CarPolicyRow[] = [];
    const carLine = new Map<number, number>();
    carSheet.eachRow((row, line) => {
      if (line < FIRST_DATA_ROW) return;
      const values = CAR_COLUMNS.map((_, i) => cellValue(row.getCell(i + 1).value));
      if (!CAR_COLUMNS.some((c, i) => !c.info && i > 0 && values[i] !== null)) return;
      carLinesRead++;
      const raw: Record<string, unknown> = {};
      CAR_COLUMNS.forEach((c, i) => {
        if (c.info) return;
        raw[c.field] = c.field === 'positionId' ? (positionByCode.get(String(values[i] ?? '')) ?? null) : values[i];
      });
      if (raw.positionId === null) return void cellIssue(CAR_SHEET, line, CAR_COLUMNS[0], 'error', t('survey.errors.unknownPosition'));
      const parsed = carPolicyRow.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          cellIssue(
            CAR_SHEET,
            line,
            CAR_COLUMNS.find((c) => c.field === String(issue.path[0])),
            'error',
            t(issue.message.includes('.') ? issue.message : 'validation.invalid'),
          );
        return;
      }
      if (carLine.has(parsed.data.positionId)) return void cellIssue(CAR_SHEET, line, CAR_COLUMNS[0], 'error', t('survey.validation.duplicateRow'));
      carLine.set(parsed.data.positionId, line);
      cars.push(parsed.data);
    });

    // The rules of the draft, on the rows as they would be saved, named by their cells.
    const prior = await priorMap(this.db, ctx);
    const levels = await levelsOf(this.db, ctx.period.id);
    for (const issue of positionIssues(rows, cars, { minimumWage: ctx.period.minimumWage, prior, companyHeadcount: null, copied: false, levels })) {
      const [kind, a, b] = issue.target.split(':');
      const line = kind === 'position' ? rowLine.get(`${a}:${b}`) : carLine.get(Number(a));
      const sheet = kind === 'position' ? GRID_SHEET : CAR_SHEET;
      const column = (sheet === GRID_SHEET ? GRID_COLUMNS : CAR_COLUMNS).find((c) => c.field === issue.field);
      cellIssue(sheet, line ?? 0, column, issue.severity, t(ruleMessageKey(issue.ruleCode), issue.params));
    }
    // A row whose averages come from its incumbents keeps them: a changed figure is refused on its cell.
    const stored = new Map((await repo.entriesOf(this.db, ctx.response.id)).map((e) => [rowKey(e), e]));
    for (const r of rows)
      for (const field of lockedChanges(r, stored.get(rowKey(r))))
        cellIssue(
          GRID_SHEET,
          rowLine.get(rowKey(r)) ?? 0,
          GRID_COLUMNS.find((c) => c.field === field),
          'error',
          t('survey.errors.incumbentsLocked'),
        );
    issues.sort((x, y) => x.sheet.localeCompare(y.sheet) || x.row - y.row);
    const errors = issues.filter((i) => i.severity === 'error').length;
    const report = { rows: linesRead, cars: carLinesRead, errors, warnings: issues.length - errors, issues, saved: false, result: null };
    if (!fields.commit || errors) return report;
    if (fields.version === undefined) throw new AppError('VALIDATION', { fields: { version: 'validation.required' } });
    const result = await this.grid.save(
      caller,
      { periodId: fields.periodId, companyId: fields.companyId, version: fields.version, rows, cars },
      'import_excel',
    );
    return { ...report, saved: true, result };
  }
}
