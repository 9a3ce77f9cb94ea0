import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ROLE_PREFIX } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { useCurrentUser } from '../../../lib/auth.ts';

/** The frame of a voter's /voting/<child>: heading, the list/results tabs, the content. */
export function VoterFrame({ tab, children }: { tab: 'list' | 'results'; children: (base: string) => ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // The ceo's results carry the user results title (spec §2).
  const resultsTitle = user?.role === 'ceo' ? t('voting:voter.ceoResultsTitle') : t('voting:voter.resultsTitle');
  const title = tab === 'results' ? resultsTitle : t('voting:voter.listTitle');
  usePageTitle(title);
  if (!user) return null;
  const base = ROLE_PREFIX[user.role];
  return (
    <Stack spacing={2}>
      <PageHeading>{title}</PageHeading>
      <Tabs value={tab} aria-label={t('voting:tabs.label')} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="list" label={t('voting:voter.listTitle')} component={Link} to={`${base}/voting/list`} />
        <Tab value="results" label={resultsTitle} component={Link} to={`${base}/voting/results`} />
      </Tabs>
      {children(base)}
    </Stack>
  );
}
