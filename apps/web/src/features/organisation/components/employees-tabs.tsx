import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const EMPLOYEE_TABS = ['companies', 'gma', 'emp', 'aipm', 'log'] as const;
export type EmployeeTab = (typeof EMPLOYEE_TABS)[number];

/** The children of /employees for staff and admin, as link tabs. */
export function EmployeesTabs({ base, current }: { base: string; current: EmployeeTab }) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={current}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={t('organisation:tabs.label')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {EMPLOYEE_TABS.map((tab) => (
        <Tab key={tab} value={tab} label={t(`organisation:tabs.${tab}`)} component={Link} to={`${base}/employees/${tab}`} />
      ))}
    </Tabs>
  );
}
