import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { addDays, eventsOfDay } from './calendar-dates.ts';
import { EndHandle, EventButton, EventLine, endsOn, type PlacedEntry, type ViewHandlers } from './calendar-event.tsx';
import { localDay } from './event-times.ts';

/** A day shows this many lines; past them, all but the last and "+N more", which lists the day. */
const LINES = 3;
/** The day numbers of the months around: darker than the usual grey, for 4.5:1 on their shaded cells. */
const FAINT = '#5f6368';
export const TODAY_BG = 'rgba(255, 220, 40, 0.15)';

/** Six weeks from Monday: each day its events, the days of the months around shaded; staff select days to create. */
export function MonthView({ days, month, events, handlers }: { days: Date[]; month: number; events: PlacedEntry[]; handlers: ViewHandlers }) {
  const { t } = useTranslation();
  const [more, setMore] = useState<{ day: Date; anchor: HTMLElement } | null>(null);
  const today = localDay(new Date());
  const { span } = handlers;
  const weeks = Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  return (
    <>
      <Box
        component="table"
        sx={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse', '& td, & th': { border: 1, borderColor: 'divider' } }}
      >
        <thead>
          <tr>
            {weeks[0]?.map((d) => (
              <Box component="th" scope="col" key={d.getDay()} sx={{ py: 0.5, fontWeight: 600, fontSize: '0.875rem' }}>
                {formatDate(d, { weekday: 'short' })}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={localDay(week[0] as Date)}>
              {week.map((day) => {
                const key = localDay(day);
                const all = eventsOfDay(events, day);
                const shown = all.length > LINES ? all.slice(0, LINES - 1) : all;
                const inSpan = span !== null && span.start < addDays(day, 1) && span.end > day;
                return (
                  <Box
                    component="td"
                    key={key}
                    data-day={key}
                    onPointerDown={handlers.pressSpot ?? undefined}
                    sx={{
                      verticalAlign: 'top',
                      height: '7.5rem',
                      p: 0.5,
                      bgcolor: inSpan ? 'action.selected' : key === today ? TODAY_BG : day.getMonth() === month ? 'transparent' : 'action.hover',
                      cursor: handlers.pressSpot ? 'cell' : 'default',
                    }}
                  >
                    <Typography
                      variant="body2"
                      sx={{ textAlign: 'right', fontWeight: key === today ? 700 : 400, color: day.getMonth() === month ? 'text.primary' : FAINT }}
                    >
                      {day.getDate()}
                    </Typography>
                    <Stack spacing={0.25}>
                      {shown.map((p) => (
                        <EventButton key={p.item.id} placed={p} handlers={handlers}>
                          <EventLine placed={p} day={day} />
                          {endsOn(p, day) ? <EndHandle placed={p} handlers={handlers} side="right" /> : null}
                        </EventButton>
                      ))}
                      {shown.length < all.length ? (
                        <Button
                          size="small"
                          onPointerDown={(e) => e.stopPropagation()}
                          onClick={(e) => setMore({ day, anchor: e.currentTarget })}
                          sx={{ alignSelf: 'flex-start', minWidth: 0, py: 0, px: 0.5, lineHeight: 1.6 }}
                        >
                          {t('content:calendar.more', { count: all.length - shown.length })}
                        </Button>
                      ) : null}
                    </Stack>
                  </Box>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
      <Popover
        open={more !== null}
        anchorEl={more?.anchor}
        onClose={() => setMore(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { p: 1.5, width: 280 } } }}
      >
        {more ? (
          <Stack spacing={0.5}>
            <Typography variant="subtitle2">{formatDate(more.day, { dateStyle: 'full' })}</Typography>
            {eventsOfDay(events, more.day).map((p) => (
              <EventButton
                key={p.item.id}
                placed={p}
                handlers={{
                  ...handlers,
                  open: (id) => {
                    setMore(null);
                    handlers.open(id);
                  },
                }}
              >
                <EventLine placed={p} day={more.day} />
              </EventButton>
            ))}
          </Stack>
        ) : null}
      </Popover>
    </>
  );
}
