// Browsers watching a voting's results live, for the benchmark: many Server-Sent Events streams open at once, and the
// time from each cast vote until every stream has its new count. Run in the load generator's process (its own core).
import http from 'node:http';

export interface WatchJob {
  /** One URL per watcher: /api/live?ticket=…&topics=voting:<id>. */
  streams: string[];
  /** The public vote's URL and one body per vote, cast one after another. */
  voteUrl: string;
  ballots: string[];
  /** Between two votes, so each arrives as an event of its own. */
  intervalMs: number;
}

export interface WatchResult {
  watchers: number;
  votes: number;
  /** Per vote and watcher: ms from sending the vote until the stream carried its count; sorted. */
  arrivals: number[];
  /** Arrivals that never came (within 5 s of the last vote). */
  missed: number;
}

/** Opens every stream (waiting for its `ready`), casts the votes, and answers how long each took to reach each watcher. */
export async function watchVotes(job: WatchJob): Promise<WatchResult> {
  const sentAt: number[] = [];
  const arrivals: number[] = [];
  const requests: http.ClientRequest[] = [];
  const counted = job.streams.map(() => 0);
  await Promise.all(
    job.streams.map(
      (url, w) =>
        new Promise<void>((resolve, reject) => {
          const request = http.get(url, { agent: false }, (res) => {
            if (res.statusCode !== 200) return reject(new Error(`stream ${w}: ${res.statusCode}`));
            res.setEncoding('utf8');
            let buffer = '';
            res.on('data', (chunk: string) => {
              buffer += chunk;
              for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
                const frame = buffer.slice(0, end);
                buffer = buffer.slice(end + 2);
                if (frame.startsWith('event: ready')) resolve();
                const count = Number(/"responses":(\d+)/.exec(frame)?.[1] ?? 0);
                // Votes close together may arrive as one event: each counts from its own sending.
                for (; counted[w]! < count; counted[w]!++) arrivals.push(performance.now() - (sentAt[counted[w]!] ?? performance.now()));
              }
            });
          });
          request.on('error', reject);
          requests.push(request);
        }),
    ),
  );
  for (const body of job.ballots) {
    sentAt.push(performance.now());
    await new Promise<void>((resolve, reject) => {
      const url = new URL(job.voteUrl);
      const vote = http.request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json' }, agent: false },
        (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`vote: ${res.statusCode}`))));
        },
      );
      vote.on('error', reject);
      vote.end(body);
    });
    await new Promise((r) => setTimeout(r, job.intervalMs));
  }
  const expected = job.streams.length * job.ballots.length;
  for (const deadline = performance.now() + 5000; arrivals.length < expected && performance.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 50));
  }
  for (const request of requests) request.destroy();
  return { watchers: job.streams.length, votes: job.ballots.length, arrivals: arrivals.sort((a, b) => a - b), missed: expected - arrivals.length };
}
