import AddOutlined from '@mui/icons-material/AddOutlined';
import RssFeedOutlined from '@mui/icons-material/RssFeedOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { isAssociationRole } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useEvent } from '../api/calendar.ts';
import { EventDetailsDialog } from './event-details-dialog.tsx';
import { EventDialog } from './event-dialog.tsx';
import type { FormTimes } from './event-times.ts';
import { EventsCalendar } from './events-calendar.tsx';
import { FeedLinkDialog } from './feed-link-dialog.tsx';

/** The calendar with its actions: an event opens in a dialog (also from ?event=ID, the e-mails' links); staff add events. */
export function CalendarView() {
  const { t } = useTranslation();
  const staff = isAssociationRole(useCurrentUser()?.role ?? 'employee');
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('event')) || null;
  const [creating, setCreating] = useState<FormTimes | null>(null);
  const [feed, setFeed] = useState(false);
  // An e-mail's link (?event=ID) opens the event's month as well as the event.
  const [linked] = useState(open);
  const focused = useEvent(linked);
  const show = (id: number | null) => setParams(id ? { event: String(id) } : {}, { replace: true });

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {staff ? (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating({ allDay: false, start: '', end: '' })}>
            {t('content:calendar.add')}
          </Button>
        ) : null}
        <Button startIcon={<RssFeedOutlined />} onClick={() => setFeed(true)}>
          {t('content:calendar.subscribe')}
        </Button>
      </Stack>
      <EventsCalendar editable={staff} focus={focused.data} onOpen={show} onCreate={setCreating} />
      {open ? <EventDetailsDialog key={open} id={open} onClose={() => show(null)} /> : null}
      {creating ? <EventDialog times={creating} onClose={() => setCreating(null)} /> : null}
      {feed ? <FeedLinkDialog onClose={() => setFeed(false)} /> : null}
    </Stack>
  );
}
