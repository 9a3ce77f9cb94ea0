import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { ApplicationsTable } from '../../../features/organisation/components/applications-table.tsx';

/** /{aipm|admin}/applications: the signup requests. */
export default function ApplicationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('organisation:applications.title'));
  return (
    <Stack spacing={2}>
      <PageHeading>{t('organisation:applications.title')}</PageHeading>
      <ApplicationsTable />
    </Stack>
  );
}
