import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { HistoryTable } from '../../../features/content/components/history-table.tsx';

/** /{aipm|admin}/history */
export default function HistoryPage() {
  const { t } = useTranslation();
  usePageTitle(t('content:history.title'));
  return (
    <Stack spacing={3}>
      <PageHeading>{t('content:history.title')}</PageHeading>
      <HistoryTable />
    </Stack>
  );
}
