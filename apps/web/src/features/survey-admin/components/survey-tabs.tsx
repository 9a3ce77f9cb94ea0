import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The staff's survey sections: the periods are /reports itself, the others its children. */
export const SURVEY_TABS = {
  periods: '',
  company: '/company',
  accessSurveys: '/access-surveys',
  accessReports: '/access-reports',
  distributors: '/distributors',
} as const;
export type SurveyTab = keyof typeof SURVEY_TABS;

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
      {(Object.keys(SURVEY_TABS) as SurveyTab[]).map((tab) => (
        <Tab key={tab} value={tab} label={t(`surveyAdmin:tabs.${tab}`)} component={Link} to={`${base}/reports${SURVEY_TABS[tab]}`} />
      ))}
    </Tabs>
  );
}
