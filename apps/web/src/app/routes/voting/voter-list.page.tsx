import { VoterList } from '../../../features/voting/components/voter-list.tsx';
import { VoterFrame } from './voter-frame.tsx';

/** /voting/list (and /trusted, /ceo): the home of voters. */
export default function VoterListPage() {
  return <VoterFrame tab="list">{(base) => <VoterList base={base} />}</VoterFrame>;
}
