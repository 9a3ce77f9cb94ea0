// The general meeting's room, a child process of the benchmark's engine process (bench/meeting.ts): a loopback SMTP
// server that receives everything the portal sends, and the voters, who each open the public form, ask for a code,
// read it from that server and vote. In a process of its own, so its work does not weigh on the server's event loop.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface RoomJob {
  address: string;
  slug: string;
  optionId: number;
  emails: string[];
  /** The voters arrive evenly over this many seconds. */
  arrivalSeconds: number;
}

export interface RoomResult {
  /** From asking for the code to the vote's receipt, per voter who voted, in ms, sorted. */
  latencies: number[];
  /** The health route's latencies, asked every 100 ms while the room votes, sorted. */
  health: number[];
  voted: number;
  /** Failed voters by what failed: "checkUser 429", "no code", … */
  failures: Record<string, number>;
}

/** Messages the SMTP server has received, by the subject's first two words ("code" for the one-time codes). */
export type Received = Record<string, number>;

const CODE_WAIT_MS = 60_000;
const CODE_SUBJECT = /^Subject: Your voting code: (\d{6})\s*$/m;

const codes = new Map<string, string>();
const waiting = new Map<string, (code: string) => void>();
const received: Received = {};

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  // A whole meeting's mail arrives over the sender's pooled connections.
  maxClients: 100,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const to = session.envelope.rcptTo[0]?.address ?? '';
      const code = CODE_SUBJECT.exec(raw)?.[1];
      const kind = code ? 'code' : (/^Subject: (\S+ \S+)/m.exec(raw)?.[1] ?? 'other');
      received[kind] = (received[kind] ?? 0) + 1;
      if (code) {
        const resolve = waiting.get(to);
        if (resolve) resolve(code);
        else codes.set(to, code);
      }
      callback();
    });
  },
});

function codeFor(email: string): Promise<string | undefined> {
  const known = codes.get(email);
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), CODE_WAIT_MS);
    waiting.set(email, (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

async function call(url: string, body?: unknown): Promise<number> {
  const res = await fetch(url, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
  await res.arrayBuffer();
  return res.status;
}

/** One voter: opens the form, asks for a code, waits for it, votes. Answers ms from asking to the receipt, or what failed. */
async function voter(job: RoomJob, email: string): Promise<number | string> {
  const api = `${job.address}/api/vote`;
  try {
    const form = await call(`${api}/getNoAuth?slug=${job.slug}`);
    if (form !== 200) return `getNoAuth ${form}`;
    const t0 = performance.now();
    const asked = await call(`${api}/checkUser`, { slug: job.slug, email });
    if (asked !== 200) return `checkUser ${asked}`;
    const code = await codeFor(email);
    if (!code) return 'no code within 60 s';
    const voted = await call(`${api}/sendNoAuthResponse`, { slug: job.slug, email, code, optionIds: [job.optionId] });
    if (voted !== 200) return `sendNoAuthResponse ${voted}`;
    return performance.now() - t0;
  } catch (err) {
    return `error ${(err as Error).message}`;
  }
}

/** The health route's latency, asked every 100 ms until `done` says stop; sorted. */
async function pingHealth(address: string, done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!done()) {
    const t0 = performance.now();
    await call(`${address}/api/health`);
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 100));
  }
  return latencies.sort((a, b) => a - b);
}

async function run(job: RoomJob): Promise<RoomResult> {
  const started = performance.now();
  let over = false;
  const health = pingHealth(job.address, () => over);
  const outcomes = await Promise.all(
    job.emails.map(async (email, i) => {
      const due = started + (i * job.arrivalSeconds * 1000) / job.emails.length;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      return voter(job, email);
    }),
  );
  over = true;
  const failures: Record<string, number> = {};
  for (const o of outcomes) if (typeof o === 'string') failures[o] = (failures[o] ?? 0) + 1;
  const latencies = outcomes.filter((o): o is number => typeof o === 'number').sort((a, b) => a - b);
  return { latencies, health: await health, voted: latencies.length, failures };
}

process.on('message', (m: { listen: true } | { count: true } | { health: string } | { vote: RoomJob }) => {
  if ('health' in m) {
    let n = 0;
    pingHealth(m.health, () => n++ >= 50).then((latencies) => process.send?.(latencies));
  } else if ('listen' in m) smtp.listen(0, '127.0.0.1', () => process.send?.({ port: (smtp.server.address() as AddressInfo).port }));
  else if ('count' in m) process.send?.(received);
  else
    run(m.vote).then(
      (result) => process.send?.(result),
      (err: unknown) => process.send?.({ error: String(err) }),
    );
});
