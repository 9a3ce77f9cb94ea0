import { ApprovedMemberships } from '../../../features/committees/components/approved-memberships.tsx';
import { MembershipRequestsTable } from '../../../features/committees/components/membership-requests-table.tsx';
import { CompanyCwgFrame } from './company-cwg-frame.tsx';

/** /cwg/membership (and /trusted, /ceo): the memberships and the requests, the person's own or their company's. */
export default function CompanyMembershipPage() {
  return (
    <CompanyCwgFrame tab="membership">
      <ApprovedMemberships />
      <MembershipRequestsTable />
    </CompanyCwgFrame>
  );
}
