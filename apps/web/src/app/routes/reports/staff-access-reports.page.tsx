import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { AreasMatrix } from '../../../features/survey-access/components/areas-matrix.tsx';

/** /{aipm|admin}/reports/access-reports: who in each member company may read the reports. */
export default function StaffAccessReportsPage() {
  const { t } = useTranslation();
  usePageTitle(t('reports:access.reportsTitle'));
  return (
    <Stack spacing={2}>
      <PageHeading>{t('reports:access.reportsTitle')}</PageHeading>
      <Typography color="text.secondary">{t('reports:access.reportsIntro')}</Typography>
      <AreasMatrix areas={['salary.reports', 'car.reports', 'credit.reports', 'company_report']} />
    </Stack>
  );
}
