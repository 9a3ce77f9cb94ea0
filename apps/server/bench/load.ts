// The benchmark's load generator, run as a child process of bench/run.ts so that it has its own core and event
// loop: measured in the server's process, it would take the server's CPU and inflate every latency.
import http from 'node:http';
import autocannon from 'autocannon';
import { type WatchJob, watchVotes } from './watchers.ts';

/** One run: autocannon for `seconds`, or `burst` requests sent all at once; bodies are used in turn, one per request. */
export interface LoadJob {
  url: string;
  connections: number;
  seconds?: number;
  /**
   * Requests per second arriving at even intervals whatever the answers (an open load, over at most
   * `connections` connections), each timed from when it was due; as fast as the connections go when absent.
   */
  rate?: number;
  burst?: number;
  headers?: Record<string, string>;
  bodies?: string[];
}

export interface LoadResult {
  /** Every response's latency in ms, sorted. */
  latencies: number[];
  seconds: number;
  ok: number;
  failed: number;
  timeouts: number;
}

const TIMEOUT_S = 10;

async function run(job: LoadJob): Promise<LoadResult> {
  let next = 0;
  const body = () => job.bodies?.[next++ % job.bodies.length];
  const headers = { ...job.headers, ...(job.bodies ? { 'content-type': 'application/json' } : {}) };
  if (job.burst) {
    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: job.burst }, async () => {
        const t0 = performance.now();
        try {
          const res = await fetch(job.url, { method: 'POST', headers, body: body(), signal: AbortSignal.timeout(TIMEOUT_S * 1000) });
          await res.arrayBuffer();
          return { ms: performance.now() - t0, status: res.status };
        } catch {
          return { ms: performance.now() - t0, status: 0 };
        }
      }),
    );
    return {
      latencies: outcomes.map((o) => o.ms).sort((a, b) => a - b),
      seconds: (performance.now() - started) / 1000,
      ok: outcomes.filter((o) => o.status >= 200 && o.status < 300).length,
      failed: outcomes.filter((o) => o.status >= 300).length,
      timeouts: outcomes.filter((o) => o.status === 0).length,
    };
  }
  if (job.rate) return openLoad(job, job.rate, headers, body);
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: job.seconds,
        timeout: TIMEOUT_S,
        headers,
        requests: job.bodies ? [{ method: 'POST', setupRequest: (req) => ({ ...req, body: body() }) }] : undefined,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return {
    latencies: latencies.sort((a, b) => a - b),
    seconds: result.duration,
    ok: result['2xx'],
    failed: result.non2xx + result.errors - result.timeouts,
    timeouts: result.timeouts,
  };
}

/**
 * An open load: requests go out at `rate` per second at even intervals, over a keep-alive pool of at most
 * `job.connections` connections, and each is timed from when it was due, so a slow answer cannot hide the
 * requests queued behind it (no coordinated omission).
 */
async function openLoad(job: LoadJob, rate: number, headers: Record<string, string>, body: () => string | undefined): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const url = new URL(job.url);
  const latencies: number[] = [];
  const outcome = { ok: 0, failed: 0, timeouts: 0 };
  const send = (due: number, payload: string | undefined) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: payload ? 'POST' : 'GET',
          headers,
          timeout: TIMEOUT_S * 1000,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - due);
            if ((response.statusCode ?? 0) < 300) outcome.ok++;
            else outcome.failed++;
            resolve();
          });
        },
      );
      let timedOut = false;
      request.on('timeout', () => {
        timedOut = true;
        request.destroy();
      });
      request.on('error', () => {
        if (timedOut) outcome.timeouts++;
        else outcome.failed++;
        resolve();
      });
      request.end(payload);
    });
  const total = Math.round(rate * (job.seconds ?? 10));
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(due, body()));
  }
  await Promise.all(pending);
  agent.destroy();
  return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000, ...outcome };
}

process.on('message', (job: LoadJob | { watch: WatchJob }) => {
  ('watch' in job ? watchVotes(job.watch) : run(job)).then(
    (result) => process.send?.(result),
    (err: unknown) => process.send?.({ error: String(err) }),
  );
});
