import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveGuard } from '../../../components/leave-guard.tsx';
import { StaffDataMatrix } from '../../../features/survey-access/components/staff-data-matrix.tsx';
import { StaffSurveyFrame } from '../survey-admin/staff-survey-frame.tsx';

/** /admin/reports/access-aipm (admin only): which association staff may open data that names a company. */
export default function StaffAccessAipmPage() {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState(false);
  return (
    <StaffSurveyFrame tab="accessAipm">
      {() => (
        <Stack spacing={2}>
          <LeaveGuard dirty={dirty} />
          <Typography color="text.secondary">{t('reports:staffData.intro')}</Typography>
          <StaffDataMatrix onDirtyChange={setDirty} />
        </Stack>
      )}
    </StaffSurveyFrame>
  );
}
