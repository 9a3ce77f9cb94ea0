import { describe, expect, it } from 'vitest';
import { readCut, writeCut } from './cut-params.ts';

describe('the cut in the address', () => {
  it('reads regions and a size band', () => {
    expect(readCut(new URLSearchParams('regions=7,3&band=100_499'))).toEqual({ regionIds: [7, 3], sizeBand: '100_499' });
  });

  it('drops what is not a region id or a band, and repeats', () => {
    expect(readCut(new URLSearchParams('regions=3,x,-1,3,,2.5&band=huge'))).toEqual({ regionIds: [3], sizeBand: undefined });
    expect(readCut(new URLSearchParams(''))).toEqual({ regionIds: [], sizeBand: undefined });
  });

  it('writes the choice in a stable order, keeps other parameters and leaves empty parts out', () => {
    const written = writeCut(new URLSearchParams('tab=x&band=lt100'), { regionIds: [9, 2], sizeBand: undefined });
    expect(written.toString()).toBe('tab=x&regions=2%2C9');
    expect(readCut(written)).toEqual({ regionIds: [2, 9], sizeBand: undefined });
  });

  it('round-trips every choice', () => {
    const choice = { regionIds: [1, 4], sizeBand: '2000plus' as const };
    expect(readCut(writeCut(new URLSearchParams(), choice))).toEqual(choice);
  });
});
