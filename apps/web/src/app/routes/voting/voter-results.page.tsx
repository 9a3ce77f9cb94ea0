import { VoterResults } from '../../../features/voting/components/voter-results.tsx';
import { VoterFrame } from './voter-frame.tsx';

/** /voting/results: past votings with the published results. */
export default function VoterResultsPage() {
  return <VoterFrame tab="results">{() => <VoterResults />}</VoterFrame>;
}
