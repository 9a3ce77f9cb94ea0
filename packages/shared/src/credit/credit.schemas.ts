import { z } from 'zod';
import { decimalUnits } from '../decimal-units.ts';
import { id, int, optionalFilter, optionalId, pageOf, paging, requiredText, text } from '../fields.ts';
import { PERIOD_STATUSES, RESPONSE_STATUSES } from '../survey/survey.model.ts';
import {
  AGEING_BUCKETS,
  type AgeingBucket,
  DISTRIBUTOR_STATUSES,
  DISTRIBUTOR_TYPES,
  dbtFitsAgeing,
  isValidInn,
  MAX_DAYS_BEYOND_TERMS,
} from './credit.model.ts';

/** Distributors (staff) and the companies' credit data (design §1.4, §5 item 15). */

/** An INN: 10 or 12 digits whose check digits agree (spaces typed between the digits are dropped). */
export const innField = z
  .string({ error: 'validation.required' })
  .transform((v) => v.replace(/\s/g, ''))
  .refine((v) => v !== '', { message: 'validation.required', abort: true })
  .refine((v) => /^(\d{10}|\d{12})$/.test(v), { message: 'creditData.validation.innLength', abort: true })
  .refine(isValidInn, 'creditData.validation.innChecksum');

const optionalOgrn = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s/g, '') : v) || null,
  z
    .string()
    .regex(/^(\d{13}|\d{15})$/, 'creditData.validation.ogrn')
    .nullable(),
);

/** The statuses staff set by hand; `merged` comes only from a merge. */
export const EDITABLE_DISTRIBUTOR_STATUSES = ['active', 'in_bankruptcy', 'liquidated'] as const;

export const distributorBody = z.object({
  nameRu: requiredText(200),
  nameEn: requiredText(200),
  legalName: text(300).default(''),
  inn: innField,
  ogrn: optionalOgrn,
  groupId: optionalId,
  hqRegionId: optionalId,
  type: z.enum(DISTRIBUTOR_TYPES, { error: 'validation.invalid' }),
  status: z.enum(EDITABLE_DISTRIBUTOR_STATUSES, { error: 'validation.invalid' }).default('active'),
});
export type DistributorInput = z.input<typeof distributorBody>;
export const distributorUpdateBody = distributorBody.extend({ id, version: int(1) });

export const mergeDistributorsBody = z
  .object({
    /** The duplicate: it becomes `merged` and its credit entries move to the survivor. */
    duplicateId: id,
    survivorId: id,
  })
  .refine((v) => v.duplicateId !== v.survivorId, { path: ['survivorId'], message: 'creditData.validation.mergeSelf' });

export const DISTRIBUTOR_SORTS = ['name', 'inn', 'group', 'type', 'status'] as const;
export const distributorListQuery = paging.extend({
  sort: optionalFilter(z.enum(DISTRIBUTOR_SORTS, { error: 'validation.invalid' })),
  status: optionalFilter(z.enum(DISTRIBUTOR_STATUSES, { error: 'validation.invalid' })),
  type: optionalFilter(z.enum(DISTRIBUTOR_TYPES, { error: 'validation.invalid' })),
  groupId: optionalFilter(id),
});
export type DistributorListQuery = z.input<typeof distributorListQuery>;

const named = z.object({ id: z.number(), nameRu: z.string(), nameEn: z.string() });

export const distributorSchema = z.object({
  id: z.number(),
  nameRu: z.string(),
  nameEn: z.string(),
  legalName: z.string(),
  inn: z.string(),
  ogrn: z.string().nullable(),
  group: named.nullable(),
  hqRegionId: z.number().nullable(),
  type: z.enum(DISTRIBUTOR_TYPES),
  status: z.enum(DISTRIBUTOR_STATUSES),
  mergedInto: named.nullable(),
  /** Credit entries that name it, in every period. */
  entries: z.number(),
  version: z.number(),
});
export type Distributor = z.infer<typeof distributorSchema>;
export const distributorPageSchema = pageOf(distributorSchema);
export const mergeResultSchema = z.object({ survivor: distributorSchema, movedEntries: z.number() });

export const distributorGroupBody = z.object({ nameRu: requiredText(200), nameEn: requiredText(200) });
export const distributorGroupUpdateBody = distributorGroupBody.extend({ id });
export const distributorGroupSchema = named.extend({ distributors: z.number() });
export type DistributorGroup = z.infer<typeof distributorGroupSchema>;

// ---- a company's credit data

/** A company picks distributors by name or INN: active ones, a few at a time. */
export const distributorSearchQuery = z.object({ search: text(100).default('') });
export const distributorOptionSchema = named.extend({ inn: z.string() });
export type DistributorOption = z.infer<typeof distributorOptionSchema>;

/** RUB with at most two decimals, not negative, kept as a string (exact: numeric in the database). */
export const rubField = z
  .union([z.string(), z.number()], { error: 'validation.required' })
  .transform((v) => String(v).trim().replace(/\s/g, '').replace(',', '.'))
  .refine((v) => v !== '', { message: 'validation.required', abort: true })
  .refine((v) => !v.startsWith('-'), { message: 'creditData.validation.negative', abort: true })
  .refine((v) => /^\d{1,14}(\.\d{1,2})?$/.test(v), 'creditData.validation.money');

/** Kopecks as a whole number, so sums are exact. */
export const kopecks = (rub: string): bigint => decimalUnits(rub, 2);

const isDays = (v: string) => /^\d{1,4}(\.\d)?$/.test(v) && Number(v) <= MAX_DAYS_BEYOND_TERMS;

/** Days to 0.1, not negative, at most MAX_DAYS_BEYOND_TERMS, kept as a string (exact: numeric in the database). */
export const daysField = z
  .union([z.string(), z.number()], { error: 'validation.required' })
  .transform((v) => String(v).trim().replace(',', '.'))
  .refine((v) => v !== '', { message: 'validation.required', abort: true })
  .refine((v) => !v.startsWith('-'), { message: 'creditData.validation.negative', abort: true })
  .refine(isDays, 'creditData.validation.days');

export const creditEntryInput = z
  .object({
    distributorId: id,
    receivablesTotal: rubField,
    notDue: rubField,
    overdue1To30: rubField,
    overdue31To60: rubField,
    overdue61To90: rubField,
    overdue91To180: rubField,
    overdue181Plus: rubField,
    netSalesPeriod: rubField,
    contractualTermsDays: z.coerce
      .number({ error: 'validation.invalid' })
      .int('validation.invalid')
      .min(0, 'creditData.validation.negative')
      .max(720, 'creditData.validation.terms'),
    /**
     * Days beyond terms (DBT, design §3.1): the days past due of the receivables, weighted by amount, amounts not yet
     * due counting 0; the ageing buckets bound it, the exact figure is in the company's ledger.
     */
    daysBeyondTerms: daysField,
  })
  .superRefine((v, ctx) => {
    const parts = AGEING_BUCKETS.map((b) => v[b]);
    // Zod runs this even when a field failed its own check: only well-formed amounts are added.
    if (![v.receivablesTotal, ...parts].every((p) => /^\d{1,14}(\.\d{1,2})?$/.test(p))) return;
    if (parts.reduce((s, p) => s + kopecks(p), 0n) !== kopecks(v.receivablesTotal)) {
      ctx.addIssue({ code: 'custom', path: ['receivablesTotal'], message: 'creditData.validation.bucketsSum' });
      return;
    }
    if (!isDays(v.daysBeyondTerms)) return;
    const ageing = Object.fromEntries(AGEING_BUCKETS.map((b) => [b, kopecks(v[b])])) as Record<AgeingBucket, bigint>;
    if (!dbtFitsAgeing(decimalUnits(v.daysBeyondTerms, 1), ageing)) {
      ctx.addIssue({ code: 'custom', path: ['daysBeyondTerms'], message: 'creditData.validation.dbtAgeing' });
    }
  });
export type CreditEntryInput = z.input<typeof creditEntryInput>;
export type CreditEntryValues = z.output<typeof creditEntryInput>;

export const creditSaveBody = z
  .object({
    periodId: id,
    /** The submission's version the screen was based on: a stale save is 409 with the newer data. */
    version: int(0),
    entries: z.array(creditEntryInput).max(500, 'validation.invalid'),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.entries.forEach((e, i) => {
      if (seen.has(e.distributorId))
        ctx.addIssue({ code: 'custom', path: ['entries', i, 'distributorId'], message: 'creditData.validation.duplicate' });
      seen.add(e.distributorId);
    });
  });
export const creditSubmitBody = z.object({ periodId: id, version: int(0) });
export const creditPeriodQuery = z.object({ periodId: optionalFilter(id) });

const amounts = Object.fromEntries(AGEING_BUCKETS.map((b) => [b, z.string()])) as Record<AgeingBucket, z.ZodString>;
export const creditEntrySchema = z.object({
  distributor: distributorOptionSchema.extend({ status: z.enum(DISTRIBUTOR_STATUSES) }),
  receivablesTotal: z.string(),
  ...amounts,
  netSalesPeriod: z.string(),
  contractualTermsDays: z.number(),
  /** Null on rows saved before days beyond terms were asked for. */
  daysBeyondTerms: z.string().nullable(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

export const creditSubmissionSchema = z.object({
  period: z.object({
    id: z.number(),
    code: z.string(),
    titleEn: z.string(),
    titleRu: z.string(),
    status: z.enum(PERIOD_STATUSES),
    /** The figures are as of this day. */
    effectiveDate: z.string(),
    closesAt: z.string(),
  }),
  status: z.enum(RESPONSE_STATUSES),
  /** 0 until the first save. */
  version: z.number(),
  editable: z.boolean(),
  lastSavedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** The association's question when it returned the data, shown until the company submits again. */
  staffQuestion: z.string().nullable(),
  entries: z.array(creditEntrySchema),
});
export type CreditSubmission = z.infer<typeof creditSubmissionSchema>;
