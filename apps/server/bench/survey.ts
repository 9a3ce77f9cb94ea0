// The salary survey (issue 10): companies' people save their 400-row positions grid (position × region, with
// validation, issues and progress of the whole grid recomputed in the save's transaction), one save after the other per
// company, each based on the version the last answered: the whole grid (a first save or an upload) and the autosave as
// people type (the few rows changed since the last save); alone, and with the public vote running beside at the open
// load of the vote benchmark. Figures beside the health route at the same concurrency.
import { fork } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { companies, periodPositions, periodRegions, surveyPeriods, users } from '../src/db/schema/index.ts';
import { latency, staffAuth } from './figures.ts';
import type { LoadJob, LoadResult } from './load.ts';
import type { SaverJob, SaverResult } from './survey-saver.ts';

/** Companies saving at the same time (each its own person, one save after the other). */
const SAVERS = Number(process.env.BENCH_SURVEY_COMPANIES ?? 4);
/** Rows an autosave typically carries: the questionnaire sends the rows changed since its last save. */
const AUTOSAVE_ROWS = 5;

/** SAVERS companies with a ceo each (the demo password), in the open period; answers their e-mails and the grid's 400 cells. */
async function seedSavers(database: Database): Promise<{ emails: string[]; rows: { positionId: number; regionId: number }[] }> {
  const db = database.db;
  const [period] = await db.select({ id: surveyPeriods.id }).from(surveyPeriods).where(eq(surveyPeriods.status, 'open'));
  if (!period) throw new Error('the demo seed made no open survey period');
  const [hash] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, 'ceo@demo.test'));
  const now = new Date();
  const made = await db
    .insert(companies)
    .values(
      Array.from({ length: SAVERS }, (_, i) => ({ name: `Bench Grid Saver ${i + 1}`, status: 'confirmed' as const, isActive: true, createdAt: now })),
    )
    .returning({ id: companies.id });
  const emails = made.map((_, i) => `bench.survey.${i + 1}@survey.bench`);
  await db.insert(users).values(
    made.map((c, i) => ({
      email: emails[i]!,
      name: 'Bench',
      surname: `Surveyor ${i + 1}`,
      role: 'ceo' as const,
      status: 'joined' as const,
      isActive: true,
      passwordHash: hash!.passwordHash,
      companyId: c.id,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const rows = await db
    .select({ positionId: periodPositions.positionId, regionId: periodRegions.regionId })
    .from(periodPositions)
    .innerJoin(periodRegions, eq(periodRegions.periodId, periodPositions.periodId))
    .where(eq(periodPositions.periodId, period.id))
    .orderBy(sql`1, 2`);
  return { emails, rows };
}

export async function benchSurvey(
  engine: string,
  database: Database,
  address: string,
  vote: { url: string; connections: number; seconds: number; rate: number; ballots: () => Promise<string[]> },
  load: (job: LoadJob) => Promise<LoadResult>,
) {
  const saver = fork(path.join(import.meta.dirname, 'survey-saver.ts'), { execArgv: ['--import', 'tsx'] });
  const save = (job: SaverJob) =>
    new Promise<SaverResult>((resolve, reject) => {
      saver.once('message', (m: SaverResult | { error: string }) => ('error' in m ? reject(new Error(m.error)) : resolve(m)));
      saver.send(job);
    });
  try {
    const { emails, rows } = await seedSavers(database);
    const people = await Promise.all(emails.map((e) => staffAuth(address, e)));
    // Opening the survey makes each company's response (version 1); every save moves it on by one.
    const versionOf = async (auth: { authorization: string }) =>
      ((await (await fetch(`${address}/api/user/salary/getSurvey`, { headers: auth })).json()) as { response: { version: number } }).response.version;
    const job = async (seconds: number, changing?: number): Promise<SaverJob> => ({
      url: `${address}/api/user/salary/savePositions`,
      seconds,
      rows,
      changing,
      companies: await Promise.all(people.map(async (p) => ({ authorization: p.authorization, version: await versionOf(p) }))),
    });
    const figures = [];
    const row = (route: string, r: { latencies: number[]; ok: number; failed: number; seconds: number }, extra: Record<string, unknown> = {}) => ({
      engine,
      route,
      connections: SAVERS,
      'req/s': Math.round(r.ok / r.seconds),
      ...latency(r.latencies),
      ok: r.ok,
      failed: r.failed,
      ...extra,
    });
    const health = await load({ url: `${address}/api/health`, connections: SAVERS, seconds: vote.seconds });
    figures.push(row('GET /api/health (baseline)', { ...health, failed: health.failed + health.timeouts }));
    // Warm-up (the grid's statements planned, every response made), not reported.
    await save(await job(2));
    const alone = await save(await job(vote.seconds));
    figures.push(row(`save a ${rows.length}-row grid, every row changed, alone`, alone, alone.firstError ? { error: alone.firstError } : {}));
    // An autosave as people type: the whole grid sent, a few rows changed since the last save.
    const typing = await save(await job(vote.seconds, AUTOSAVE_ROWS));
    figures.push(
      row(`save a ${rows.length}-row grid, ${AUTOSAVE_ROWS} rows changed, alone`, typing, typing.firstError ? { error: typing.firstError } : {}),
    );
    const voteAlone = await load({
      url: vote.url,
      connections: vote.connections,
      seconds: vote.seconds,
      rate: vote.rate,
      bodies: await vote.ballots(),
    });
    figures.push(
      row(
        `public vote alone, ${vote.rate}/s arriving`,
        { ...voteAlone, failed: voteAlone.failed + voteAlone.timeouts },
        { connections: vote.connections },
      ),
    );
    // The vote beside each kind of save: the autosaves are the questionnaire's traffic (the goal's figure), the whole
    // grid its heaviest call.
    for (const changing of [AUTOSAVE_ROWS, undefined]) {
      const what = changing ? `autosave (${changing} rows changed) of a ${rows.length}-row grid` : `save of a whole ${rows.length}-row grid`;
      const voteBeside = load({ url: vote.url, connections: vote.connections, seconds: vote.seconds, rate: vote.rate, bodies: await vote.ballots() });
      const besideVote = await save(await job(vote.seconds, changing));
      const voted = await voteBeside;
      figures.push(row(`${what}, the vote beside`, besideVote, besideVote.firstError ? { error: besideVote.firstError } : {}));
      figures.push(
        row(
          `public vote beside each ${what}, ${vote.rate}/s arriving`,
          { ...voted, failed: voted.failed + voted.timeouts },
          { connections: vote.connections },
        ),
      );
    }
    return figures;
  } finally {
    saver.kill();
  }
}
