import type { VotingStats } from '@portal/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { showLiveStats } from './live-results.ts';

const stats = (responses: number): VotingStats => ({
  options: [],
  responses,
  maxResponses: 13,
  responseRatio: responses / 13,
  quorum: null,
  quorumReached: null,
  eligibleVoters: 13,
  notices: { queued: 0, sent: 0, failed: 0 },
});

const key = ['voting', 'stats', 'aipm', 4];

describe('showLiveStats', () => {
  it("keeps an event's counts when a reading begun before it answers later with older ones", async () => {
    const client = new QueryClient();
    client.setQueryData(key, stats(0));
    let answer: (s: VotingStats) => void = () => {};
    const reading = client.fetchQuery({ queryKey: key, queryFn: () => new Promise<VotingStats>((resolve) => (answer = resolve)) });

    showLiveStats(client, 'aipm', 4, stats(2));
    answer(stats(1));
    await reading.catch(() => {});

    expect(client.getQueryData<VotingStats>(key)?.responses).toBe(2);
  });

  it('shows the counts when nothing is being read', () => {
    const client = new QueryClient();
    showLiveStats(client, 'aipm', 4, stats(3));
    expect(client.getQueryData<VotingStats>(key)?.responses).toBe(3);
  });
});
