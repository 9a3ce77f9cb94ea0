import { describe, expect, it } from 'vitest';
import { addressLine, oneAddressPerLine } from './address-lists.ts';

describe('address lists', () => {
  it('copies the distribution list as one line separated by "; "', () => {
    expect(addressLine([{ email: 'a@demo.test' }, { email: 'b@demo.test' }])).toBe('a@demo.test; b@demo.test');
    expect(addressLine([])).toBe('');
  });

  it('reads typed or pasted addresses one per line, whatever separated them', () => {
    expect(oneAddressPerLine('a@demo.test; b@demo.test,c@demo.test\r\n\n  d@demo.test  \n')).toBe(
      'a@demo.test\nb@demo.test\nc@demo.test\nd@demo.test',
    );
    // What "Copy addresses" gives comes back as the same list.
    expect(oneAddressPerLine(addressLine([{ email: 'a@demo.test' }, { email: 'b@demo.test' }]))).toBe('a@demo.test\nb@demo.test');
    expect(oneAddressPerLine(' ;, \n')).toBe('');
  });
});
