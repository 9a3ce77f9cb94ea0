import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CreditReviewTable } from '../../../features/credit/components/credit-review-table.tsx';
import { CompanyReportsPanel } from '../../../features/reports-admin/components/company-reports-panel.tsx';
import { usePeriods } from '../../../features/survey-admin/api/periods.ts';
import { usePeriodTitle } from '../../../features/survey-admin/components/labels.ts';
import { ProgressTable } from '../../../features/survey-admin/components/progress-table.tsx';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { StaffSurveyFrame } from './staff-survey-frame.tsx';

const VIEWS = ['progress', 'reports'] as const;
type View = (typeof VIEWS)[number];

/**
 * /{aipm|admin}/reports/company: a period's companies (?period=; else the open salary period, which staff come here for
 * while a credit period may be open beside it, else any open one, else the newest), seen as the completion dashboard or,
 * with ?view=reports, as each participant's company report. A credit period's dashboard is the review of its companies'
 * credit submissions.
 */
export default function StaffCompanyPage() {
  const { t } = useTranslation();
  const prefix = useStaffPrefix();
  const title = usePeriodTitle();
  const periods = usePeriods(prefix);
  const [params, setParams] = useSearchParams();
  const list = periods.data ?? [];
  const asked = Number(params.get('period'));
  const open = list.filter((p) => p.status === 'open');
  const period = list.find((p) => p.id === asked) ?? open.find((p) => p.kind === 'salary') ?? open[0] ?? list[0];
  const view: View = params.get('view') === 'reports' ? 'reports' : 'progress';
  const viewLink = (v: View) =>
    `?${new URLSearchParams({ ...(period ? { period: String(period.id) } : {}), ...(v === 'reports' ? { view: v } : {}) })}`;
  return (
    <StaffSurveyFrame tab="company">
      {() => (
        <>
          {periods.isPending ? <LinearProgress aria-label={t('common:loading')} /> : null}
          {!periods.isPending && !period ? <Typography>{t('surveyAdmin:dashboard.noPeriods')}</Typography> : null}
          {period ? (
            <>
              <TextField
                select
                size="small"
                label={t('surveyAdmin:dashboard.period')}
                value={period.id}
                onChange={(e) => setParams({ period: e.target.value, ...(view === 'reports' ? { view } : {}) })}
                sx={{ maxWidth: 420 }}
              >
                {list.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {`${p.code} — ${title(p)} (${t(`surveyAdmin:periodStatus.${p.status}`)})`}
                  </MenuItem>
                ))}
              </TextField>
              <Tabs value={view} aria-label={t('surveyAdmin:companyViews.label')} sx={{ borderBottom: 1, borderColor: 'divider' }}>
                {VIEWS.map((v) => (
                  <Tab key={v} value={v} label={t(`surveyAdmin:companyViews.${v}`)} component={Link} to={viewLink(v)} />
                ))}
              </Tabs>
              {view === 'reports' ? (
                <CompanyReportsPanel key={period.id} prefix={prefix} periodId={period.id} />
              ) : period.kind === 'credit' ? (
                <CreditReviewTable key={period.id} prefix={prefix} periodId={period.id} />
              ) : (
                <ProgressTable key={period.id} prefix={prefix} period={period} />
              )}
            </>
          ) : null}
        </>
      )}
    </StaffSurveyFrame>
  );
}
