import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { type CommitteeAdmin, ROLE_PREFIX } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../../components/form-errors.ts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { useAllCommittees } from '../../../features/committees/api/all-committees.ts';
import { useStaffPrefix } from '../../../features/committees/api/keys.ts';
import { CommitteeHeader } from '../../../features/committees/components/committee-header.tsx';
import { type CommitteeTab, CommitteeTabs } from '../../../features/committees/components/cwg-tabs.tsx';
import { useCommitteeLabels } from '../../../features/committees/components/labels.ts';
import { useCurrentUser } from '../../../lib/auth.ts';

/**
 * The frame of /cwg/committees/:id/<tab> for staff and admin: the committee or group of the route's :id (from the list
 * of all, which is short and already cached by the committees page), its head, its tabs, and the tab's content.
 */
export function StaffCommittee({ tab, children }: { tab: CommitteeTab; children: (committee: CommitteeAdmin) => ReactNode }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const id = Number(useParams().id);
  const base = ROLE_PREFIX[useCurrentUser()?.role ?? 'staff'];
  const all = useAllCommittees(useStaffPrefix());
  const committee = all.data?.find((row) => row.id === id);
  const parent = committee?.parentId ? all.data?.find((row) => row.id === committee.parentId) : undefined;
  usePageTitle(`${t(`committees:staff.committeeTabs.${tab}`)} — ${committee ? labels.name(committee) : t('committees:staff.title')}`);
  if (all.isLoading) return <LinearProgress aria-label={t('common:loading')} />;
  if (!committee) {
    return (
      <Stack spacing={2}>
        <PageHeading>{t('committees:staff.title')}</PageHeading>
        <Alert severity="error">{all.error ? errorMessage(all.error) : t('committees:staff.notFound')}</Alert>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <CommitteeHeader committee={committee} parent={parent} base={base} />
      <CommitteeTabs base={base} committeeId={committee.id} current={tab} />
      {children(committee)}
    </Stack>
  );
}
