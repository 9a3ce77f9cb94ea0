interface Waiting<In, Out> {
  item: In;
  settle: (out: Out) => void;
  fail: (error: unknown) => void;
}

/**
 * Groups the calls that arrive while an earlier run for the same group is under way: the first run starts as
 * soon as the event loop has taken in what had already arrived (the requests read in the same turn go with
 * it), and those that arrive meanwhile run together in the next one (up to `max` at a time). Under load one
 * database statement serves many requests; a lone request waits for one turn of the event loop.
 *
 * Each call answers for itself: when a run fails, its items run again by halves, down to one item, so only a
 * faulty item gets the error and every other gets the answer it would have had alone. `run` must therefore
 * write nothing when it fails (one statement, or one transaction).
 */
export class Batcher<In, Out> {
  private readonly queues = new Map<string, Waiting<In, Out>[]>();

  /** `run` answers one output per item, in the items' order. */
  constructor(
    private readonly run: (group: string, items: In[]) => Promise<Out[]>,
    private readonly max = 250,
  ) {}

  add(group: string, item: In): Promise<Out> {
    return new Promise((settle, fail) => {
      const queue = this.queues.get(group);
      if (queue) queue.push({ item, settle, fail });
      else {
        this.queues.set(group, [{ item, settle, fail }]);
        void this.drain(group);
      }
    });
  }

  private async drain(group: string): Promise<void> {
    // The embedded database runs in this thread and holds the event loop while it works: without this turn,
    // the requests waiting to be read would each go alone.
    await new Promise((resolve) => setImmediate(resolve));
    const queue = this.queues.get(group) ?? [];
    while (queue.length) await this.runApart(group, queue.splice(0, this.max));
    this.queues.delete(group);
  }

  /** Runs some items together; if that fails, each half again, so one faulty item fails alone. */
  private async runApart(group: string, taken: Waiting<In, Out>[]): Promise<void> {
    try {
      const outs = await this.run(
        group,
        taken.map((w) => w.item),
      );
      for (const [i, w] of taken.entries()) w.settle(outs[i] as Out);
    } catch (error) {
      if (taken.length === 1) return taken[0]?.fail(error);
      const half = Math.ceil(taken.length / 2);
      await this.runApart(group, taken.slice(0, half));
      await this.runApart(group, taken.slice(half));
    }
  }
}
