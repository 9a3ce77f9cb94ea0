import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { AreasMatrix } from '../../../features/survey-access/components/areas-matrix.tsx';

/** /{aipm|admin}/reports/access-surveys: who in each member company may fill in the surveys. */
export default function StaffAccessSurveysPage() {
  const { t } = useTranslation();
  usePageTitle(t('reports:access.surveysTitle'));
  return (
    <Stack spacing={2}>
      <PageHeading>{t('reports:access.surveysTitle')}</PageHeading>
      <Typography color="text.secondary">{t('reports:access.surveysIntro')}</Typography>
      <AreasMatrix areas={['salary.fill', 'credit.fill']} />
    </Stack>
  );
}
