/**
 * Exact arithmetic for the statistics: a fraction of two BigInts. Money and percentages arrive as decimal strings and
 * weighted means and interpolated percentiles are fractions, so nothing is rounded until a figure is published
 * (no floating point ever touches a published number).
 */
const DECIMAL = /^-?\d+(\.\d+)?$/;
const TEN_POWERS = [1n, 10n, 100n, 1000n, 10000n];

export class Exact {
  private constructor(
    readonly num: bigint,
    /** Always positive; the fraction is kept in lowest terms. */
    readonly den: bigint,
  ) {}

  static of(num: bigint, den = 1n): Exact {
    if (den === 0n) throw new RangeError('division by zero');
    if (den < 0n) {
      num = -num;
      den = -den;
    }
    const g = gcd(num < 0n ? -num : num, den);
    return g > 1n ? new Exact(num / g, den / g) : new Exact(num, den);
  }

  static int(n: number): Exact {
    return new Exact(BigInt(n), 1n);
  }

  /** A decimal string as PostgreSQL's numeric gives it ('123456.78', '-5', '0.5'). */
  static parse(text: string): Exact {
    if (!DECIMAL.test(text)) throw new RangeError(`not a decimal: ${text}`);
    const point = text.indexOf('.');
    if (point < 0) return new Exact(BigInt(text), 1n);
    return Exact.of(
      BigInt(text.slice(0, point) + text.slice(point + 1)),
      TEN_POWERS[text.length - point - 1] ?? 10n ** BigInt(text.length - point - 1),
    );
  }

  static readonly ZERO = new Exact(0n, 1n);

  add(o: Exact): Exact {
    return this.den === o.den ? Exact.of(this.num + o.num, this.den) : Exact.of(this.num * o.den + o.num * this.den, this.den * o.den);
  }
  sub(o: Exact): Exact {
    return this.add(new Exact(-o.num, o.den));
  }
  mul(o: Exact): Exact {
    return Exact.of(this.num * o.num, this.den * o.den);
  }
  div(o: Exact): Exact {
    return Exact.of(this.num * o.den, this.den * o.num);
  }
  cmp(o: Exact): number {
    const l = this.num * o.den;
    const r = o.num * this.den;
    return l < r ? -1 : l > r ? 1 : 0;
  }
  isZero(): boolean {
    return this.num === 0n;
  }

  /** Rounded half away from zero to a multiple of `step` (100 for money, 0.1 for percentages). */
  roundTo(step: Exact): Exact {
    const q = this.div(step);
    const neg = q.num < 0n;
    const n = neg ? -q.num : q.num;
    const rounded = (2n * n + q.den) / (2n * q.den);
    return Exact.of(neg ? -rounded : rounded).mul(step);
  }

  /** A decimal string with `scale` digits after the point; the value must be a multiple of 10^-scale (round first). */
  toFixed(scale: number): string {
    const factor = 10n ** BigInt(scale);
    const scaled = this.num * factor;
    if (scaled % this.den !== 0n) throw new RangeError('round before printing');
    const v = scaled / this.den;
    const neg = v < 0n;
    const digits = (neg ? -v : v).toString().padStart(scale + 1, '0');
    const whole = digits.slice(0, digits.length - scale);
    return `${neg ? '-' : ''}${whole}${scale ? `.${digits.slice(digits.length - scale)}` : ''}`;
  }

  /** For tests and charts only, never for a published figure. */
  toNumber(): number {
    return Number(this.num) / Number(this.den);
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * The sum of many fractions over their least common denominator, reduced once at the end: adding one by one would
 * reduce a growing fraction at every step, which is what makes exact means slow.
 */
export function sum(values: readonly Exact[]): Exact {
  let lcm = 1n;
  for (const v of values) if (lcm % v.den !== 0n) lcm = (lcm / gcd(v.den, lcm % v.den)) * v.den;
  let num = 0n;
  for (const v of values) num += v.num * (lcm / v.den);
  return Exact.of(num, lcm);
}
