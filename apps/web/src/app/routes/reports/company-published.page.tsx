import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rolePath } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { readFilters, writeFilters } from '../../../features/reports/components/published-filters.ts';
import { PublishedReports } from '../../../features/reports/components/published-reports.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';

/** /reports/published (company roles): the report history, filtered by the URL (?period=&type=&language=&format=). */
export default function CompanyPublishedPage() {
  const { t } = useTranslation();
  usePageTitle(t('reports:published.title'));
  const role = useCurrentUser()?.role ?? 'employee';
  const [params, setParams] = useSearchParams();
  return (
    <Stack spacing={3}>
      <PageHeading>{t('reports:published.title')}</PageHeading>
      <Typography color="text.secondary">{t('reports:published.intro')}</Typography>
      <PublishedReports
        filters={readFilters(params)}
        onFiltersChange={(filters) => setParams(writeFilters(filters), { replace: true })}
        selectionPath={rolePath(role, 'reports/selection')}
      />
    </Stack>
  );
}
