import type { EndpointDef } from '@portal/shared';
import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that zod's input schemas produce. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
}

export const inputSchema = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Values a client can send that no contract should let reach the database: the causes of the 500s and their kin. */
export const HOSTILE_VALUES: unknown[] = [
  2 ** 53 - 1,
  2 ** 31,
  -1,
  0,
  1.5,
  '1e400',
  'NaN',
  '\u0000',
  'a\u0000b',
  '\ud800 x',
  'x \udfff',
  'line\nbreak',
  'carriage\rreturn',
  'tab\there',
  'next\u0085line',
  'override\u202Etext',
  'isolate\u2066text',
  'a'.repeat(5000),
  '',
  ' ',
  null,
  [],
  {},
  true,
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '=HYPERLINK("x")',
  '9'.repeat(400),
  '2024-02-30T25:61:00Z',
  '99999-01-01T00:00:00Z',
  '𝟘𝟙',
];

const hostile = fc.constantFrom(...HOSTILE_VALUES);
const cap = (n: number | undefined, max: number) => Math.min(n ?? max, max);
const types = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** Inputs the contract accepts (mostly): small ids that hit the seeded rows, texts of every script, valid dates. */
export function validInput(s: JsonSchema): fc.Arbitrary<unknown> {
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(validInput));
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const t = types(s);
  if (t.length > 1) return fc.oneof(...t.map((type) => validInput({ ...s, type })));
  switch (t[0]) {
    case 'object': {
      const properties = s.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, validInput(v)]));
      return fc.record(record, { requiredKeys: (s.required ?? []).filter((k) => k in properties) });
    }
    case 'array':
      return fc.array(validInput(s.items ?? {}), { maxLength: cap(s.maxItems, 5) });
    case 'string':
      if (s.format === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom('employee@demo.test', 'ceo@demo.test', 'admin@demo.test'));
      if (s.format === 'date-time')
        return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      if (s.format === 'date')
        return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      return fc.string({ unit: 'grapheme', minLength: s.minLength ?? 0, maxLength: cap(s.maxLength, 40) });
    case 'integer':
    case 'number': {
      // Small numbers near the lower bound (-5 to 50 where the schema allows; a year from 1970 gets 1970 to 2025).
      const min = Math.max(s.minimum ?? -5, -5);
      return fc.integer({ min, max: Math.min(s.maximum ?? Number.MAX_SAFE_INTEGER, min + 55) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A valid object with one field replaced by a hostile value, or a required field left out. */
export function mutatedInput(s: JsonSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(s.properties ?? {});
  if (!types(s).includes('object') || keys.length === 0) return fc.oneof(hostile, fc.jsonValue({ maxDepth: 2 }));
  return fc.tuple(validInput(s), fc.constantFrom(...keys), fc.option(hostile, { nil: undefined, freq: 5 })).map(([base, key, value]) => {
    const object = { ...(base as Record<string, unknown>) };
    if (value === undefined) delete object[key];
    else object[key] = value;
    return object;
  });
}

/** Inputs for one part of a request: three valid ones to each two mutated ones. */
export const inputFor = (schema: z.ZodType | undefined): fc.Arbitrary<unknown> => {
  if (!schema) return fc.constant(undefined);
  const s = inputSchema(schema);
  return fc.oneof({ weight: 3, arbitrary: validInput(s) }, { weight: 2, arbitrary: mutatedInput(s) });
};

/** A query string: scalars as they are, arrays as repeated keys, anything else as JSON text. */
export function queryString(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `?value=${encodeURIComponent(JSON.stringify(value))}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) {
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, typeof item === 'string' ? item : JSON.stringify(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Form fields: strings as they are, anything else as JSON text (what a hand-made form post would carry). */
export function formFields(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { value: JSON.stringify(value) };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}

/** The endpoints a client meets most before logging in, and the uploads: fuzzed ten times as hard. */
export const HEAVILY_FUZZED = new Set([
  '/login',
  '/signup',
  '/setPasswordByCode',
  '/sendRestorePasswordEmail',
  '/vote/checkUser',
  '/vote/sendNoAuthResponse',
  '/vote/getNoAuth',
]);
export const isHeavilyFuzzed = (def: EndpointDef) => HEAVILY_FUZZED.has(def.path) || def.bodyType === 'multipart';

/** One plain valid value for a schema: every property present, the smallest sensible values. */
export function sampleOf(s: JsonSchema): unknown {
  const first = (s.anyOf ?? s.oneOf)?.[0];
  if (first) return sampleOf(first);
  if (s.enum) return s.enum[0];
  if (s.const !== undefined) return s.const;
  switch (types(s).find((t) => t !== 'null')) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sampleOf(v)]));
    case 'array':
      return [];
    case 'string':
      if (s.format === 'email') return 'nobody@demo.test';
      if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (s.format === 'date') return '2026-01-01';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/** Whether a property takes numbers, or free text (not a choice from a list). */
const accepts = (s: JsonSchema, type: 'integer' | 'string'): boolean =>
  (s.anyOf ?? s.oneOf)?.some((a) => accepts(a, type)) ??
  (!s.enum && s.const === undefined && (types(s).includes(type) || (type === 'integer' && types(s).includes('number'))));

/** The property names of an object schema that take numbers, and those that take free text. */
export function fieldsOf(s: JsonSchema): { numbers: string[]; texts: string[] } {
  const entries = Object.entries(s.properties ?? {});
  return {
    numbers: entries.filter(([, v]) => accepts(v, 'integer')).map(([k]) => k),
    texts: entries.filter(([, v]) => accepts(v, 'string')).map(([k]) => k),
  };
}
