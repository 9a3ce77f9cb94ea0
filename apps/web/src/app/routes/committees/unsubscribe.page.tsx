import { useSearchParams } from 'react-router';
import { UnsubscribeCard } from '../../../features/committees/components/unsubscribe-card.tsx';

/** /unsubscribe?token=… (public): the one-click unsubscribe link of a committee's mailing. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  return <UnsubscribeCard token={params.get('token')?.trim() ?? ''} />;
}
