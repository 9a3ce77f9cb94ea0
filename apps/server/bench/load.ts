// The benchmark's load generator, run as a child process of bench/run.ts so that it has its own core and event
// loop: measured in the server's process, it would take the server's CPU and inflate every latency.
import autocannon from 'autocannon';

/** One run: autocannon for `seconds`, or `burst` requests sent all at once; bodies are used in turn, one per request. */
export interface LoadJob {
  url: string;
  connections: number;
  seconds?: number;
  /** Requests per second offered by all connections together (an open load); as fast as it goes when absent. */
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
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: job.seconds,
        overallRate: job.rate,
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

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send?.(result),
    (err: unknown) => process.send?.({ error: String(err) }),
  );
});
