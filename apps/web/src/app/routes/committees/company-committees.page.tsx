import { OwnCommitteesList } from '../../../features/committees/components/own-committees-list.tsx';
import { CompanyCwgFrame } from './company-cwg-frame.tsx';

/** /cwg (and /trusted, /ceo): the active committees and groups, the person's part in them, and their company's. */
export default function CompanyCommitteesPage() {
  return (
    <CompanyCwgFrame tab="committees">
      <OwnCommitteesList />
    </CompanyCwgFrame>
  );
}
