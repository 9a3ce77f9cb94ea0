import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { translate } from '../i18n/index.ts';
import { isValidInn } from './credit.model.ts';
import { creditEntryInput, creditSaveBody, innField, kopecks, mergeDistributorsBody } from './credit.schemas.ts';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${translate('en', i.message)}`);
};

// Real taxpayers' numbers, published in the state register.
const VALID_10 = ['7707083893', '7736207543', '7728168971'];
const VALID_12 = ['500100732259', '773370857141'];

describe('the INN field', () => {
  it.each([...VALID_10, ...VALID_12])('accepts %s', (inn) => {
    expect(innField.parse(inn)).toBe(inn);
  });
  it('drops spaces typed between the digits', () => {
    expect(innField.parse(' 7707 083 893 ')).toBe('7707083893');
  });
  it.each([
    ['', 'You must enter a value.'],
    ['770708389', 'An INN has 10 or 12 digits.'],
    ['77070838931', 'An INN has 10 or 12 digits.'],
    ['77070838a3', 'An INN has 10 or 12 digits.'],
    ['7707083894', "This INN's check digits are wrong."],
    ['500100732258', "This INN's check digits are wrong."],
    ['500100732269', "This INN's check digits are wrong."],
  ])('refuses %j: %s', (inn, message) => {
    expect(messages(innField, inn)).toEqual([`: ${message}`]);
  });
  it('refuses every valid INN whose check digit is changed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VALID_10, ...VALID_12), fc.integer({ min: 1, max: 9 }), (inn, shift) => {
        const last = inn.length - 1;
        const altered = inn.slice(0, last) + String((Number(inn[last]) + shift) % 10);
        expect(isValidInn(altered)).toBe(false);
      }),
    );
  });
});

const entry = (over: Partial<Record<string, unknown>> = {}) => ({
  distributorId: 1,
  receivablesTotal: '1000',
  notDue: '700',
  overdue1To30: '100',
  overdue31To60: '100',
  overdue61To90: '50',
  overdue91To180: '50',
  overdue181Plus: '0',
  netSalesPeriod: '3000',
  contractualTermsDays: 60,
  // 100 at 1–30 days, 100 at 31–60, 50 at 61–90, 50 at 91–180 over 1000: between 10.8 and 22.5 days.
  daysBeyondTerms: '20.5',
  ...over,
});

describe('a credit entry', () => {
  it('accepts buckets that add up to the total, with decimals exactly', () => {
    expect(messages(creditEntryInput, entry({ receivablesTotal: '1000.10', notDue: '700,05', overdue181Plus: '0.05' }))).toEqual([]);
  });
  it('refuses buckets that do not add up, on the total', () => {
    expect(messages(creditEntryInput, entry({ notDue: '701' }))).toEqual([
      'receivablesTotal: Not due and the overdue buckets must add up to the total.',
    ]);
  });
  it('refuses negative amounts and terms', () => {
    expect(messages(creditEntryInput, entry({ overdue181Plus: '-5', notDue: '705' }))).toEqual(['overdue181Plus: Cannot be negative.']);
    expect(messages(creditEntryInput, entry({ contractualTermsDays: -1 }))).toEqual(['contractualTermsDays: Cannot be negative.']);
  });
  it('takes days beyond terms to 0.1 day within what the ageing allows, a tenth of a day spare either side', () => {
    expect(messages(creditEntryInput, entry({ daysBeyondTerms: '10,7' }))).toEqual([]);
    expect(messages(creditEntryInput, entry({ daysBeyondTerms: 22.6 }))).toEqual([]);
    const misfit = 'daysBeyondTerms: Days beyond terms must fit the ageing: amounts not due count 0 days, each overdue bucket the days it names.';
    expect(messages(creditEntryInput, entry({ daysBeyondTerms: '10.6' }))).toEqual([misfit]);
    expect(messages(creditEntryInput, entry({ daysBeyondTerms: '22.7' }))).toEqual([misfit]);
    // Nothing outstanding is 0 days beyond terms; amounts over 180 days have no upper bound.
    const nothing = { receivablesTotal: '0', notDue: '0', overdue1To30: '0', overdue31To60: '0', overdue61To90: '0', overdue91To180: '0' };
    expect(messages(creditEntryInput, entry({ ...nothing, daysBeyondTerms: '0' }))).toEqual([]);
    expect(messages(creditEntryInput, entry({ ...nothing, daysBeyondTerms: '1' }))).toEqual([misfit]);
    expect(messages(creditEntryInput, entry({ ...nothing, receivablesTotal: '10', overdue181Plus: '10', daysBeyondTerms: '3650' }))).toEqual([]);
  });

  it('refuses days beyond terms that are missing, negative, too precise or too many', () => {
    expect(messages(creditEntryInput, entry({ daysBeyondTerms: '' }))).toEqual(['daysBeyondTerms: You must enter a value.']);
    expect(messages(creditEntryInput, entry({ daysBeyondTerms: '-1' }))).toEqual(['daysBeyondTerms: Cannot be negative.']);
    for (const wrong of ['20.55', '3651', 'abc'])
      expect(messages(creditEntryInput, entry({ daysBeyondTerms: wrong }))).toEqual([
        'daysBeyondTerms: A number of days from 0 to 3650, with at most one decimal.',
      ]);
  });

  it('holds any days beyond terms the ageing could give, and refuses any outside it', () => {
    const bucket = fc.integer({ min: 0, max: 10_000 });
    fc.assert(
      fc.property(fc.tuple(bucket, bucket, bucket, bucket, bucket), fc.double({ min: 0, max: 1, noNaN: true }), (parts, at) => {
        const [o1, o31, o61, o91, notDue] = parts;
        const total = o1 + o31 + o61 + o91 + notDue;
        fc.pre(total > 0);
        const low = (o1 * 1 + o31 * 31 + o61 * 61 + o91 * 91) / total;
        const high = (o1 * 30 + o31 * 60 + o61 * 90 + o91 * 180) / total;
        const amounts = { receivablesTotal: String(total), notDue: String(notDue), overdue1To30: String(o1), overdue31To60: String(o31) };
        const row = entry({ ...amounts, overdue61To90: String(o61), overdue91To180: String(o91), overdue181Plus: '0' });
        const inside = (Math.round((low + (high - low) * at) * 10) / 10).toFixed(1);
        expect(messages(creditEntryInput, { ...row, daysBeyondTerms: inside })).toEqual([]);
        const above = (Math.ceil(high * 10) / 10 + 0.2).toFixed(1);
        expect(messages(creditEntryInput, { ...row, daysBeyondTerms: above })).toHaveLength(1);
      }),
    );
  });

  it('refuses a distributor listed twice in one save', () => {
    expect(messages(creditSaveBody, { periodId: 1, version: 0, entries: [entry(), entry()] })).toEqual([
      'entries.1.distributorId: This distributor is listed twice.',
    ]);
  });
  it('counts kopecks exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n }), (k) => {
        const rub = `${k / 100n}.${String(k % 100n).padStart(2, '0')}`;
        expect(kopecks(rub)).toBe(k);
      }),
    );
  });
});

describe('a merge', () => {
  it('refuses merging a distributor into itself', () => {
    expect(messages(mergeDistributorsBody, { duplicateId: 3, survivorId: 3 })).toEqual(['survivorId: Choose another distributor to merge into.']);
  });
});
