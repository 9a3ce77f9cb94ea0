import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LeaveGuard } from '../../../components/leave-guard.tsx';
import { AreasMatrix } from '../../../features/survey-access/components/areas-matrix.tsx';
import { ReportGrants } from '../../../features/survey-access/components/report-grants.tsx';
import { usePeriods } from '../../../features/survey-admin/api/periods.ts';
import { usePeriodTitle } from '../../../features/survey-admin/components/labels.ts';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { StaffSurveyFrame } from '../survey-admin/staff-survey-frame.tsx';

/**
 * /{aipm|admin}/reports/access-reports: who may read each period's reports (the grants; ?period=, else the newest period
 * with published or reviewed answers), and who in each member company may open the reports at all (the areas).
 */
export default function StaffAccessReportsPage() {
  const { t } = useTranslation();
  const prefix = useStaffPrefix();
  const title = usePeriodTitle();
  const periods = usePeriods(prefix);
  const [params, setParams] = useSearchParams();
  const [areasDirty, setAreasDirty] = useState(false);
  const [grantsDirty, setGrantsDirty] = useState(false);
  const list = periods.data ?? [];
  const asked = Number(params.get('period'));
  const period = list.find((p) => p.id === asked) ?? list.find((p) => p.status === 'published' || p.status === 'review') ?? list[0];
  return (
    <StaffSurveyFrame tab="accessReports">
      {() => (
        <Stack spacing={4}>
          <LeaveGuard dirty={areasDirty || grantsDirty} />
          <Stack component="section" aria-labelledby="grants-heading" spacing={2}>
            <Typography id="grants-heading" variant="h6" component="h2">
              {t('reports:grants.title')}
            </Typography>
            <Typography color="text.secondary">{t('reports:grants.intro')}</Typography>
            {periods.isPending ? <LinearProgress aria-label={t('common:loading')} /> : null}
            {!periods.isPending && !period ? <Typography>{t('reports:grants.noPeriods')}</Typography> : null}
            {period ? (
              <ReportGrants
                prefix={prefix}
                periods={list.map((p) => ({ id: p.id, label: `${p.code} — ${title(p)} (${t(`surveyAdmin:periodStatus.${p.status}`)})` }))}
                periodId={period.id}
                onPeriodChange={(id) => setParams({ period: String(id) }, { replace: true })}
                onDirtyChange={setGrantsDirty}
              />
            ) : null}
          </Stack>
          <Stack component="section" aria-labelledby="areas-heading" spacing={2}>
            <Typography id="areas-heading" variant="h6" component="h2">
              {t('reports:access.areasHeading')}
            </Typography>
            <Typography color="text.secondary">{t('reports:access.reportsIntro')}</Typography>
            <AreasMatrix areas={['salary.reports', 'car.reports', 'credit.reports', 'company_report']} onDirtyChange={setAreasDirty} />
          </Stack>
        </Stack>
      )}
    </StaffSurveyFrame>
  );
}
