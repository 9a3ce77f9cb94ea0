import { useParams } from 'react-router';
import { VoterBallot } from '../../../features/voting/components/voter-ballot.tsx';
import { VoterFrame } from './voter-frame.tsx';

/** /voting/list/:id: answer one voting, or see one's response. */
export default function VoterBallotPage() {
  const id = Number(useParams().id);
  return <VoterFrame tab="list">{(base) => <VoterBallot key={id} id={id} base={base} />}</VoterFrame>;
}
