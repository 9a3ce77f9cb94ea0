import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { CalendarView } from '../../../features/content/components/calendar-view.tsx';

/** /calendar under every role's prefix: the association's events. */
export default function CalendarPage() {
  const { t } = useTranslation();
  usePageTitle(t('content:calendar.title'));
  return (
    <Stack spacing={3}>
      <PageHeading>{t('content:calendar.title')}</PageHeading>
      <CalendarView />
    </Stack>
  );
}
