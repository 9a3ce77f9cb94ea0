import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyCommittee, OwnCommittee } from '@portal/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { useCompanyCommittees } from '../api/company-representation.ts';
import { type ManagerPrefix, useManagerPrefix } from '../api/company-side.ts';
import { useRemoveMember } from '../api/members.ts';
import { useOwnCommittees } from '../api/own-committees.ts';
import { toastCallbacks } from './committee-toasts.ts';
import { committeeTree } from './committee-tree.ts';
import type { CompanyMember, RepresentationActions } from './company-representation.tsx';
import { personName, useCommitteeLabels } from './labels.ts';
import { OwnCommitteeBlock } from './own-committee-block.tsx';

// The dialogs bring the person picker and the date pickers: loaded when first opened, not with the page.
const MembershipRequestDialog = lazy(() => import('./membership-request-dialog.tsx'));
const MemberDialog = lazy(() => import('./member-dialog.tsx'));

type Opened =
  | { kind: 'request'; committee: { id: number; name: string }; forCompany: boolean }
  | { kind: 'member'; committee: { id: number; name: string }; member?: CompanyMember }
  | { kind: 'remove'; committee: { id: number; name: string }; member: CompanyMember };

/**
 * The active committees with their working groups beneath (`/cwg`): each with its details, the caller's membership,
 * request and subscription; for ceo and trusted also their company's members and subscribers, requests for their
 * people and, where the committee allows it, adding, changing and removing their own members.
 */
export function OwnCommitteesList() {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const prefix = useManagerPrefix();
  const own = useOwnCommittees();
  const company = useCompanyCommittees(prefix);
  const [opened, setOpened] = useState<Opened | null>(null);
  const close = () => setOpened(null);
  const companyOf = new Map((company.data ?? []).map((c) => [c.id, c]));

  const actionsFor = (c: CompanyCommittee): RepresentationActions => {
    const committee = { id: c.id, name: labels.name(c) };
    return {
      requestFor: () => setOpened({ kind: 'request', committee, forCompany: true }),
      add: () => setOpened({ kind: 'member', committee }),
      edit: (member) => setOpened({ kind: 'member', committee, member }),
      remove: (member) => setOpened({ kind: 'remove', committee, member }),
    };
  };
  const block = (c: OwnCommittee, level: 2 | 3) => {
    const mine = prefix ? companyOf.get(c.id) : undefined;
    return (
      <OwnCommitteeBlock
        committee={c}
        level={level}
        onRequest={() => setOpened({ kind: 'request', committee: { id: c.id, name: labels.name(c) }, forCompany: false })}
        company={mine}
        companyActions={mine ? actionsFor(mine) : undefined}
      />
    );
  };
  const tree = committeeTree(own.data ?? []);
  const failed = own.error ?? company.error;

  return (
    <Stack spacing={2}>
      {own.isLoading || company.isLoading ? <LinearProgress aria-label={t('common:loading')} /> : null}
      {failed ? <Alert severity="error">{errorMessage(failed)}</Alert> : null}
      {own.data && tree.length === 0 ? <Typography color="text.secondary">{t('committees:company.list.none')}</Typography> : null}
      {tree.map(({ committee, groups }) => (
        <Paper key={committee.id} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {block(committee, 2)}
          {groups.length > 0 ? (
            <Stack spacing={2} sx={{ mt: 2, pl: { xs: 1.5, sm: 3 }, borderLeft: 2, borderColor: 'divider' }} divider={<Divider flexItem />}>
              {groups.map((group) => (
                <div key={group.id}>{block(group, 3)}</div>
              ))}
            </Stack>
          ) : null}
        </Paper>
      ))}
      <Suspense fallback={<LinearProgress aria-label={t('common:loading')} />}>
        {opened?.kind === 'request' ? (
          <MembershipRequestDialog committee={opened.committee} forCompany={opened.forCompany ? prefix : undefined} onClose={close} />
        ) : null}
        {opened?.kind === 'member' && prefix ? (
          <MemberDialog
            prefix={prefix}
            committee={opened.committee}
            member={opened.member && { ...opened.member, id: opened.member.memberId }}
            onClose={close}
          />
        ) : null}
      </Suspense>
      {opened?.kind === 'remove' && prefix ? (
        <RemoveMemberDialog prefix={prefix} committee={opened.committee} member={opened.member} onClose={close} />
      ) : null}
    </Stack>
  );
}

/** Asks before ending a member's term today (it stays as history; a term not yet begun is deleted). */
function RemoveMemberDialog({
  prefix,
  committee,
  member,
  onClose,
}: {
  prefix: ManagerPrefix;
  committee: { id: number; name: string };
  member: CompanyMember;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useRemoveMember(prefix);
  const params = { person: personName(member), name: committee.name };
  return (
    <ConfirmDialog
      open
      title={t('committees:company.member.removeTitle', params)}
      confirmLabel={t('committees:company.member.remove')}
      danger
      pending={remove.isPending}
      onConfirm={() => remove.mutate(member.memberId, toastCallbacks('memberRemoved', params, onClose))}
      onClose={onClose}
    >
      <Typography>{t('committees:company.member.removeText')}</Typography>
    </ConfirmDialog>
  );
}
