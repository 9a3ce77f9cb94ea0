import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { importWithReload } from '../../../lib/chunk-reload.ts';
import { isPeriodPart, StaffPeriodFrame } from './staff-period-frame.tsx';

// Each part loads its own code when opened; one route for them all keeps the first load's route table small.
const PARTS = {
  files: lazy(() => importWithReload(() => import('./period-files.part.tsx'))),
  reports: lazy(() => importWithReload(() => import('../reports-admin/period-reports.part.tsx'))),
  cut: lazy(() => importWithReload(() => import('../reports-admin/period-cut.part.tsx'))),
};

/**
 * /{aipm|admin}/reports/period/:id[/reports|/cut] (decision: a page per part, so each can be shared): the period's
 * catalogue files, its statistics and reports, and the interactive cut.
 */
export default function StaffPeriodPage() {
  const { t } = useTranslation();
  const part = useParams().part ?? 'files';
  if (!isPeriodPart(part)) return <Alert severity="warning">{t('errors:notFound')}</Alert>;
  const Part = PARTS[part];
  return (
    <StaffPeriodFrame part={part}>
      {(period) => (
        <Suspense fallback={<LinearProgress aria-label={t('common:loading')} />}>
          <Part period={period} />
        </Suspense>
      )}
    </StaffPeriodFrame>
  );
}
