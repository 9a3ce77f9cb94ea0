import { PeriodsTable } from '../../../features/survey-admin/components/periods-table.tsx';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { StaffSurveyFrame } from './staff-survey-frame.tsx';

/** /{aipm|admin}/reports: the survey periods, their life cycle and their counts. */
export default function StaffPeriodsPage() {
  const prefix = useStaffPrefix();
  return <StaffSurveyFrame tab="periods">{(base) => <PeriodsTable prefix={prefix} base={base} />}</StaffSurveyFrame>;
}
