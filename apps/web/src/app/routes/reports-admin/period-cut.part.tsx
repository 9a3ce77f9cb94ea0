import type { SurveyPeriod } from '@portal/shared';
import { CutPanel } from '../../../features/reports-admin/components/cut-panel.tsx';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';

/** The interactive cut of a salary period's responses (its choice in the address). */
export default function PeriodCutPart({ period }: { period: SurveyPeriod }) {
  return <CutPanel prefix={useStaffPrefix()} periodId={period.id} />;
}
