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
const AGE_CAP_MS = 100;
/** The event loop turns between two pieces of work at least this often (ms), to read the requests that arrived. */
const TURN_MS = 5;
/** Microtask turns a request takes from one statement's answer to sending its next (8 measured on the list routes). */
const HOPS = 16;

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
  /** When the event loop last turned between two pieces of work. */
  #turned = 0;

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
   * The next is chosen once the request whose statement just ended has sent its next one (a few turns of the microtask
   * queue, HOPS), and at least every TURN_MS after a turn of the event loop, which reads the requests that arrived
   * meanwhile: without it a busy stretch would leave them unread, and their arrival would be stamped late, all at once.
   */
  async #next(): Promise<void> {
    if (performance.now() - this.#turned < TURN_MS) for (let i = 0; i < HOPS; i++) await undefined;
    else {
      await new Promise((resolve) => setImmediate(resolve));
      this.#turned = performance.now();
    }
    const waiting = this.#waiting.shift();
    if (waiting) waiting.start();
    else this.#busy = false;
  }
}
