import { type CalendarEvent, calendar, committees, type EventInput } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint } from '../../../lib/api-client.ts';
import type { StaffPrefix } from '../../../lib/api-prefix.ts';

const CALENDAR_KEY = ['calendar'] as const;

/** GET /calendar/events: the events the person sees in a range (a view's visible dates). */
export const useEvents = (range: { from: string; to: string; limit?: number } | null) =>
  useQuery({
    queryKey: [...CALENDAR_KEY, 'events', range],
    queryFn: ({ signal }) => callEndpoint(calendar.events, { signal, query: range! }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });

/** GET /calendar/event: one event with the person's place at it. */
export const useEvent = (id: number | null) =>
  useQuery({
    queryKey: [...CALENDAR_KEY, 'event', id],
    queryFn: ({ signal }) => callEndpoint(calendar.event, { signal, query: { id: id! } }),
    enabled: id !== null,
  });

/** Every calendar query again: an event changed, and with it its counts and places. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: CALENDAR_KEY });
}

/** POST /calendar/register or /calendar/cancel: the event as it now stands for the person (null once not theirs to see). */
export function useRegistration() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, register }: { id: number; register: boolean }): Promise<CalendarEvent | null> =>
      callEndpoint(register ? calendar.register : calendar.cancel, { body: { id } }),
    onSuccess: refresh,
  });
}

/** POST /{staff}/calendar/create or update. */
export function useSaveEvent(prefix: StaffPrefix) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, event }: { id?: number; event: EventInput }): Promise<CalendarEvent> =>
      id === undefined ? callEndpoint(calendar.create[prefix], { body: event }) : callEndpoint(calendar.update[prefix], { body: { id, ...event } }),
    onSuccess: refresh,
  });
}

/** POST /{staff}/calendar/move: new dates from a drag or a resize. */
export function useMoveEvent(prefix: StaffPrefix) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { id: number; startsAt: string; endsAt: string; allDay: boolean }) => callEndpoint(calendar.move[prefix], { body }),
    onSettled: refresh,
  });
}

/** DELETE /{staff}/calendar/delete */
export function useDeleteEvent(prefix: StaffPrefix) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(calendar.remove[prefix], { query: { id } }),
    onSuccess: refresh,
  });
}

/** GET /{staff}/calendar/registrants: a page of an event's people. */
export const useRegistrants = (prefix: StaffPrefix, id: number, page: number, pageSize: number, search: string) =>
  useQuery({
    queryKey: [...CALENDAR_KEY, 'registrants', prefix, id, page, pageSize, search],
    queryFn: ({ signal }) => callEndpoint(calendar.registrants[prefix], { signal, query: { id, page, pageSize, search: search || undefined } }),
    placeholderData: keepPreviousData,
  });

export const downloadRegistrants = (prefix: StaffPrefix, id: number) => downloadEndpoint(calendar.registrantsDownload[prefix], { query: { id } });

/** GET /calendar/ics: the event for the person's calendar program. */
export const downloadIcs = (id: number) => downloadEndpoint(calendar.ics, { query: { id } });

/** The committees and working groups an event can belong to, committees first, each followed by its groups. */
export const useCommitteeChoices = () =>
  useQuery({
    queryKey: ['committees', 'choices'],
    queryFn: async ({ signal }) => {
      const [list, groups] = await Promise.all([callEndpoint(committees.list, { signal }), callEndpoint(committees.workingGroups, { signal })]);
      return list.flatMap((c) => [c, ...groups.filter((g) => g.parentId === c.id)]);
    },
    staleTime: 60_000,
  });

/** GET /calendar/feedLink: whether the private feed link is on. */
export const useFeedLink = () =>
  useQuery({ queryKey: [...CALENDAR_KEY, 'feedLink'], queryFn: ({ signal }) => callEndpoint(calendar.feedLink, { signal }) });

/** POST or DELETE /calendar/feedLink: a new link (the old one stops working), or none. */
export function useChangeFeedLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (make: boolean) => (make ? callEndpoint(calendar.newFeedLink) : callEndpoint(calendar.revokeFeedLink).then(() => null)),
    onSuccess: () => client.invalidateQueries({ queryKey: [...CALENDAR_KEY, 'feedLink'] }),
  });
}
