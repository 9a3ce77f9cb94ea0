import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDatabase } from '../../test/harness.ts';
import type { Database } from './client.ts';
import { vacuumEmbedded } from './embedded-vacuum.ts';

// The embedded engine only: PostgreSQL's own autovacuum looks after its tables (and would race these counts).
describe.runIf(inject('engine') === 'pglite')('the embedded database looked after as autovacuum would', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
    // The template's own churn (migrations, the demo seed) is done with first, so each case sees only its own.
    await vacuumEmbedded(database);
  });
  afterAll(async () => {
    await database.close();
  });

  const stats = async (table: string) => {
    await database.query('SELECT pg_stat_force_next_flush()');
    return (
      await database.query<{ dead: number; vacuumed: boolean; analysed: boolean }>(
        `SELECT n_dead_tup::int AS dead, last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analysed
        FROM pg_stat_user_tables WHERE relname = '${table}'`,
      )
    )[0];
  };

  it('vacuums a table whose deleted rows pass the threshold, and frees them', async () => {
    await database.query(`INSERT INTO scheduled_runs (name, ran_at) SELECT 'run ' || g, now() FROM generate_series(1, 500) g`);
    await database.query(`DELETE FROM scheduled_runs WHERE name LIKE 'run %'`);
    expect((await stats('scheduled_runs'))?.dead).toBe(500);

    const done = await vacuumEmbedded(database);
    expect(done.vacuumed).toContain('public.scheduled_runs');
    expect(await stats('scheduled_runs')).toEqual({ dead: 0, vacuumed: true, analysed: true });
    // Nothing is due right after a run.
    expect(await vacuumEmbedded(database)).toEqual({ vacuumed: [], analysed: [] });
  });

  it('analyses a table that grew past the threshold, and vacuums it once its updates leave enough dead rows', async () => {
    await database.query(`INSERT INTO scheduled_runs (name, ran_at) SELECT 'kept ' || g, now() FROM generate_series(1, 300) g`);
    expect(await vacuumEmbedded(database)).toEqual({ vacuumed: [], analysed: ['public.scheduled_runs'] });

    await database.query(`UPDATE scheduled_runs SET ran_at = ran_at + interval '1 day' WHERE name LIKE 'kept %'`);
    expect(await vacuumEmbedded(database)).toEqual({ vacuumed: ['public.scheduled_runs'], analysed: ['public.scheduled_runs'] });
    expect((await stats('scheduled_runs'))?.dead).toBe(0);
  });

  it('leaves a table whose few changes are below every threshold', async () => {
    await database.query(`INSERT INTO scheduled_runs (name, ran_at) VALUES ('one more', now())`);
    const done = await vacuumEmbedded(database);
    expect(done.analysed).not.toContain('public.scheduled_runs');
  });
});
