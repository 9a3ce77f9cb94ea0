import { useManagerPrefix } from '../../../features/committees/api/company-side.ts';
import { CompanySubscribers } from '../../../features/committees/components/company-subscribers.tsx';
import { OwnSubscriptions } from '../../../features/committees/components/own-subscriptions.tsx';
import { CompanyCwgFrame } from './company-cwg-frame.tsx';

/** /cwg/subscriptions (and /trusted, /ceo): the person's subscriptions, and for ceo and trusted their company's subscribers. */
export default function CompanySubscriptionsPage() {
  const prefix = useManagerPrefix();
  return (
    <CompanyCwgFrame tab="subscriptions">
      <OwnSubscriptions />
      {prefix ? <CompanySubscribers prefix={prefix} /> : null}
    </CompanyCwgFrame>
  );
}
