import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import type { CalendarRef, DateSelectInfo, DatesSetInfo, EventClickInfo, EventDropInfo, EventInput, EventResizeDoneInfo } from '@fullcalendar/react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import ruLocale from '@fullcalendar/react/locales/ru';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CalendarEvent } from '@portal/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { useEvents, useMoveEvent } from '../api/calendar.ts';
import { calendarDates, type FormTimes, movedTimes, selectionTimes } from './event-times.ts';
import { notifyDone, notifyFailed } from './notify.ts';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicTheme];
const LOCALES = [ruLocale];
const TOOLBAR = { start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,listMonth' };
/** A committee's events: a darker shade of the portal's blue (the spec names no third colour). */
const COMMITTEE_COLOR = '#2f2a8f';
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
/** The Today button is named by its own word (FullCalendar's hint would name it "This month"). */
const todayButton = (text: string) => ({ today: { text, hint: text } });

interface EventsCalendarProps {
  /** Staff: select days to create, drag and resize to move (events yet to begin). */
  editable: boolean;
  /** A day to show (an e-mail's link opens its event's month). */
  focus?: string;
  onOpen: (id: number) => void;
  onCreate: (times: FormTimes) => void;
}

/** A drag waiting for staff to confirm, because it tells the people registered. */
interface PendingMove {
  info: EventDropInfo | EventResizeDoneInfo;
  people: number;
}

/**
 * The month, week and list views of the events the person sees, in the page's language and the browser's time zone;
 * the visible range is asked of the server (at most six weeks), so a month costs one indexed query.
 */
export function EventsCalendar({ editable, focus, onOpen, onCreate }: EventsCalendarProps) {
  const { i18n, t } = useTranslation();
  const theme = useTheme();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const events = useEvents(range);
  const move = useMoveEvent(useStaffPrefix());
  const ru = i18n.language === 'ru';
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const calendarRef = useRef<CalendarRef>(null);
  const [pending, setPending] = useState<PendingMove | null>(null);
  useEffect(() => {
    if (focus) calendarRef.current?.getApi().gotoDate(focus);
  }, [focus]);
  const byId = useMemo(() => new Map((events.data ?? []).map((e) => [String(e.id), e])), [events.data]);
  const buttons = useMemo(() => todayButton(t('content:calendar.today')), [t]);

  const inputs = useMemo<EventInput[]>(
    () =>
      (events.data ?? []).map((e: CalendarEvent) => ({
        id: String(e.id),
        title: ru ? e.titleRu : e.titleEn,
        ...calendarDates(e),
        backgroundColor: e.committee ? COMMITTEE_COLOR : theme.palette.primary.main,
        borderColor: e.committee ? COMMITTEE_COLOR : theme.palette.primary.main,
        textColor: '#fff',
        // Only what is yet to begin can be moved.
        editable: editable && Date.parse(e.startsAt) > Date.now(),
        className: e.mine === 'registered' ? 'portal-event-mine' : '',
      })),
    [events.data, ru, theme, editable],
  );

  const onMove = (info: EventDropInfo | EventResizeDoneInfo) => {
    const people = byId.get(info.event.id);
    const count = people ? people.registered + people.waiting : 0;
    if (count > 0) setPending({ info, people: count });
    else save(info);
  };
  const save = (info: EventDropInfo | EventResizeDoneInfo) => {
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
        // The person's own seats: a green frame inside the event, whatever its colour.
        '& .portal-event-mine': { boxShadow: `inset 0 0 0 3px ${theme.palette.success.main}` },
      }}
    >
      {events.error ? <Alert severity="error">{errorMessage(events.error)}</Alert> : null}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Legend color={theme.palette.primary.main} label={t('content:calendar.legendEveryone')} />
        <Legend color={COMMITTEE_COLOR} label={t('content:calendar.legendCommittee')} />
        <Legend color={theme.palette.success.main} label={t('content:calendar.legendMine')} mark />
      </Stack>
      <LinearProgress aria-label={t('common:loading')} sx={{ visibility: events.isFetching ? 'visible' : 'hidden', height: 2, mb: 1 }} />
      <FullCalendar
        ref={calendarRef}
        plugins={PLUGINS}
        // On a phone a month's grid leaves an event a few letters: the list of the month reads better.
        initialView={phone ? 'listMonth' : 'dayGridMonth'}
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
      <ConfirmDialog
        open={pending !== null}
        title={t('content:calendar.moveTitle', { title: pending?.info.event.title ?? '' })}
        confirmLabel={t('content:calendar.moveConfirm')}
        onConfirm={() => {
          if (pending) save(pending.info);
          setPending(null);
        }}
        onClose={() => {
          pending?.info.revert();
          setPending(null);
        }}
      >
        {t('content:calendar.moveTold', { count: pending?.people ?? 0 })}
      </ConfirmDialog>
    </Box>
  );
}

/** One line of the legend: a colour and what it means (a check for the person's own seats). */
function Legend({ color, label, mark }: { color: string; label: string; mark?: boolean }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Box
        aria-hidden
        sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: mark ? 'transparent' : color, border: mark ? `3px solid ${color}` : 'none' }}
      />
      <Typography variant="body2">{label}</Typography>
    </Stack>
  );
}
