import Stack from '@mui/material/Stack';
import { ROLE_PREFIX } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { type CwgTab, CwgTabs } from '../../../features/committees/components/cwg-tabs.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';

/** The frame of /cwg/<tab> for staff and admin: heading, tabs, the tab's content; `title` names a page within a tab (a form). */
export function StaffCwg({ tab, title, children }: { tab: CwgTab; title?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(`${title ?? t(`committees:staff.tabs.${tab}`)} — ${t('committees:staff.title')}`);
  if (!user) return null;
  return (
    <Stack spacing={2}>
      <PageHeading>{t('committees:staff.title')}</PageHeading>
      <CwgTabs base={ROLE_PREFIX[user.role]} current={tab} />
      {children}
    </Stack>
  );
}
