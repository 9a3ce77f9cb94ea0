import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.ts';

/** A run that waits until released, recording what it was given. */
function gatedRun() {
  const runs: { group: string; items: number[] }[] = [];
  const gates: (() => void)[] = [];
  const run = async (group: string, items: number[]) => {
    runs.push({ group, items });
    await new Promise<void>((release) => gates.push(release));
    if (items.includes(13)) throw new Error('unlucky');
    return items.map((n) => n * 10);
  };
  const releaseAll = async () => {
    while (gates.length) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { run, runs, releaseAll };
}

/** One turn of the event loop: the batcher starts a run after it. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the batcher', () => {
  it('runs the calls of one turn together, and those that arrive during a run together in the next', async () => {
    const { run, runs, releaseAll } = gatedRun();
    const batcher = new Batcher(run);
    const first = [batcher.add('a', 1), batcher.add('a', 2)];
    await turn();
    expect(runs).toEqual([{ group: 'a', items: [1, 2] }]);
    const later = [3, 4].map((n) => batcher.add('a', n));
    await releaseAll();
    expect(await Promise.all(first)).toEqual([10, 20]);
    expect(await Promise.all(later)).toEqual([30, 40]);
    expect(runs.map((r) => r.items)).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('keeps groups apart and runs at most `max` items at a time', async () => {
    const { run, runs, releaseAll } = gatedRun();
    const batcher = new Batcher(run, 2);
    const outs = [batcher.add('a', 1), batcher.add('b', 5), batcher.add('a', 2), batcher.add('a', 3), batcher.add('a', 4)];
    await turn();
    await releaseAll();
    expect(await Promise.all(outs)).toEqual([10, 50, 20, 30, 40]);
    expect(runs).toEqual([
      { group: 'a', items: [1, 2] },
      { group: 'b', items: [5] },
      { group: 'a', items: [3, 4] },
    ]);
  });

  it('fails only the faulty call of a failed run: the others run again by halves and get their own answers', async () => {
    const { run, runs, releaseAll } = gatedRun();
    const batcher = new Batcher(run);
    const first = batcher.add('a', 1);
    await turn();
    const failures = Promise.allSettled([batcher.add('a', 13), batcher.add('a', 2)]);
    // Releasing the first run starts the second (13 and 2), which fails and runs again as [13] and [2];
    // what arrives meanwhile waits for the run after them.
    const gate = releaseAll();
    await turn();
    const after = batcher.add('a', 3);
    await gate;
    await releaseAll();
    await releaseAll();
    expect(await first).toBe(10);
    expect((await failures).map((f) => (f.status === 'fulfilled' ? f.value : 'rejected'))).toEqual(['rejected', 20]);
    expect(await after).toBe(30);
    expect(runs.map((r) => r.items)).toEqual([[1], [13, 2], [13], [2], [3]]);
  });
});
