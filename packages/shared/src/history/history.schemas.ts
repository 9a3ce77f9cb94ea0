import { z } from 'zod';
import { SECURITY_LOG_ACTIONS } from '../action-log.ts';
import { id, optionalFilter, paging } from '../fields.ts';

/** The logs the staff's history gathers (sign-ins and personal settings stay out: they change nothing of the portal's). */
export const HISTORY_AREAS = ['users', 'vote', 'digest', 'documents', 'help', 'events', 'committee', 'survey'] as const;
export type HistoryArea = (typeof HISTORY_AREAS)[number];
/**
 * The security log (sign-ins, failures, second factors, sessions, retention), with each entry's address: admin's only,
 * read when chosen as the area, never among "all areas".
 */
export const SECURITY_AREA = 'security';

/** What a change can be about. */
export const HISTORY_OBJECTS = [
  'user',
  'session',
  'company',
  'signupRequest',
  'voting',
  'digest',
  'document',
  'helpItem',
  'siteFile',
  'codex',
  'event',
  'committee',
  'committeeMember',
  'membershipRequest',
  'mailTemplate',
  'mailSettings',
  'surveyPeriod',
  'surveyDatafile',
  'distributor',
  'distributorGroup',
  'distributorRequest',
  'creditSubmission',
] as const;

/**
 * The history's filters: area, author, days (UTC, inclusive), the kind of object and one object, and, in the security
 * log, the event; newest first.
 */
export const historyQuery = paging.extend({
  sort: optionalFilter(z.enum(['at'])),
  order: z.enum(['asc', 'desc']).default('desc'),
  area: optionalFilter(z.enum([...HISTORY_AREAS, SECURITY_AREA])),
  actorId: optionalFilter(id),
  from: optionalFilter(z.iso.date({ error: 'validation.invalid' })),
  to: optionalFilter(z.iso.date({ error: 'validation.invalid' })),
  entity: optionalFilter(z.enum(HISTORY_OBJECTS)),
  entityId: optionalFilter(id),
  action: optionalFilter(z.enum(SECURITY_LOG_ACTIONS)),
});
export type HistoryQuery = z.input<typeof historyQuery>;
