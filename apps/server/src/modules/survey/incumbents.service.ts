import {
  type ExcelReport,
  type excelUploadFields,
  type GridRow,
  INCUMBENT_FIELDS,
  type IncumbentReport,
  type IncumbentRow,
  incumbentAverages,
  incumbentIssues,
  incumbentRow,
  type Locale,
  MAX_INCUMBENT_ROWS,
  positionIssues,
  positionTarget,
  type removeIncumbentsQuery,
  rowKey,
  ruleMessageKey,
  type SaveResult,
  type SurveyScope,
  type User,
} from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UploadedFile } from '../../plugins/endpoint.ts';
import { writeLog } from '../action-log/action-log.ts';
import { addHeader, addMarker, cellValue, codesMatch, columnLetter, FIRST_DATA_ROW, hasMarker, loadWorkbook } from './excel-cells.ts';
import type { PositionsGridService } from './positions-grid.service.ts';
import type { Caller, QuestionnaireService, SurveyContext } from './questionnaire.service.ts';
import { levelsOf, priorMap } from './step-checks.ts';
import * as repo from './survey.repository.ts';

/**
 * The optional incumbent-level upload of the positions grid (design §1.2 position_incumbent): a template of one line per
 * person (codes and pay, never a name) prefilled with the incumbents already given, the catalogue's codes on a second
 * sheet, read back as a cell-by-cell report like the grid's own template. Applying replaces the company's incumbents,
 * adds the grid rows they name and computes those rows' averages from them, in the questionnaire's save (one
 * transaction with the version check, the steps and progress recomputed, the history written).
 */

const MARKER = 'portal-salary-incumbents';
const SHEET = 'Incumbents';
const CODES_SHEET = 'Codes';

type Column = { code: string; field: keyof IncumbentRow; header: string; width: number };
const COLUMNS: Column[] = [
  { code: 'position_code', field: 'positionId', header: 'columns.positionCode', width: 14 },
  { code: 'region_code', field: 'regionId', header: 'columns.regionCode', width: 12 },
  { code: 'base_salary', field: 'baseSalary', header: 'columns.baseSalaryAvg', width: 18 },
  { code: 'guaranteed_extra_annual', field: 'guaranteedExtraAnnual', header: 'columns.guaranteedExtraAnnual', width: 18 },
  { code: 'bonus_target_pct', field: 'bonusTargetPct', header: 'columns.bonusTargetPct', width: 14 },
  { code: 'bonus_actual', field: 'bonusActual', header: 'columns.bonusActualAvg', width: 18 },
];
/** The grid's averages, named on the incumbent column they come from. */
const COLUMN_OF_AVERAGE: Record<string, keyof IncumbentRow> = {
  baseSalaryAvg: 'baseSalary',
  guaranteedExtraAnnual: 'guaranteedExtraAnnual',
  bonusEligiblePct: 'bonusTargetPct',
  bonusTargetPct: 'bonusTargetPct',
  bonusActualAvg: 'bonusActual',
};

/** The file's incumbents by grid row, with the line each row first appears on (its averages' findings go there). */
interface Group {
  positionId: number;
  regionId: number;
  line: number;
  incumbents: IncumbentRow[];
}

/** A stored row's averages, as the history keeps them (null: the row is new). */
const averagesOf = (e: repo.EntryRow | undefined) =>
  e ? { positionId: e.positionId, regionId: e.regionId, ...Object.fromEntries(INCUMBENT_FIELDS.map((f) => [f, e[f]])) } : null;

/** One incumbent as the database compares it: the same people in another order are the same file. */
const fingerprint = (lines: readonly (IncumbentRow | repo.IncumbentLine)[]) =>
  lines
    .map((i) => `${rowKey(i)}|${i.baseSalary}|${i.guaranteedExtraAnnual}|${i.bonusTargetPct}|${i.bonusActual}`)
    .sort()
    .join(';');

export class IncumbentsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly q: QuestionnaireService,
    private readonly grid: PositionsGridService,
  ) {}

  /** The template: the company's incumbents, and the period's position and region codes on the second sheet. */
  async template(user: User, scope: SurveyScope, locale: Locale): Promise<{ name: string; data: Buffer }> {
    const ctx = await this.q.context(user, scope);
    const [positions, regions, groups, incumbents] = await Promise.all([
      repo.periodPositionsOf(this.db, ctx.period.id),
      repo.periodRegionsOf(this.db, ctx.period.id),
      repo.jobGroupsWithCounts(this.db, ctx.period.id, ctx.response.id),
      repo.incumbentsOf(this.db, ctx.response.id),
    ]);
    const ru = locale === 'ru';
    const t = (key: string) => translate(locale, `survey.${key}`);
    const positionCode = new Map(positions.map((p) => [p.id, p.code]));
    const regionCode = new Map(regions.map((r) => [r.id, r.code]));
    const workbook = new ExcelJS.Workbook();

    const sheet = workbook.addWorksheet(SHEET);
    addHeader(sheet, COLUMNS, t);
    for (const i of incumbents)
      sheet.addRow([
        positionCode.get(i.positionId) ?? '',
        regionCode.get(i.regionId) ?? '',
        Number(i.baseSalary),
        Number(i.guaranteedExtraAnnual),
        Number(i.bonusTargetPct),
        Number(i.bonusActual),
      ]);
    sheet.views = [{ state: 'frozen', ySplit: 2 }];

    const codes = workbook.addWorksheet(CODES_SHEET);
    codes.columns = [{ width: 14 }, { width: 40 }, { width: 28 }, { width: 4 }, { width: 12 }, { width: 28 }];
    codes.addRow([t('columns.positionCode'), t('columns.position'), t('positions.group'), '', t('columns.regionCode'), t('columns.region')]).font = {
      bold: true,
    };
    const groupName = new Map(groups.map((g) => [g.id, ru ? g.nameRu : g.nameEn]));
    for (let n = 0; n < Math.max(positions.length, regions.length); n++) {
      const p = positions[n];
      const r = regions[n];
      codes.addRow([
        p?.code ?? null,
        p ? (ru ? p.titleRu : p.titleEn) : null,
        p ? (groupName.get(p.jobGroupId) ?? null) : null,
        null,
        r?.code ?? null,
        r ? (ru ? r.nameRu : r.nameEn) : null,
      ]);
    }
    codes.views = [{ state: 'frozen', ySplit: 1 }];

    addMarker(workbook, MARKER, ctx.period.code);
    return { name: `${t('incumbents.fileName')} ${ctx.period.code} - ${ctx.companyName}.xlsx`, data: Buffer.from(await workbook.xlsx.writeBuffer()) };
  }

  /** Reads a filled template: every cell checked, the rows' averages computed and checked as the grid's; applied on commit when clean. */
  async upload(caller: Caller, fields: z.output<typeof excelUploadFields>, file: UploadedFile | undefined, locale: Locale): Promise<IncumbentReport> {
    const ctx = await this.q.context(caller.user, fields);
    if (!file) throw new AppError('VALIDATION', { fields: { file: 'validation.required' } });
    const workbook = await loadWorkbook(file, 'SURVEY_NOT_INCUMBENT_TEMPLATE');
    const sheet = workbook.getWorksheet(SHEET);
    if (!sheet || !hasMarker(workbook, MARKER, ctx.period.code) || !codesMatch(sheet, COLUMNS)) throw new AppError('SURVEY_NOT_INCUMBENT_TEMPLATE');

    const [positions, regions] = await Promise.all([repo.periodPositionsOf(this.db, ctx.period.id), repo.periodRegionsOf(this.db, ctx.period.id)]);
    const positionByCode = new Map(positions.map((p) => [p.code, p.id]));
    const regionByCode = new Map(regions.filter((r) => r.code).map((r) => [r.code!, r.id]));
    const issues: ExcelReport['issues'] = [];
    const t = (key: string, params?: Record<string, string | number>) => translate(locale, key, params);
    const cellIssue = (row: number, field: keyof IncumbentRow | undefined, severity: 'error' | 'warning', message: string) => {
      const c = COLUMNS.find((x) => x.field === field);
      issues.push({ sheet: SHEET, row, column: c ? `${columnLetter(COLUMNS.indexOf(c))} (${t(`survey.${c.header}`)})` : '', severity, message });
    };

    const groups = new Map<string, Group>();
    const lines: IncumbentRow[] = [];
    /** Findings on a row's lines, so its averages do not say the same again. */
    const reported = new Set<string>();
    let read = 0;
    sheet.eachRow((row, line) => {
      if (line < FIRST_DATA_ROW) return;
      const values = COLUMNS.map((_, i) => cellValue(row.getCell(i + 1).value));
      if (values.every((v) => v === null)) return;
      if (++read > MAX_INCUMBENT_ROWS) return;
      const raw: Record<string, unknown> = Object.fromEntries(COLUMNS.map((c, i) => [c.field, values[i]]));
      raw.positionId = positionByCode.get(String(values[0] ?? '')) ?? null;
      raw.regionId = regionByCode.get(String(values[1] ?? '')) ?? null;
      if (raw.positionId === null) return void cellIssue(line, 'positionId', 'error', t('survey.errors.unknownPosition'));
      if (raw.regionId === null) return void cellIssue(line, 'regionId', 'error', t('survey.errors.unknownRegion'));
      const parsed = incumbentRow.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          cellIssue(line, issue.path[0] as keyof IncumbentRow, 'error', t(issue.message.includes('.') ? issue.message : 'validation.invalid'));
        return;
      }
      const key = rowKey(parsed.data);
      for (const issue of incumbentIssues(parsed.data, ctx.period.minimumWage)) {
        cellIssue(line, issue.field as keyof IncumbentRow, issue.severity, t(ruleMessageKey(issue.ruleCode), issue.params));
        reported.add(`${key}|${issue.ruleCode}`);
      }
      const group = groups.get(key) ?? { positionId: parsed.data.positionId, regionId: parsed.data.regionId, line, incumbents: [] };
      group.incumbents.push(parsed.data);
      groups.set(key, group);
      lines.push(parsed.data);
    });
    if (read > MAX_INCUMBENT_ROWS) cellIssue(0, undefined, 'error', t('survey.incumbents.tooMany', { max: MAX_INCUMBENT_ROWS }));

    // The rows' averages through the grid's rules, on the grid as it would stand: what the lines alone cannot show.
    const stored = await repo.entriesOf(this.db, ctx.response.id);
    const storedKeys = new Set(stored.map((e) => rowKey(e)));
    const after = this.gridAfter(stored, groups);
    const [cars, prior, levels] = await Promise.all([
      repo.carRowsOf(this.db, ctx.response.id),
      priorMap(this.db, ctx),
      levelsOf(this.db, ctx.period.id),
    ]);
    const groupAt = new Map([...groups.values()].map((g) => [positionTarget(g), g]));
    for (const issue of positionIssues(after, cars, { minimumWage: ctx.period.minimumWage, prior, companyHeadcount: null, copied: false, levels })) {
      const group = groupAt.get(issue.target);
      if (!group || reported.has(`${rowKey(group)}|${issue.ruleCode}`)) continue;
      cellIssue(group.line, COLUMN_OF_AVERAGE[issue.field ?? ''], issue.severity, t(ruleMessageKey(issue.ruleCode), issue.params));
    }
    issues.sort((x, y) => x.row - y.row);
    const errors = issues.filter((i) => i.severity === 'error').length;
    const report: IncumbentReport = {
      rows: read,
      entries: groups.size,
      created: [...groups.keys()].filter((k) => !storedKeys.has(k)).length,
      released: stored.filter((e) => e.incumbents > 0 && !groups.has(rowKey(e))).length,
      errors,
      warnings: issues.length - errors,
      issues,
      saved: false,
      result: null,
    };
    if (!fields.commit || errors) return report;
    if (fields.version === undefined) throw new AppError('VALIDATION', { fields: { version: 'validation.required' } });
    const result = await this.apply(caller, { periodId: fields.periodId, companyId: fields.companyId, version: fields.version }, groups, lines);
    return { ...report, saved: true, result };
  }

  /** The stored grid with the file's rows in place of (or beside) their stored ones. */
  private gridAfter(stored: repo.EntryRow[], groups: Map<string, Group>): GridRow[] {
    const averaged = new Map(
      [...groups].map(([key, g]) => [key, { positionId: g.positionId, regionId: g.regionId, ...incumbentAverages(g.incumbents) }]),
    );
    const storedKeys = new Set(stored.map((e) => rowKey(e)));
    const rows: GridRow[] = stored.map((e) => {
      const a = averaged.get(rowKey(e));
      return a ? { ...e, ...a } : e;
    });
    for (const [key, a] of averaged) if (!storedKeys.has(key)) rows.push({ ...a, allowances: [] });
    return rows;
  }

  /** Replaces the incumbents and writes the averages, in the questionnaire's save. */
  private apply(caller: Caller, scope: SurveyScope & { version: number }, groups: Map<string, Group>, lines: IncumbentRow[]): Promise<SaveResult> {
    return this.q.save(
      caller,
      scope,
      'import_incumbents',
      ['matching', 'positions'],
      async (tx, ctx) => {
        const current = await repo.incumbentsOf(tx, ctx.response.id);
        if (fingerprint(current) === fingerprint(lines)) return { changed: false, summary: {} };
        const existing = await repo.entriesOf(tx, ctx.response.id);
        const stored = new Map(existing.map((e) => [rowKey(e), e]));
        const rows = [...groups.values()].map((g) => ({ positionId: g.positionId, regionId: g.regionId, ...incumbentAverages(g.incumbents) }));
        await repo.replaceIncumbents(tx, ctx.response.id, rows, lines);
        const summary = {
          incumbents: lines.length,
          rows: rows.length,
          added: rows.filter((r) => !stored.has(rowKey(r))).length,
          released: existing.filter((e) => e.incumbents > 0 && !groups.has(rowKey(e))).length,
        };
        await this.log(tx, ctx, caller, 'surveyResponse.incumbentsImported', summary);
        return {
          changed: true,
          // Staff edits keep before and after of each row's averages (design §1.2).
          summary: ctx.staff ? { ...summary, before: rows.map((r) => averagesOf(stored.get(rowKey(r)))), after: rows } : summary,
        };
      },
      (tx, ctx) => this.grid.dataOf(tx, ctx),
    );
  }

  /** removeIncumbents: the row's incumbents go; its averages stay as they are and can be edited again. */
  remove(caller: Caller, query: z.output<typeof removeIncumbentsQuery>): Promise<SaveResult> {
    return this.q.save(
      caller,
      query,
      'remove_incumbents',
      ['positions'],
      async (tx, ctx) => {
        const removed = await repo.removeIncumbents(tx, ctx.response.id, query.positionId, query.regionId);
        const summary = { positionId: query.positionId, regionId: query.regionId, incumbents: removed };
        if (removed) await this.log(tx, ctx, caller, 'surveyResponse.incumbentsRemoved', summary);
        return { changed: removed > 0, summary };
      },
      (tx, ctx) => this.grid.dataOf(tx, ctx),
    );
  }

  /** Incumbents are the company's most detailed pay data: every upload and removal is in the survey's log. */
  private log(
    tx: Executor,
    ctx: SurveyContext,
    caller: Caller,
    action: 'surveyResponse.incumbentsImported' | 'surveyResponse.incumbentsRemoved',
    summary: Record<string, number>,
  ) {
    return writeLog(tx, this.clock.now(), {
      domain: 'survey',
      action,
      entity: 'company',
      entityId: ctx.companyId,
      after: { period: ctx.period.code, ...summary },
      actorId: caller.user.id,
      ip: caller.ip,
    });
  }
}
