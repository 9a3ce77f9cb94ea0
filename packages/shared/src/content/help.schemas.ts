import { z } from 'zod';
import { formBoolean, id, requiredMultiline, requiredText } from '../fields.ts';

/** A question and its answer, in both languages; shown in the order staff set. */
export const helpItemSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  questionEn: z.string(),
  questionRu: z.string(),
  answerEn: z.string(),
  answerRu: z.string(),
});
export type HelpItem = z.infer<typeof helpItemSchema>;

/** A file the association publishes in one place (the user instruction). */
export const siteFileSchema = z.object({ fileName: z.string(), size: z.number().int(), uploadedAt: z.string() });

export const helpContactSchema = z.object({
  name: z.string(),
  surname: z.string(),
  position: z.string(),
  email: z.string(),
  phone: z.string(),
});

/** The help page: the questions, the user instruction (if uploaded) and the association's contacts. */
export const helpPageSchema = z.object({
  items: z.array(helpItemSchema),
  guide: siteFileSchema.nullable(),
  contacts: z.array(helpContactSchema),
});
export type HelpPage = z.infer<typeof helpPageSchema>;

const answer = requiredMultiline(5000);
/** A new question (no id) or an edit; both languages are required, as every page is in both. */
export const helpItemBody = z.object({
  id: id.optional(),
  questionEn: requiredText(300),
  questionRu: requiredText(300),
  answerEn: answer,
  answerRu: answer,
});
export type HelpItemInput = z.input<typeof helpItemBody>;

export const helpMoveBody = z.object({ id, direction: z.enum(['up', 'down'], { error: 'validation.invalid' }) });
export const helpDeleteQuery = z.object({ id });
export const helpGuideQuery = z.object({ inline: formBoolean.default(false) });
