import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The order in which the embedded database (PGlite, one statement at a time) serves the statements waiting for it.
 *
 * Served as they arrive, a request's second statement queues behind every newer request's first, so some answers wait
 * for two rounds of the queue and others for one: on the list routes at 10 connections the p95 was twice the median.
 * Served by the age of the request they belong to, a request that has started is finished before newer ones are begun:
 * the same work and throughput, a tighter tail. A request's age counts for at most AGE_CAP_MS, so that a long one (an
 * export of many statements) cannot hold the newer ones back for long; statements of no request (jobs, timers) are
 * as old as their own wait.
 */
export const AGE_CAP_MS = 100;

/** When the current request arrived (performance.now()); set by the app for each request, absent outside requests. */
export const requestArrival = new AsyncLocalStorage<number>();

interface Waiting {
  rank: number;
  start: () => void;
}

/** Runs work (statements, transactions) one at a time, the oldest request's first. */
export class StatementOrder {
  readonly #waiting: Waiting[] = [];
  #busy = false;

  run<T>(work: () => Promise<T>): Promise<T> {
    const now = performance.now();
    const rank = Math.max(requestArrival.getStore() ?? now, now - AGE_CAP_MS);
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        work()
          .then(resolve, reject)
          .finally(() => this.#next());
      };
      if (!this.#busy) {
        this.#busy = true;
        start();
        return;
      }
      // Few wait at once (about as many as the open requests): a sorted insert is enough. Equal ranks keep their arrival order.
      let i = this.#waiting.length;
      while (i > 0 && this.#waiting[i - 1]!.rank > rank) i--;
      this.#waiting.splice(i, 0, { rank, start });
    });
  }

  /**
   * The next is chosen on the next turn of the event loop, not at once: by then the request whose statement just ended
   * has sent its next one, and requests that arrived meanwhile have sent theirs, so the choice is among all of them.
   */
  #next(): void {
    setImmediate(() => {
      const waiting = this.#waiting.shift();
      if (waiting) waiting.start();
      else this.#busy = false;
    });
  }
}
