import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import type { DateSelectInfo, DatesSetInfo, EventClickInfo, EventDropInfo, EventInput, EventResizeDoneInfo } from '@fullcalendar/react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import ruLocale from '@fullcalendar/react/locales/ru';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { CalendarEvent } from '@portal/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { useEvents, useMoveEvent } from '../api/calendar.ts';
import { calendarDates, type FormTimes, movedTimes, selectionTimes } from './event-times.ts';
import { notifyDone, notifyFailed } from './notify.ts';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicTheme];
const LOCALES = [ruLocale];
const TOOLBAR = { start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,listMonth' };
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
/** The Today button is named by its own word (FullCalendar's hint would name it "This month"). */
const todayButton = (text: string) => ({ today: { text, hint: text } });

interface EventsCalendarProps {
  /** Staff: select days to create, drag and resize to move. */
  editable: boolean;
  onOpen: (id: number) => void;
  onCreate: (times: FormTimes) => void;
}

/**
 * The month, week and list views of the events the person sees, in the page's language and the browser's time zone;
 * the visible range is asked of the server (at most six weeks), so a month costs one indexed query.
 */
export function EventsCalendar({ editable, onOpen, onCreate }: EventsCalendarProps) {
  const { i18n, t } = useTranslation();
  const theme = useTheme();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const events = useEvents(range);
  const move = useMoveEvent(useStaffPrefix());
  const ru = i18n.language === 'ru';
  const buttons = useMemo(() => todayButton(t('content:calendar.today')), [t]);

  const inputs = useMemo<EventInput[]>(
    () =>
      (events.data ?? []).map((e: CalendarEvent) => ({
        id: String(e.id),
        title: ru ? e.titleRu : e.titleEn,
        ...calendarDates(e),
        backgroundColor: e.committee ? theme.palette.secondary.main : theme.palette.primary.main,
        borderColor: e.mine === 'registered' ? theme.palette.success.dark : 'transparent',
        textColor: '#fff',
      })),
    [events.data, ru, theme],
  );

  const onMove = (info: EventDropInfo | EventResizeDoneInfo) => {
    const { event } = info;
    if (!event.start) return info.revert();
    move.mutate(
      { id: Number(event.id), allDay: event.allDay, ...movedTimes(event.start, event.end, event.allDay) },
      {
        onSuccess: () => notifyDone('eventMoved', { title: event.title }),
        onError: (error) => {
          info.revert();
          notifyFailed('eventMoved', error, { title: event.title });
        },
      },
    );
  };

  return (
    <Box
      sx={{
        // The portal's blue for events and the selected view; the faint day numbers of the next and previous month
        // darkened to keep 4.5:1 on their shaded cells (the classic palette's grey has 2.5:1).
        '--fc-classic-primary': theme.palette.primary.main,
        '--fc-classic-faint-foreground': '#5f6368',
        '--fc-classic-muted-foreground': '#4b5563',
        '& .fc': { fontFamily: theme.typography.fontFamily },
        '& .fc-event': { cursor: 'pointer' },
      }}
    >
      {events.error ? <Alert severity="error">{errorMessage(events.error)}</Alert> : null}
      <FullCalendar
        plugins={PLUGINS}
        initialView="dayGridMonth"
        headerToolbar={TOOLBAR}
        buttons={buttons}
        locales={LOCALES}
        locale={ru ? 'ru' : 'en'}
        firstDay={1}
        height="auto"
        dayMaxEvents
        nowIndicator
        eventTimeFormat={TIME_FORMAT}
        noEventsText={t('content:calendar.noEvents')}
        events={inputs}
        datesSet={(info: DatesSetInfo) => setRange({ from: info.start.toISOString(), to: info.end.toISOString() })}
        eventClick={(info: EventClickInfo) => {
          info.jsEvent.preventDefault();
          onOpen(Number(info.event.id));
        }}
        selectable={editable}
        select={(info: DateSelectInfo) => {
          info.view.calendar.unselect();
          onCreate(selectionTimes(info.start, info.end, info.allDay));
        }}
        editable={editable}
        eventDrop={onMove}
        eventResize={onMove}
      />
    </Box>
  );
}
