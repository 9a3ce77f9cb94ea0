import { z } from 'zod';
import { formBoolean, requiredMultiline } from '../fields.ts';
import { siteFileSchema } from './help.schemas.ts';

/**
 * The association's code of practice: its text in both languages (paragraphs split by blank lines; a line starting
 * with "## " is a heading) and its PDF.
 */
export const codexSchema = z.object({
  textEn: z.string(),
  textRu: z.string(),
  updatedAt: z.string().nullable(),
  pdf: siteFileSchema.nullable(),
});
export type Codex = z.infer<typeof codexSchema>;

export const codexBody = z.object({ textEn: requiredMultiline(100_000), textRu: requiredMultiline(100_000) });
export type CodexInput = z.input<typeof codexBody>;
export const codexPdfQuery = z.object({ inline: formBoolean.default(false) });

/** The codex's text as blocks to show: headings and paragraphs (plain text, never markup). */
export function codexBlocks(text: string): { kind: 'heading' | 'paragraph'; text: string }[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) =>
      block.startsWith('## ') ? { kind: 'heading' as const, text: block.slice(3).trim() } : { kind: 'paragraph' as const, text: block },
    );
}
