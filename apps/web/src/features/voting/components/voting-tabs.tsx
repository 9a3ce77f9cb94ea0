import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const VOTING_TABS = ['list', 'create', 'archive', 'log'] as const;
export type VotingTab = (typeof VOTING_TABS)[number];

/** The children of /voting for staff and admin, as link tabs (false: none of them is open, e.g. a voting's page). */
export function VotingTabs({ base, current }: { base: string; current: VotingTab | false }) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={current}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={t('voting:tabs.label')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {VOTING_TABS.map((tab) => (
        <Tab key={tab} value={tab} label={t(`voting:tabs.${tab}`)} component={Link} to={`${base}/voting/${tab}`} />
      ))}
    </Tabs>
  );
}
