import { z } from 'zod';
import { statsSchema } from '../voting/voting.schemas.ts';
import { LIVE_MAX_TOPICS, VOTING_TOPIC } from './live.topics.ts';

export const liveTicketSchema = z.object({
  /** Opens one stream within a minute; single use. */
  ticket: z.string(),
});

export const liveStreamQuery = z.object({
  ticket: z.string().min(1).max(300),
  /** Comma-separated topics. */
  topics: z
    .string()
    .min(1)
    .max(200)
    .transform((v) => [...new Set(v.split(','))])
    .refine(
      (topics) => topics.length <= LIVE_MAX_TOPICS && topics.every((t) => t === 'votings' || t === 'dashboard' || VOTING_TOPIC.test(t)),
      'validation.invalid',
    ),
});

/** The events a stream carries, by SSE event name. */
export const liveEventSchemas = {
  /** The stream is open (first, and again after every reconnection): refetch what the page shows. */
  ready: z.object({}),
  /** A voting's results, as the staff's results page shows them. */
  stats: z.object({ topic: z.string(), id: z.number(), stats: statsSchema }),
  /** Something under the topic changed: refetch it. */
  changed: z.object({ topic: z.string() }),
};
export type LiveEventName = keyof typeof liveEventSchemas;
export type LiveEvent<N extends LiveEventName> = z.output<(typeof liveEventSchemas)[N]>;
