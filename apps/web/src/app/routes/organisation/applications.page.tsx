import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { ApplicationsTable } from '../../../features/organisation/components/applications-table.tsx';
import { ErasureTable } from '../../../features/organisation/components/erasure-table.tsx';

const QUEUES = ['signups', 'erasure'] as const;

/**
 * /{aipm|admin}/applications: what people ask the association for, one queue per tab: signup requests, and
 * (`?queue=erasure`) requests to erase their personal data.
 */
export default function ApplicationsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const queue = params.get('queue') === 'erasure' ? 'erasure' : 'signups';
  usePageTitle(`${t(`organisation:applications.queues.${queue}`)} — ${t('organisation:applications.title')}`);
  return (
    <Stack spacing={2}>
      <PageHeading>{t('organisation:applications.title')}</PageHeading>
      <Tabs value={queue} aria-label={t('organisation:applications.queues.label')} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {QUEUES.map((q) => (
          <Tab key={q} value={q} label={t(`organisation:applications.queues.${q}`)} component={Link} to={q === 'signups' ? '.' : `?queue=${q}`} />
        ))}
      </Tabs>
      {queue === 'erasure' ? <ErasureTable /> : <ApplicationsTable />}
    </Stack>
  );
}
