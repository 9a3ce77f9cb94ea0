import { describe, expect, it } from 'vitest';
import { codexBlocks } from './codex.schemas.ts';

describe('the code of practice’s blocks', () => {
  it('are headings and paragraphs split by blank lines, as plain text', () => {
    expect(codexBlocks('## One\n\nFirst line\nsecond line\n\n\n<b>x</b>')).toEqual([
      { kind: 'heading', text: 'One' },
      { kind: 'paragraph', text: 'First line\nsecond line' },
      { kind: 'paragraph', text: '<b>x</b>' },
    ]);
  });
});
