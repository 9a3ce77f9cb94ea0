import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePeriods } from '../../../features/survey-admin/api/periods.ts';
import { usePeriodTitle } from '../../../features/survey-admin/components/labels.ts';
import { ProgressTable } from '../../../features/survey-admin/components/progress-table.tsx';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { StaffSurveyFrame } from './staff-survey-frame.tsx';

/** /{aipm|admin}/reports/company: the completion dashboard of a period (?period=; the open one, else the newest). */
export default function StaffCompanyPage() {
  const { t } = useTranslation();
  const prefix = useStaffPrefix();
  const title = usePeriodTitle();
  const periods = usePeriods(prefix);
  const [params, setParams] = useSearchParams();
  const list = periods.data ?? [];
  const asked = Number(params.get('period'));
  const period = list.find((p) => p.id === asked) ?? list.find((p) => p.status === 'open') ?? list[0];
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
                onChange={(e) => setParams({ period: e.target.value })}
                sx={{ maxWidth: 420 }}
              >
                {list.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {`${p.code} — ${title(p)} (${t(`surveyAdmin:periodStatus.${p.status}`)})`}
                  </MenuItem>
                ))}
              </TextField>
              <ProgressTable key={period.id} prefix={prefix} period={period} />
            </>
          ) : null}
        </>
      )}
    </StaffSurveyFrame>
  );
}
