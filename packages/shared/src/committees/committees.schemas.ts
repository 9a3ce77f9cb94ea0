import { z } from 'zod';

/** A committee, or a working group under one (`parentId`), as lists and choices show it. */
export const committeeSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  nameEn: z.string(),
  nameRu: z.string(),
});
export type Committee = z.infer<typeof committeeSchema>;
