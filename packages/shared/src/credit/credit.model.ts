/**
 * Distributors and credit data's vocabulary (design ../shared/design/survey-reports.md §1.4, §3.1, §3.3), shared by the
 * database schema, the credit report and the screens. No zod here, like the survey's model.
 */

/** What kind of wholesaler a distributor is. */
export const DISTRIBUTOR_TYPES = ['national', 'regional', 'hospital_tender', 'pharmacy_chain'] as const;
export type DistributorType = (typeof DISTRIBUTOR_TYPES)[number];

/** A merged distributor points at its survivor and takes no new entries. */
export const DISTRIBUTOR_STATUSES = ['active', 'merged', 'in_bankruptcy', 'liquidated'] as const;
export type DistributorStatus = (typeof DISTRIBUTOR_STATUSES)[number];

/** A credit submission's history: the company's saves and submissions, the staff's returns and acceptance. */
export const CREDIT_EVENTS = ['save', 'submit', 'return', 'accept'] as const;
export type CreditEventAction = (typeof CREDIT_EVENTS)[number];

/** A company's request that staff add a distributor missing from the list: open until staff add it or refuse it. */
export const DISTRIBUTOR_REQUEST_STATUSES = ['open', 'added', 'refused'] as const;
export type DistributorRequestStatus = (typeof DISTRIBUTOR_REQUEST_STATUSES)[number];

/** The ageing of receivables: not yet due, then the overdue buckets in days past due. */
export const OVERDUE_BUCKETS = ['overdue1To30', 'overdue31To60', 'overdue61To90', 'overdue91To180', 'overdue181Plus'] as const;
export type OverdueBucket = (typeof OVERDUE_BUCKETS)[number];
export const AGEING_BUCKETS = ['notDue', ...OVERDUE_BUCKETS] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** Days beyond terms: a row's receivables-weighted days past due, to 0.1 day, at most this many. */
export const MAX_DAYS_BEYOND_TERMS = 3650;

/** The days past due each bucket spans; the last has no end. Amounts not yet due count 0 days. */
const BUCKET_DAYS: Record<AgeingBucket, readonly [number, number | null]> = {
  notDue: [0, 0],
  overdue1To30: [1, 30],
  overdue31To60: [31, 60],
  overdue61To90: [61, 90],
  overdue91To180: [91, 180],
  overdue181Plus: [181, null],
};

/**
 * Whether a row's days beyond terms (tenths of a day) can be the receivables-weighted days past due of its ageing
 * (kopecks per bucket): between every amount at its bucket's first day and every amount at its last, give or take the
 * 0.1 day it was rounded to. Nothing outstanding is 0 days beyond terms.
 */
export function dbtFitsAgeing(tenths: bigint, ageing: Record<AgeingBucket, bigint>): boolean {
  const total = AGEING_BUCKETS.reduce((s, b) => s + ageing[b], 0n);
  if (total === 0n) return tenths === 0n;
  let low = 0n;
  let high: bigint | null = 0n;
  for (const b of AGEING_BUCKETS) {
    const [first, last] = BUCKET_DAYS[b];
    low += BigInt(first) * ageing[b];
    if (ageing[b] > 0n) high = last === null || high === null ? null : high + BigInt(last) * ageing[b];
  }
  // tenths / 10 against sum / total, cross-multiplied, with a tenth of a day to spare on each side.
  return tenths * total >= low * 10n - total && (high === null || tenths * total <= high * 10n + total);
}

/** A distributor's row is published only with at least this many reporting manufacturers, whatever the period says. */
export const MIN_CREDIT_REPORTERS_FLOOR = 3;

/**
 * Whether an INN (Russian taxpayer number) is well formed: 10 digits (a legal entity) with one check digit, or 12
 * (a person or sole trader) with two, each the weighted sum of the digits before it mod 11 mod 10.
 */
export function isValidInn(inn: string): boolean {
  if (!/^(\d{10}|\d{12})$/.test(inn)) return false;
  const d = [...inn].map(Number);
  const check = (weights: number[]) => (weights.reduce((s, w, i) => s + w * (d[i] as number), 0) % 11) % 10;
  if (d.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
}
