import { z } from 'zod';
import { pageOf } from '../fields.ts';
import { defineEndpoint } from '../http.ts';
import { perPrefix, ROLES, STAFF_API_PREFIXES } from '../roles.ts';
import {
  eventBody,
  eventId,
  eventMoveBody,
  eventSchema,
  eventsQuery,
  eventUpdateBody,
  feedLinkSchema,
  feedQuery,
  newFeedLinkSchema,
  registrantSchema,
  registrantsQuery,
} from './calendar.schemas.ts';

export const events = defineEndpoint({
  method: 'GET',
  path: '/calendar/events',
  access: ROLES,
  summary: 'The events the caller sees (public ones, and those of their committees; staff: all) that overlap a range of at most 62 days',
  query: eventsQuery,
  response: z.array(eventSchema),
});

export const event = defineEndpoint({
  method: 'GET',
  path: '/calendar/event',
  access: ROLES,
  summary: 'One event the caller sees, with their place at it',
  query: eventId,
  response: eventSchema,
});

export const ics = defineEndpoint({
  method: 'GET',
  path: '/calendar/ics',
  access: ROLES,
  summary: 'One event as an iCalendar (.ics) file',
  query: eventId,
  responseKind: 'file',
});

export const register = defineEndpoint({
  method: 'POST',
  path: '/calendar/register',
  access: ROLES,
  bodyType: 'json',
  summary: 'Take a seat at an event, or a place on its waiting list when the seats are taken (e-mailed, with the .ics for a seat)',
  body: eventId,
  response: eventSchema,
});

export const cancel = defineEndpoint({
  method: 'POST',
  path: '/calendar/cancel',
  access: ROLES,
  bodyType: 'json',
  summary:
    'Give up a seat or a place on the waiting list; a freed seat goes to the first who waits (e-mailed). Answers the event, or null when it is no longer the caller’s to see',
  body: eventId,
  response: eventSchema.nullable(),
});

export const feedLink = defineEndpoint({
  method: 'GET',
  path: '/calendar/feedLink',
  access: ROLES,
  summary: "Whether the caller's private calendar feed link is active",
  response: feedLinkSchema,
});

export const newFeedLink = defineEndpoint({
  method: 'POST',
  path: '/calendar/feedLink',
  access: ROLES,
  summary: 'A new private feed link (shown once); the previous link stops working',
  response: newFeedLinkSchema,
});

export const revokeFeedLink = defineEndpoint({
  method: 'DELETE',
  path: '/calendar/feedLink',
  access: ROLES,
  summary: 'Turns the private feed link off',
  responseKind: 'empty',
});

export const feed = defineEndpoint({
  method: 'GET',
  path: '/calendar/feed',
  access: 'public',
  summary: "A person's events as an iCalendar feed, for their calendar program (404 for an unknown or revoked key)",
  query: feedQuery,
  responseKind: 'file',
});

export const create = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/calendar/create`,
    access,
    bodyType: 'json',
    summary: 'Create an event',
    body: eventBody,
    response: eventSchema,
  }),
);

export const update = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/calendar/update`,
    access,
    bodyType: 'json',
    summary: 'Edit an event (the seats never below those taken; a freed seat goes to the waiting list; registrants are told of a new time or place)',
    body: eventUpdateBody,
    response: eventSchema,
  }),
);

export const move = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'POST',
    path: `/${p}/calendar/move`,
    access,
    bodyType: 'json',
    summary: 'Move or resize an event (drag in the calendar); registrants are told',
    body: eventMoveBody,
    response: eventSchema,
  }),
);

export const remove = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'DELETE',
    path: `/${p}/calendar/delete`,
    access,
    summary: 'Delete an event; its registrants are told',
    query: eventId,
    responseKind: 'empty',
  }),
);

export const registrants = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/calendar/registrants`,
    access,
    summary: "An event's people: seats first, then the waiting list in turn; paged and searched",
    query: registrantsQuery,
    response: pageOf(registrantSchema),
  }),
);

export const registrantsDownload = perPrefix(STAFF_API_PREFIXES, (p, access) =>
  defineEndpoint({
    method: 'GET',
    path: `/${p}/calendar/registrants/download`,
    access,
    summary: "An event's people as an Excel file",
    query: eventId,
    responseKind: 'file',
  }),
);
