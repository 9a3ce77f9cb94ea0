import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestArrival, StatementOrder } from './statement-order.ts';

/** Work that finishes when told to, noting when it began. */
function gatedWork(name: string, started: string[]) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
/** A few turns of the event loop: the next piece of work is chosen on a turn of its own. */
const turns = async () => {
  for (let i = 0; i < 3; i++) await tick();
};

describe('the embedded database’s statement order', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs one piece of work at a time, the oldest request’s first, and answers each its own result', async () => {
    let now = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const order = new StatementOrder();
    const started: string[] = [];
    const first = gatedWork('running', started);
    const running = order.run(first.work);
    // Waiting meanwhile: a new request's statement, then an older request's second one, then one of no request.
    now = 1_050;
    const newer = requestArrival.run(1_040, () => order.run(gatedWork('newer request', started).work));
    const older = requestArrival.run(1_001, () => order.run(async () => 'older request'));
    const outside = order.run(async () => 'no request');
    await turns();
    expect(started).toEqual(['running']);
    first.finish();
    expect(await running).toBe('running');
    expect(await older).toBe('older request');
    await turns();
    // The statement of no request ranks by its own wait (1,050): after the request that arrived at 1,040.
    expect(started).toEqual(['running', 'newer request']);
    expect(await Promise.race([outside, tick().then(() => 'still waiting')])).toBe('still waiting');
    void newer;
  });

  it('counts a request’s age for at most 100 ms (AGE_CAP_MS), so a long one cannot hold newer ones back', async () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const order = new StatementOrder();
    const started: string[] = [];
    const first = gatedWork('running', started);
    const running = order.run(first.work);
    // A request of 10 ms ago waits since 9,860; then a statement of an export that began 10 s ago: it ranks as one of
    // AGE_CAP_MS ago (9,900), behind the recent request, not as one of 10 s ago.
    now = 9_860;
    void requestArrival.run(9_850, () => order.run(gatedWork('recent request', started).work));
    now = 10_000;
    void requestArrival.run(0, () => order.run(gatedWork('long request', started).work));
    first.finish();
    await running;
    await turns();
    expect(started).toEqual(['running', 'recent request']);
  });

  it('goes on after a piece of work fails, and passes the failure to its caller', async () => {
    const order = new StatementOrder();
    const failing = order.run(async () => {
      throw new Error('syntax error');
    });
    const next = order.run(async () => 'next');
    await expect(failing).rejects.toThrow('syntax error');
    expect(await next).toBe('next');
  });
});
