import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AreasMatrix } from '../../../features/survey-access/components/areas-matrix.tsx';
import { StaffSurveyFrame } from '../survey-admin/staff-survey-frame.tsx';

/** /{aipm|admin}/reports/access-reports: who in each member company may read the reports. */
export default function StaffAccessReportsPage() {
  const { t } = useTranslation();
  return (
    <StaffSurveyFrame tab="accessReports">
      {() => (
        <Stack spacing={2}>
          <Typography color="text.secondary">{t('reports:access.reportsIntro')}</Typography>
          <AreasMatrix areas={['salary.reports', 'car.reports', 'credit.reports', 'company_report']} />
        </Stack>
      )}
    </StaffSurveyFrame>
  );
}
