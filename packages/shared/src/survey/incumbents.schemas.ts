import { z } from 'zod';
import { id } from '../fields.ts';
import { decimal, excelCellIssue, saveResult, surveyScope } from './survey.schemas.ts';

/**
 * The optional incumbent-level upload of the positions grid (design §1.2, position_incumbent): one line per person in
 * a position × region, pay only and never a name. What a value is (a number, not negative) is checked here; what it
 * means (the minimum wage, the target's range) is incumbents.rules.ts.
 */

/** The most incumbents one file may hold: every employee of the largest member company, with room to spare. */
export const MAX_INCUMBENT_ROWS = 20_000;

/** A figure left blank is none: no 13th salary, no target, no bonus paid. */
const zeroIfBlank = (max?: number) => decimal(max).transform((v) => v ?? '0.00');

export const incumbentRow = z.object({
  positionId: id,
  regionId: id,
  /** Monthly, gross RUB at the effective date. */
  baseSalary: decimal().pipe(z.string({ error: 'validation.required' })),
  /** A guaranteed 13th salary and the like, RUB a year. */
  guaranteedExtraAnnual: zeroIfBlank(),
  /** The annual target, % of the annual base; above 0 makes the person bonus-eligible. */
  bonusTargetPct: zeroIfBlank(99_999.99),
  /** Paid for the period's bonus year, RUB. */
  bonusActual: zeroIfBlank(),
});
export type IncumbentRow = z.output<typeof incumbentRow>;

/** What an incumbent upload found: lines read, the grid rows they fill, and the cells at fault. */
export const incumbentReport = z.object({
  /** Incumbent lines read. */
  rows: z.number(),
  /** Position × region rows of the grid the file fills. */
  entries: z.number(),
  /** Of those, rows the grid does not hold yet (added on saving). */
  created: z.number(),
  /** Grid rows whose incumbents the file no longer lists: their incumbents go, their averages stay. */
  released: z.number(),
  errors: z.number(),
  warnings: z.number(),
  issues: z.array(excelCellIssue),
  saved: z.boolean(),
  result: saveResult.nullable(),
});
export type IncumbentReport = z.infer<typeof incumbentReport>;

/** Takes a grid row's incumbents away; its averages stay as they are and can be edited again. */
export const removeIncumbentsQuery = surveyScope.extend({ version: id, positionId: id, regionId: id });
