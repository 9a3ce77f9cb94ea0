import { describe, expect, it } from 'vitest';
import { addressLine } from './address-lists.ts';

describe('addressLine', () => {
  it('copies the distribution list as one line separated by "; "', () => {
    expect(addressLine([{ email: 'a@demo.test' }, { email: 'b@demo.test' }])).toBe('a@demo.test; b@demo.test');
    expect(addressLine([])).toBe('');
  });
});
