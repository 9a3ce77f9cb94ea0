import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DistributorRequestsTable } from '../../../features/credit/components/distributor-requests-table.tsx';
import { DistributorsTable } from '../../../features/credit/components/distributors-table.tsx';
import { GroupsPanel } from '../../../features/credit/components/groups-panel.tsx';
import { StaffSurveyFrame } from '../survey-admin/staff-survey-frame.tsx';

/**
 * /{aipm|admin}/reports/distributors: the distributors member companies report credit data on and their holdings, and
 * (?tab=requests) the companies' requests for distributors missing from the list.
 */
export default function StaffDistributorsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tab = params.get('tab') === 'requests' ? 'requests' : 'list';
  return (
    <StaffSurveyFrame tab="distributors">
      {() => (
        <Stack spacing={3}>
          <Tabs value={tab} aria-label={t('creditData:requests.tabsLabel')} sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tab value="list" label={t('creditData:requests.listTab')} component={Link} to="?" />
            <Tab value="requests" label={t('creditData:requests.tab')} component={Link} to="?tab=requests" />
          </Tabs>
          {tab === 'requests' ? (
            <DistributorRequestsTable />
          ) : (
            <>
              <Typography color="text.secondary">{t('creditData:distributors.intro')}</Typography>
              <DistributorsTable />
              <GroupsPanel />
            </>
          )}
        </Stack>
      )}
    </StaffSurveyFrame>
  );
}
