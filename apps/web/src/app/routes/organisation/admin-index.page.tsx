import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { DashboardCards } from '../../../features/organisation/components/dashboard-cards.tsx';

/** /admin/index: the admin's home. */
export default function AdminIndexPage() {
  const { t } = useTranslation();
  usePageTitle(t('organisation:dashboard.title'));
  return (
    <Stack spacing={3}>
      <PageHeading>{t('organisation:dashboard.title')}</PageHeading>
      <DashboardCards prefix="admin" base="/admin" />
    </Stack>
  );
}
