import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';
import type { CalendarEvent } from '@portal/shared';
import type { ReactNode, PointerEvent as ReactPointerEvent } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { addDays, type Placed } from './calendar-dates.ts';
import type { Span } from './calendar-gestures.ts';

/** An event as the views show it: its title in the page's language, its colour, and whether staff may move it (yet to begin). */
export interface CalendarEntry extends CalendarEvent {
  title: string;
  color: string;
  movable: boolean;
}

export type PlacedEntry = Placed<CalendarEntry>;

/** What every view does with the pointer and the events. */
export interface ViewHandlers {
  open: (id: number) => void;
  pressEvent: (e: ReactPointerEvent<HTMLElement>, placed: PlacedEntry, kind: 'move' | 'resize') => void;
  /** Null: the person may not create events. */
  pressSpot: ((e: ReactPointerEvent<HTMLElement>) => void) | null;
  /** The event being dragged (shown faint where it was), and the span the drag or selection would take. */
  dragging: number | null;
  span: Span | null;
}

/** A time as the calendar writes it: 24-hour, in the page's language. */
export const timeOf = (d: Date) => formatDate(d, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The green frame inside an event the person holds a seat at, whatever the event's colour. */
export const mineFrame = (theme: Theme) => `inset 0 0 0 3px ${theme.palette.success.main}`;

/** One event: a button that opens it and, for staff, starts its drag. */
export function EventButton({
  placed,
  handlers,
  children,
  sx,
}: {
  placed: PlacedEntry;
  handlers: ViewHandlers;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  const { item } = placed;
  return (
    <ButtonBase
      disableRipple
      onPointerDown={(e) => {
        if (item.movable) handlers.pressEvent(e, placed, 'move');
        // A press on an event never selects the day under it.
        else e.stopPropagation();
      }}
      onClick={() => handlers.open(item.id)}
      sx={[
        (theme) => ({
          display: 'block',
          width: '100%',
          textAlign: 'left',
          px: 0.5,
          borderRadius: 0.5,
          bgcolor: item.color,
          color: '#fff',
          fontSize: '0.8125rem',
          lineHeight: 1.6,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          boxShadow: item.mine === 'registered' ? mineFrame(theme) : 'none',
          opacity: handlers.dragging === item.id ? 0.4 : 1,
          cursor: item.movable ? 'grab' : 'pointer',
          '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.text.primary}`, outlineOffset: 1 },
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </ButtonBase>
  );
}

/** The edge staff pull to end an event later or earlier: the lower one in the week's hours, the right one on a whole-day event's last day. */
export function EndHandle({ placed, handlers, side }: { placed: PlacedEntry; handlers: ViewHandlers; side: 'bottom' | 'right' }) {
  return (
    <Box
      component="span"
      aria-hidden
      onPointerDown={(e) => handlers.pressEvent(e, placed, 'resize')}
      sx={{
        position: 'absolute',
        ...(side === 'bottom'
          ? { left: 0, right: 0, bottom: 0, height: 6, cursor: 'ns-resize' }
          : { top: 0, bottom: 0, right: 0, width: 6, cursor: 'ew-resize' }),
      }}
    />
  );
}

/** Whether the day is a movable whole-day event's last, where its right edge can be pulled. */
export const endsOn = (p: PlacedEntry, day: Date) => p.allDay && p.item.movable && p.end.getTime() === addDays(day, 1).getTime();

/** An event's line in a day: its start time (timed events) and its title. */
export function EventLine({ placed, day }: { placed: PlacedEntry; day?: Date }) {
  const showsTime = !placed.allDay && (!day || placed.start >= day);
  return (
    <>
      {showsTime ? (
        <Box component="span" sx={{ fontWeight: 600, mr: 0.5 }}>
          {timeOf(placed.start)}
        </Box>
      ) : null}
      <span>{placed.item.title}</span>
    </>
  );
}
