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
