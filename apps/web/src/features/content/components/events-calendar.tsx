import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { formatDate } from '../../../lib/format.ts';
import { currentLocaleTag } from '../../../lib/i18n.ts';
import { useEvents, useMoveEvent } from '../api/calendar.ts';
import {
  type CalendarItem,
  type CalendarViewName,
  dayOf,
  type MovedTimes,
  place,
  startOfDay,
  stepAnchor,
  viewDays,
  viewRange,
} from './calendar-dates.ts';
import type { CalendarEntry, PlacedEntry, ViewHandlers } from './calendar-event.tsx';
import { useCalendarGestures } from './calendar-gestures.ts';
import { ListView } from './calendar-list.tsx';
import { MonthView } from './calendar-month.tsx';
import { WeekView } from './calendar-week.tsx';
import { type FormTimes, localDay, movedTimes, selectionTimes } from './event-times.ts';
import { notifyDone, notifyFailed } from './notify.ts';

/** A committee's events: a darker shade of the portal's blue (the spec names no third colour). */
const COMMITTEE_COLOR = '#2f2a8f';
const VIEWS: CalendarViewName[] = ['month', 'week', 'list'];
const VIEW_WORDS = {
  month: { label: 'viewMonth', name: 'viewMonthName', previous: 'previousMonth', next: 'nextMonth' },
  week: { label: 'viewWeek', name: 'viewWeekName', previous: 'previousWeek', next: 'nextWeek' },
  list: { label: 'viewList', name: 'viewListName', previous: 'previousMonth', next: 'nextMonth' },
} as const;

interface EventsCalendarProps {
  /** Staff: select days or hours to create, drag and resize to move (events yet to begin). */
  editable: boolean;
  /** An event to show (an e-mail's link opens its month). */
  focus?: CalendarItem | undefined;
  onOpen: (id: number) => void;
  onCreate: (times: FormTimes) => void;
}

/** A drag waiting for staff to confirm, because it tells the people registered. */
interface PendingMove {
  placed: PlacedEntry;
  to: MovedTimes;
  people: number;
}

/** The view's title: the month, or the week's dates. */
function titleOf(view: CalendarViewName, days: Date[], anchor: Date): string {
  if (view !== 'week') {
    const month = formatDate(anchor, { month: 'long', year: 'numeric' });
    return month.charAt(0).toUpperCase() + month.slice(1);
  }
  const format = new Intl.DateTimeFormat(currentLocaleTag(), { day: 'numeric', month: 'short', year: 'numeric' });
  return format.formatRange(days[0] as Date, days.at(-1) as Date);
}

/**
 * The month, week and list views of the events the person sees, in the page's language and the browser's time zone,
 * drawn by the portal itself (a calendar library was 80 KiB of the page; see docs/architecture.md). The visible range
 * is asked of the server (at most six weeks), so a view costs one indexed query.
 */
export function EventsCalendar({ editable, focus, onOpen, onCreate }: EventsCalendarProps) {
  const { i18n, t } = useTranslation();
  const theme = useTheme();
  // On a phone a month's grid leaves an event a few letters: the list of the month reads better.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [view, setView] = useState<CalendarViewName>(phone ? 'list' : 'month');
  const [anchor, setAnchor] = useState(() => startOfDay(new Date()));
  // The linked event's day, once it is known (not again when the event is read again: the person may have moved on).
  const focusDay = focus ? localDay(place(focus).start) : null;
  useEffect(() => {
    if (focusDay) setAnchor(dayOf(focusDay));
  }, [focusDay]);
  const days = useMemo(() => viewDays(view, anchor), [view, anchor]);
  const range = useMemo(() => {
    const { start, end } = viewRange(view, anchor);
    return { from: start.toISOString(), to: end.toISOString() };
  }, [view, anchor]);
  const events = useEvents(range);
  const move = useMoveEvent(useStaffPrefix());
  const [pending, setPending] = useState<PendingMove | null>(null);
  // An event moved and not yet saved (or waiting for the confirmation) shows where it was dropped.
  const [moved, setMoved] = useState<({ id: number } & MovedTimes) | null>(null);
  const ru = i18n.language === 'ru';

  const placed = useMemo<PlacedEntry[]>(
    () =>
      (events.data ?? []).map((e) => {
        const entry: CalendarEntry = {
          ...e,
          title: ru ? e.titleRu : e.titleEn,
          color: e.committee ? COMMITTEE_COLOR : theme.palette.primary.main,
          // Only what is yet to begin can be moved.
          movable: editable && Date.parse(e.startsAt) > Date.now(),
        };
        const p = place(entry);
        return moved?.id === e.id ? { ...p, start: moved.start, end: moved.end, allDay: moved.allDay } : p;
      }),
    [events.data, ru, theme, editable, moved],
  );

  const save = ({ placed: { item }, to }: Omit<PendingMove, 'people'>) => {
    setMoved({ id: item.id, ...to });
    move.mutate(
      { id: item.id, allDay: to.allDay, ...movedTimes(to.start, to.end, to.allDay) },
      {
        onSuccess: () => notifyDone('eventMoved', { title: item.title }),
        onError: (error) => notifyFailed('eventMoved', error, { title: item.title }),
        onSettled: () => setMoved(null),
      },
    );
  };
  const gestures = useCalendarGestures<CalendarEntry>({
    onMove: (p, to) => {
      const people = p.item.registered + p.item.waiting;
      if (people === 0) return save({ placed: p, to });
      setMoved({ id: p.item.id, ...to });
      setPending({ placed: p, to, people });
    },
    onSelect: (span) => onCreate(selectionTimes(span.start, span.end, span.allDay)),
  });
  const handlers: ViewHandlers = {
    open: (id) => {
      if (!gestures.endsDrag()) onOpen(id);
    },
    pressEvent: gestures.pressEvent,
    pressSpot: editable ? gestures.pressSpot : null,
    dragging: gestures.gesture && gestures.gesture.kind !== 'select' ? gestures.gesture.placed.item.id : null,
    span: gestures.span,
  };
  const words = VIEW_WORDS[view];

  return (
    <Box>
      {events.error ? <Alert severity="error">{errorMessage(events.error)}</Alert> : null}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Legend color={theme.palette.primary.main} label={t('content:calendar.legendEveryone')} />
        <Legend color={COMMITTEE_COLOR} label={t('content:calendar.legendCommittee')} />
        <Legend color={theme.palette.success.main} label={t('content:calendar.legendMine')} mark />
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <IconButton aria-label={t(`content:calendar.${words.previous}`)} onClick={() => setAnchor(stepAnchor(view, anchor, -1))}>
            <ChevronLeft />
          </IconButton>
          <IconButton aria-label={t(`content:calendar.${words.next}`)} onClick={() => setAnchor(stepAnchor(view, anchor, 1))}>
            <ChevronRight />
          </IconButton>
          <Button variant="outlined" size="small" onClick={() => setAnchor(startOfDay(new Date()))}>
            {t('content:calendar.today')}
          </Button>
        </Stack>
        <Typography component="h2" variant="h6" aria-live="polite">
          {titleOf(view, days, anchor)}
        </Typography>
        <Tabs value={view} onChange={(_, v: CalendarViewName) => setView(v)} aria-label={t('content:calendar.views')}>
          {VIEWS.map((v) => (
            <Tab key={v} value={v} label={t(`content:calendar.${VIEW_WORDS[v].label}`)} aria-label={t(`content:calendar.${VIEW_WORDS[v].name}`)} />
          ))}
        </Tabs>
      </Stack>
      <LinearProgress aria-label={t('common:loading')} sx={{ visibility: events.isFetching ? 'visible' : 'hidden', height: 2, mb: 1 }} />
      {view === 'month' ? (
        <MonthView days={days} month={anchor.getMonth()} events={placed} handlers={handlers} />
      ) : view === 'week' ? (
        <WeekView days={days} events={placed} handlers={handlers} />
      ) : (
        <ListView days={days} events={placed} handlers={handlers} />
      )}
      <ConfirmDialog
        open={pending !== null}
        title={t('content:calendar.moveTitle', { title: pending?.placed.item.title ?? '' })}
        confirmLabel={t('content:calendar.moveConfirm')}
        onConfirm={() => {
          if (pending) save(pending);
          setPending(null);
        }}
        onClose={() => {
          setMoved(null);
          setPending(null);
        }}
      >
        {t('content:calendar.moveTold', { count: pending?.people ?? 0 })}
      </ConfirmDialog>
    </Box>
  );
}

/** One line of the legend: a colour and what it means (a frame for the person's own seats). */
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
