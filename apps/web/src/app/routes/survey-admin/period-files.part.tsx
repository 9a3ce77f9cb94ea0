import type { SurveyPeriod } from '@portal/shared';
import { DatafilesPanel } from '../../../features/survey-admin/components/datafiles-panel.tsx';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';

/** A period's catalogue files: load, check and apply them. */
export default function PeriodFilesPart({ period }: { period: SurveyPeriod }) {
  return <DatafilesPanel prefix={useStaffPrefix()} period={period} />;
}
