import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface LinkTabsProps<T extends string> {
  tabs: readonly T[];
  /** The open tab; false when none of them is (e.g. a voting's own page). */
  current: T | false;
  /** The catalogue section of the tabs' words: its `label` names the tab list, and each tab has its own key. */
  keyPrefix: string;
  /** Each tab links to `${path}/${tab}`. */
  path: string;
}

/** The sections of a screen as tabs that are links. */
export function LinkTabs<T extends string>({ tabs, current, keyPrefix, path }: LinkTabsProps<T>) {
  const { t } = useTranslation();
  const word = (key: string) => t(`${keyPrefix}.${key}`);
  return (
    <Tabs value={current} variant="scrollable" allowScrollButtonsMobile aria-label={word('label')} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      {tabs.map((tab) => (
        <Tab key={tab} value={tab} label={word(tab)} component={Link} to={`${path}/${tab}`} />
      ))}
    </Tabs>
  );
}
