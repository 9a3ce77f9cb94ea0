import Stack from '@mui/material/Stack';
import { ROLE_PREFIX } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { EmployeesTabs, type EmployeeTab } from '../../../features/organisation/components/employees-tabs.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';

/** The frame of /employees/<tab> for staff and admin: heading, tabs, the tab's content. */
export function StaffEmployees({ tab, children }: { tab: EmployeeTab; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(`${t(`organisation:tabs.${tab}`)} — ${t('common:nav.employees')}`);
  if (!user) return null;
  return (
    <Stack spacing={2}>
      <PageHeading>{t('common:nav.employees')}</PageHeading>
      <EmployeesTabs base={ROLE_PREFIX[user.role]} current={tab} />
      {children}
    </Stack>
  );
}
