import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveGuard } from '../../../components/leave-guard.tsx';
import { AreasMatrix } from '../../../features/survey-access/components/areas-matrix.tsx';
import { StaffSurveyFrame } from '../survey-admin/staff-survey-frame.tsx';

/** /{aipm|admin}/reports/access-surveys: who in each member company may fill in the surveys. */
export default function StaffAccessSurveysPage() {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState(false);
  return (
    <StaffSurveyFrame tab="accessSurveys">
      {() => (
        <Stack spacing={2}>
          <LeaveGuard dirty={dirty} />
          <Typography color="text.secondary">{t('reports:access.surveysIntro')}</Typography>
          <AreasMatrix areas={['salary.fill', 'credit.fill']} onDirtyChange={setDirty} />
        </Stack>
      )}
    </StaffSurveyFrame>
  );
}
