import { fork } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/scratch' });
const emails = (
  await pool.query(
    "select u.email from users u join companies c on c.id=u.company_id where u.role in ('employee','trusted','ceo') and u.is_active and c.is_active",
  )
).rows.map((r) => r.email);
const opt = (await pool.query("select o.id from voting_options o join votings v on v.id=o.voting_id where v.slug='bench-x' order by seq limit 1"))
  .rows[0].id;
await pool.end();
const bodies = emails.map((email) => JSON.stringify({ slug: 'bench-x', email, optionIds: [opt] }));
const loader = fork(path.join(import.meta.dirname, 'load.ts'), { execArgv: ['--import', 'tsx'] });
loader.once('message', (r: { latencies: number[]; ok: number; failed: number; seconds: number }) => {
  const l = r.latencies;
  const p = (x: number) => l[Math.floor((x / 100) * l.length)];
  console.log({ ok: r.ok, failed: r.failed, rps: Math.round(r.ok / r.seconds), p50: p(50), p99: p(99) });
  loader.kill();
});
loader.send({ url: 'http://127.0.0.1:3900/api/vote/sendNoAuthResponse', connections: 200, seconds: 8, bodies });
