import { MailingsPanel } from '../../../features/committees/components/mailings-panel.tsx';
import { StaffCommittee } from './staff-committee.tsx';

/** /{aipm|admin}/cwg/committees/:id/mailings: a committee's or group's page, its mailings to the distribution list. */
export default function StaffCommitteeMailingsPage() {
  return <StaffCommittee tab="mailings">{(committee) => <MailingsPanel committee={committee} />}</StaffCommittee>;
}
