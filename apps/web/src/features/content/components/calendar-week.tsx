import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { addDays, DAY_MINUTES, dayBoxes, eventsOfDay, SLOT_MINUTES, wallMinutes } from './calendar-dates.ts';
import { EndHandle, EventButton, EventLine, endsOn, type PlacedEntry, timeOf, type ViewHandlers } from './calendar-event.tsx';
import { TODAY_BG } from './calendar-month.tsx';
import { localDay } from './event-times.ts';

const SLOT_PX = 24;
const HOURS_PX = (DAY_MINUTES / SLOT_MINUTES) * SLOT_PX;
const GUTTER = '3.5rem';
/** The hours open at the working day's start. */
const FIRST_HOUR_SHOWN = 8;
const pct = (minutes: number) => `${(minutes / DAY_MINUTES) * 100}%`;
/** A band across a day's column from one minute of its wall clock (to another). */
const band = (from: number, to?: number) =>
  ({ position: 'absolute', left: 0, right: 0, top: pct(from), ...(to === undefined ? {} : { bottom: pct(DAY_MINUTES - to) }) }) as const;
/** The hours written in the gutter (midnight is the top edge). */
const HOUR_MARKS = Array.from({ length: 23 }, (_, i) => i + 1);

/**
 * A week from Monday: whole-day events in a row above, the others by their hours in the day's column (side by side
 * where they overlap), and now as a line. Staff drag events by half hours, pull their lower edge to end them later,
 * and select days or hours to create one.
 */
export function WeekView({ days, events, handlers }: { days: Date[]; events: PlacedEntry[]; handlers: ViewHandlers }) {
  const { t } = useTranslation();
  const hours = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Half a slot above the hour, so its time is read whole.
    hours.current?.scrollTo({ top: (FIRST_HOUR_SHOWN * 60 * SLOT_PX) / SLOT_MINUTES - SLOT_PX / 2 });
  }, []);
  // Now, as the red line shows it, moved every minute.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const today = localDay(now);
  const { span } = handlers;
  const columns = { display: 'grid', gridTemplateColumns: `${GUTTER} repeat(7, minmax(0, 1fr))` } as const;
  const line = { borderLeft: 1, borderColor: 'divider' } as const;

  return (
    <Box sx={{ border: 1, borderColor: 'divider' }}>
      <Box sx={{ ...columns, borderBottom: 1, borderColor: 'divider' }}>
        <span />
        {days.map((d) => (
          <Typography
            key={localDay(d)}
            variant="body2"
            sx={{ ...line, py: 0.5, textAlign: 'center', fontWeight: 600, bgcolor: localDay(d) === today ? TODAY_BG : undefined }}
          >
            {formatDate(d, { weekday: 'short', day: 'numeric', month: 'numeric' })}
          </Typography>
        ))}
      </Box>
      <Box sx={{ ...columns, borderBottom: 2, borderColor: 'divider' }}>
        <Typography variant="caption" sx={{ p: 0.5, textAlign: 'right', color: 'text.secondary' }}>
          {t('content:calendar.allDay')}
        </Typography>
        {days.map((d) => {
          const inSpan = span?.allDay === true && span.start < addDays(d, 1) && span.end > d;
          return (
            <Stack
              key={localDay(d)}
              data-day={localDay(d)}
              role="group"
              aria-label={formatDate(d, { dateStyle: 'full' })}
              spacing={0.25}
              onPointerDown={handlers.pressSpot ?? undefined}
              sx={{ ...line, p: 0.25, minHeight: '2rem', bgcolor: inSpan ? 'action.selected' : undefined }}
            >
              {eventsOfDay(events, d)
                .filter((p) => p.allDay)
                .map((p) => (
                  <EventButton key={p.item.id} placed={p} handlers={handlers}>
                    <EventLine placed={p} />
                    {endsOn(p, d) ? <EndHandle placed={p} handlers={handlers} side="right" /> : null}
                  </EventButton>
                ))}
            </Stack>
          );
        })}
      </Box>
      {/* Scrolled by the keyboard too: it is a stop of the tab order. */}
      <Box ref={hours} role="region" tabIndex={0} aria-label={t('content:calendar.hoursRegion')} sx={{ maxHeight: '36rem', overflowY: 'auto' }}>
        <Box sx={{ ...columns, height: HOURS_PX }}>
          <Box sx={{ position: 'relative' }}>
            {HOUR_MARKS.map((h) => (
              <Typography
                key={h}
                variant="caption"
                sx={{ position: 'absolute', top: pct(h * 60), right: 4, transform: 'translateY(-50%)', color: 'text.secondary', lineHeight: 1.2 }}
              >
                {timeOf(new Date(2000, 0, 1, h))}
              </Typography>
            ))}
          </Box>
          {days.map((d) => {
            const key = localDay(d);
            const spanHere = span && !span.allDay && span.start < addDays(d, 1) && span.end > d ? span : null;
            return (
              <Box
                key={key}
                data-day={key}
                data-hours=""
                role="group"
                aria-label={formatDate(d, { dateStyle: 'full' })}
                onPointerDown={handlers.pressSpot ?? undefined}
                sx={{
                  ...line,
                  position: 'relative',
                  bgcolor: key === today ? TODAY_BG : undefined,
                  // A line every hour, a fainter one at the half hour.
                  backgroundImage: `repeating-linear-gradient(to bottom, transparent 0 ${2 * SLOT_PX - 1}px, rgba(0,0,0,0.12) ${2 * SLOT_PX - 1}px ${2 * SLOT_PX}px)`,
                }}
              >
                {spanHere ? (
                  <Box
                    aria-hidden
                    sx={{
                      ...band(wallMinutes(spanHere.start, d), wallMinutes(spanHere.end, d)),
                      bgcolor: 'action.selected',
                      border: 1,
                      borderColor: 'primary.main',
                      borderRadius: 0.5,
                    }}
                  />
                ) : null}
                {dayBoxes(events, d).map(({ placed, from, to, column, columns: across }) => (
                  <EventButton
                    key={placed.item.id}
                    placed={placed}
                    handlers={handlers}
                    sx={{
                      position: 'absolute',
                      top: pct(from),
                      height: pct(to - from),
                      left: `calc(${(column / across) * 100}% + 1px)`,
                      width: `calc(${100 / across}% - 2px)`,
                      whiteSpace: 'normal',
                      lineHeight: 1.3,
                      pt: 0.25,
                    }}
                  >
                    <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                      {timeOf(placed.start)} – {timeOf(placed.end)}
                    </Box>
                    <span>{placed.item.title}</span>
                    {placed.item.movable && placed.end <= addDays(d, 1) ? <EndHandle placed={placed} handlers={handlers} side="bottom" /> : null}
                  </EventButton>
                ))}
                {key === today ? (
                  <Box
                    aria-hidden
                    sx={{
                      ...band(wallMinutes(now, d)),
                      borderTop: 2,
                      borderColor: 'error.main',
                      zIndex: 1,
                    }}
                  />
                ) : null}
              </Box>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
