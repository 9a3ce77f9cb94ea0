/**
 * A non-negative decimal string as a whole number of its smallest unit (kopecks or hundredths at 2 places, tenths of a
 * day at 1), exactly: money, shares and days are summed and averaged without floating point. Digits beyond `places`
 * are dropped (the contracts and the numeric columns never carry more).
 */
export const decimalUnits = (value: string, places: number): bigint => {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole) * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, '0').slice(0, places));
};
