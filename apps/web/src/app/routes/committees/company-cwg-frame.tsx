import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { rolePath } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { useCurrentUser } from '../../../lib/auth.ts';

/** The company people's committee pages and their paths under the role's prefix (the list is /cwg itself). */
const TABS = { committees: 'cwg', membership: 'cwg/membership', subscriptions: 'cwg/subscriptions' } as const;
export type CompanyCwgTab = keyof typeof TABS;

/** The frame of /cwg, /cwg/membership and /cwg/subscriptions for employee, trusted and ceo: heading, tabs, the tab's content. */
export function CompanyCwgFrame({ tab, children }: { tab: CompanyCwgTab; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const title = t('committees:company.title');
  usePageTitle(tab === 'committees' ? title : `${t(`committees:company.tabs.${tab}`)} — ${title}`);
  if (!user) return null;
  return (
    <Stack spacing={2}>
      <PageHeading>{title}</PageHeading>
      <Tabs
        value={tab}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('committees:company.tabs.label')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {(Object.keys(TABS) as CompanyCwgTab[]).map((key) => (
          <Tab key={key} value={key} label={t(`committees:company.tabs.${key}`)} component={Link} to={rolePath(user.role, TABS[key])} />
        ))}
      </Tabs>
      {children}
    </Stack>
  );
}
