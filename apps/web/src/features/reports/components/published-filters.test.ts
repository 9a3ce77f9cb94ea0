import { describe, expect, it } from 'vitest';
import { hasFilters, readFilters, writeFilters } from './published-filters.ts';

describe('the report history filters in the URL', () => {
  it('reads every filter and writes the same URL back', () => {
    const params = new URLSearchParams('period=7&type=car&language=ru&format=pdf');
    const filters = readFilters(params);
    expect(filters).toEqual({ periodId: 7, type: 'car', language: 'ru', format: 'pdf' });
    expect(writeFilters(filters).toString()).toBe(params.toString());
    expect(hasFilters(filters)).toBe(true);
  });

  it('takes unknown or malformed values as no filter', () => {
    const filters = readFilters(new URLSearchParams('period=-3&type=salary&language=de&format=doc'));
    expect(filters).toEqual({ periodId: undefined, type: undefined, language: undefined, format: undefined });
    expect(hasFilters(filters)).toBe(false);
    expect(readFilters(new URLSearchParams('period=1.5')).periodId).toBeUndefined();
    expect(writeFilters({}).toString()).toBe('');
  });

  it('leaves out the filters not set', () => {
    expect(writeFilters({ language: 'en' }).toString()).toBe('language=en');
  });
});
