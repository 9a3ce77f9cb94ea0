import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { addDays, eventsOfDay } from './calendar-dates.ts';
import { EventButton, mineFrame, type PlacedEntry, timeOf, type ViewHandlers } from './calendar-event.tsx';
import { localDay } from './event-times.ts';

/** The month's days that have events, each with its events and their hours (on a phone, what the calendar opens with). */
export function ListView({ days, events, handlers }: { days: Date[]; events: PlacedEntry[]; handlers: ViewHandlers }) {
  const { t } = useTranslation();
  const groups = days.map((day) => ({ day, events: eventsOfDay(events, day) })).filter((g) => g.events.length > 0);
  if (!groups.length) return <Typography sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>{t('content:calendar.noEvents')}</Typography>;
  const hoursOn = (p: PlacedEntry, day: Date) => {
    const next = addDays(day, 1);
    if (p.allDay || (p.start <= day && p.end >= next)) return t('content:calendar.allDay');
    return `${p.start >= day ? timeOf(p.start) : ''} – ${p.end <= next ? timeOf(p.end) : ''}`;
  };
  return (
    <Stack sx={{ border: 1, borderColor: 'divider' }}>
      {groups.map(({ day, events: ofDay }) => (
        <Box component="section" key={localDay(day)}>
          <Typography component="h3" variant="subtitle2" sx={{ px: 1.5, py: 0.75, bgcolor: 'action.hover', borderBottom: 1, borderColor: 'divider' }}>
            {formatDate(day, { dateStyle: 'full' })}
          </Typography>
          {ofDay.map((p) => (
            <Stack
              key={p.item.id}
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'center', px: 1.5, py: 0.75, borderBottom: 1, borderColor: 'divider' }}
            >
              <Typography variant="body2" sx={{ width: '7rem', flexShrink: 0 }}>
                {hoursOn(p, day)}
              </Typography>
              <Box
                aria-hidden
                sx={(theme) => ({
                  width: 12,
                  height: 12,
                  flexShrink: 0,
                  borderRadius: '50%',
                  bgcolor: p.item.color,
                  boxShadow: p.item.mine === 'registered' ? mineFrame(theme) : 'none',
                })}
              />
              <EventButton
                placed={p}
                handlers={{ ...handlers, pressEvent: (e) => e.stopPropagation() }}
                sx={{
                  bgcolor: 'transparent',
                  color: 'text.primary',
                  fontSize: '0.875rem',
                  whiteSpace: 'normal',
                  boxShadow: 'none',
                  cursor: 'pointer',
                }}
              >
                <span>{p.item.title}</span>
              </EventButton>
            </Stack>
          ))}
        </Box>
      ))}
    </Stack>
  );
}
