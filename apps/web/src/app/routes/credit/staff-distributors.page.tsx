import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DistributorsTable } from '../../../features/credit/components/distributors-table.tsx';
import { GroupsPanel } from '../../../features/credit/components/groups-panel.tsx';
import { StaffSurveyFrame } from '../survey-admin/staff-survey-frame.tsx';

/** /{aipm|admin}/reports/distributors: the distributors member companies report credit data on, and their holdings. */
export default function StaffDistributorsPage() {
  const { t } = useTranslation();
  return (
    <StaffSurveyFrame tab="distributors">
      {() => (
        <Stack spacing={3}>
          <Typography color="text.secondary">{t('creditData:distributors.intro')}</Typography>
          <DistributorsTable />
          <GroupsPanel />
        </Stack>
      )}
    </StaffSurveyFrame>
  );
}
