import { liveTopic } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useLiveTopic } from '../../../lib/live.ts';
import { VOTING_KEY, type VotingPrefix } from './prefix.ts';

/** The lists (turnout, responses) are read again at most this often while votes arrive; the counts come with each event. */
const LISTS_EVERY_MS = 1000;

/**
 * The staff's results page, live: every change to the voting arrives as an event (through whichever app server this
 * browser reached) with the new counts, which replace the page's at once; the voting itself, its turnout and its
 * responses are read again (the lists at most once a second). When the stream opens again, everything is read again.
 */
export function useLiveResults(prefix: VotingPrefix, id: number): void {
  const queryClient = useQueryClient();
  const lists = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshLists = () => {
    lists.current ??= setTimeout(() => {
      lists.current = undefined;
      void queryClient.invalidateQueries({ queryKey: [...VOTING_KEY, 'turnout', prefix, id] });
      void queryClient.invalidateQueries({ queryKey: [...VOTING_KEY, 'responses', prefix] });
    }, LISTS_EVERY_MS);
  };
  useLiveTopic(Number.isInteger(id) && id > 0 ? liveTopic.voting(id) : null, {
    onReady: () => void queryClient.invalidateQueries({ queryKey: VOTING_KEY }),
    onStats: ({ stats }) => {
      queryClient.setQueryData([...VOTING_KEY, 'stats', prefix, id], stats);
      void queryClient.invalidateQueries({ queryKey: [...VOTING_KEY, 'detail', prefix, id] });
      refreshLists();
    },
    onChanged: () => void queryClient.invalidateQueries({ queryKey: VOTING_KEY }),
  });
}

/** The voters' pages (their votings, the results, the home card), live: a voting that moves, changes, or whose results are published or withdrawn, is read again. */
export function useLiveVoterVotings(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [...VOTING_KEY, 'voter'] });
  useLiveTopic(liveTopic.votings, { onReady: refresh, onChanged: refresh });
}
