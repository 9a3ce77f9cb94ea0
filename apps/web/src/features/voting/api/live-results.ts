import { liveTopic, type VotingStats } from '@portal/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useLiveTopic } from '../../../lib/live.ts';
import { VOTING_KEY, type VotingPrefix } from './prefix.ts';

/** The lists (turnout, responses) are read again at most this often while votes arrive; the counts come with each event. */
const LISTS_EVERY_MS = 1000;

/**
 * Puts a voting's counts from a live event on the page. A reading of the counts still on its way (the stream opened
 * again, say) may have begun before the response this event counts was committed: it is cancelled, or its older
 * answer would replace the event's newer one until the next event.
 */
export function showLiveStats(queryClient: QueryClient, prefix: VotingPrefix, id: number, stats: VotingStats): void {
  const queryKey = [...VOTING_KEY, 'stats', prefix, id];
  void queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, stats);
}

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
      showLiveStats(queryClient, prefix, id, stats);
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
