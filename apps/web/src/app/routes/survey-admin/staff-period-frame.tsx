import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { SurveyPeriod } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePeriods } from '../../../features/survey-admin/api/periods.ts';
import { usePeriodTitle } from '../../../features/survey-admin/components/labels.ts';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { StaffSurveyFrame } from './staff-survey-frame.tsx';

/** A period's parts, each at an address of its own under /reports/period/:id; the cut is a salary period's only. */
const PERIOD_PARTS = { files: '', reports: '/reports', cut: '/cut' } as const;
export type PeriodPart = keyof typeof PERIOD_PARTS;
export const isPeriodPart = (part: string): part is PeriodPart => Object.hasOwn(PERIOD_PARTS, part);

export function StaffPeriodFrame({ part, children }: { part: PeriodPart; children: (period: SurveyPeriod) => ReactNode }) {
  const { t } = useTranslation();
  const prefix = useStaffPrefix();
  const title = usePeriodTitle();
  const id = Number(useParams().id);
  const periods = usePeriods(prefix);
  const period = periods.data?.find((p) => p.id === id);
  const parts = (Object.keys(PERIOD_PARTS) as PeriodPart[]).filter((p) => p !== 'cut' || period?.kind !== 'credit');
  return (
    <StaffSurveyFrame tab="periods" title={`${t(`surveyAdmin:periodParts.${part}`)}${period ? ` — ${period.code}` : ''}`}>
      {(base) => (
        <>
          {period ? (
            <Typography variant="subtitle1">{`${period.code} — ${title(period)} (${t(`surveyAdmin:periodStatus.${period.status}`)})`}</Typography>
          ) : null}
          <Tabs
            value={part}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={t('surveyAdmin:periodParts.label')}
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {parts.map((p) => (
              <Tab
                key={p}
                value={p}
                label={t(`surveyAdmin:periodParts.${p}`)}
                component={Link}
                to={`${base}/reports/period/${id}${PERIOD_PARTS[p]}`}
              />
            ))}
          </Tabs>
          {period ? (
            children(period)
          ) : periods.isPending ? (
            <LinearProgress aria-label={t('common:loading')} />
          ) : (
            <Alert severity="warning">{t('errors:notFound')}</Alert>
          )}
        </>
      )}
    </StaffSurveyFrame>
  );
}
