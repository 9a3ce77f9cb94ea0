import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ROLE_PREFIX } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The staff's survey sections: the periods are /reports itself, the others its children. */
export const SURVEY_TABS = {
  periods: '',
  company: '/company',
  accessSurveys: '/access-surveys',
  accessReports: '/access-reports',
  distributors: '/distributors',
  accessAipm: '/access-aipm',
} as const;
export type SurveyTab = keyof typeof SURVEY_TABS;
/** Sections only admin has (spec §2: /reports/access-{product}). */
const ADMIN_TABS: readonly SurveyTab[] = ['accessAipm'];

export function SurveyTabs({ base, current }: { base: string; current: SurveyTab | false }) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={current}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={t('surveyAdmin:tabs.label')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {(Object.keys(SURVEY_TABS) as SurveyTab[])
        .filter((tab) => base === ROLE_PREFIX.admin || !ADMIN_TABS.includes(tab))
        .map((tab) => (
          <Tab key={tab} value={tab} label={t(`surveyAdmin:tabs.${tab}`)} component={Link} to={`${base}/reports${SURVEY_TABS[tab]}`} />
        ))}
    </Tabs>
  );
}
