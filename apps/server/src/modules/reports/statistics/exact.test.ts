import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Exact, sum } from './exact.ts';

const cents = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

describe('exact decimals', () => {
  it('reads and prints decimals without loss', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 12), max: 10 ** 12 }), (c) => {
        expect(Exact.parse(cents(c)).toFixed(2)).toBe(cents(c));
      }),
    );
  });

  it('adds, multiplies and divides exactly: (a + b) × c ÷ c = a + b', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.integer({ min: 1, max: 10 ** 6 }), (a, b, c) => {
        const [x, y, z] = [Exact.parse(cents(a)), Exact.parse(cents(b)), Exact.parse(cents(c))];
        expect(x.add(y).mul(z).div(z).cmp(x.add(y))).toBe(0);
        expect(x.add(y).sub(y).cmp(x)).toBe(0);
      }),
    );
  });

  it('sums many fractions over their common denominator to what adding them one by one gives', () => {
    const fraction = fc.tuple(fc.integer({ min: -(10 ** 9), max: 10 ** 9 }), fc.integer({ min: 1, max: 5000 }));
    fc.assert(
      fc.property(fc.array(fraction, { maxLength: 40 }), (pairs) => {
        const values = pairs.map(([n, d]) => Exact.of(BigInt(n), BigInt(d)));
        const expected = values.reduce((acc, v) => acc.add(v), Exact.ZERO);
        const total = sum(values);
        expect([total.num, total.den]).toEqual([expected.num, expected.den]);
      }),
    );
  });

  it('rounds half away from zero to a step', () => {
    const hundred = Exact.int(100);
    expect(Exact.parse('123449.99').roundTo(hundred).toFixed(2)).toBe('123400.00');
    expect(Exact.parse('123450.00').roundTo(hundred).toFixed(2)).toBe('123500.00');
    expect(Exact.parse('-150').roundTo(hundred).toFixed(0)).toBe('-200');
    expect(Exact.of(1n, 3n).mul(Exact.int(100)).roundTo(Exact.parse('0.1')).toFixed(1)).toBe('33.3');
    expect(Exact.parse('0.05').roundTo(Exact.parse('0.1')).toFixed(1)).toBe('0.1');
    expect(() => Exact.of(1n, 3n).toFixed(2)).toThrow(RangeError);
  });

  it('orders fractions by value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 1, max: 50 }),
        (a, b, c, d) => {
          expect(Exact.of(BigInt(a), BigInt(b)).cmp(Exact.of(BigInt(c), BigInt(d)))).toBe(Math.sign(a * d - c * b));
        },
      ),
    );
  });
});
