import Stack from '@mui/material/Stack';
import { ROLE_PREFIX } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { type VotingTab, VotingTabs } from '../../../features/voting/components/voting-tabs.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';

/** The frame of /voting/<child> for staff and admin: heading, tabs, the child's content. */
export function StaffVoting({ tab, title, children }: { tab: VotingTab | false; title?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(`${title ?? (tab ? t(`voting:tabs.${tab}`) : '')} — ${t('common:nav.voting')}`);
  if (!user) return null;
  return (
    <Stack spacing={2}>
      <PageHeading>{title ?? t('voting:list.heading')}</PageHeading>
      <VotingTabs base={ROLE_PREFIX[user.role]} current={tab} />
      {children}
    </Stack>
  );
}
