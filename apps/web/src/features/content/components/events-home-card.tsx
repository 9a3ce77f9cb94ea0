import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DAY_MS, rolePath } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../components/form-errors.ts';
import { HomeCard } from '../../../components/home-card.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useEvents } from '../api/calendar.ts';
import { PlaceChip } from './event-details-dialog.tsx';
import { eventWhen } from './event-when.ts';

const AHEAD_DAYS = 60;
const SHOWN = 3;

/** The home page's next events (the coming two months), with the person's place at each. */
export default function EventsHomeCard() {
  const { t, i18n } = useTranslation();
  const role = useCurrentUser()?.role ?? 'employee';
  const [range] = useState(() => {
    const from = new Date();
    return { from: from.toISOString(), to: new Date(from.getTime() + AHEAD_DAYS * DAY_MS).toISOString(), limit: SHOWN };
  });
  const events = useEvents(range);
  const next = events.data ?? [];
  return (
    <HomeCard title={t('content:calendar.homeTitle')} more={{ label: t('content:calendar.homeAll'), to: rolePath(role, 'calendar') }}>
      {events.isLoading ? <LinearProgress aria-label={t('common:loading')} /> : null}
      {events.error ? <Alert severity="error">{errorMessage(events.error)}</Alert> : null}
      {events.data && next.length === 0 ? <Typography color="text.secondary">{t('content:calendar.homeNone')}</Typography> : null}
      {next.map((e) => (
        <Stack key={e.id} spacing={0.25}>
          <Link component={RouterLink} to={`${rolePath(role, 'calendar')}?event=${e.id}`} sx={{ fontWeight: 500 }}>
            {i18n.language === 'ru' ? e.titleRu : e.titleEn}
          </Link>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {eventWhen(e)}
            </Typography>
            <PlaceChip event={e} />
          </Stack>
        </Stack>
      ))}
    </HomeCard>
  );
}
