import type { Database } from './client.ts';

/** How often the server looks at the embedded database's tables (app.ts): cheap when nothing is due. */
export const EMBEDDED_VACUUM_EVERY_MS = 5 * 60 * 1000;

/** What one run did, table by table (schema-qualified names). */
export interface Maintained {
  vacuumed: string[];
  analysed: string[];
}

/**
 * Autovacuum's work for the embedded engine. PGlite runs PostgreSQL as a single backend, where autovacuum never runs:
 * left alone, every updated or deleted row stays behind as a dead one (a table only grows, and a purge frees nothing),
 * inserted pages never become visible to index-only scans, and the planner never learns how big a table has grown.
 * So each table whose changes pass autovacuum's own default thresholds is vacuumed or analysed here: dead rows above
 * 50 + 20 % of its live rows, or inserts above 1,000 + 20 % (VACUUM, with ANALYZE); changes since the last analysis
 * above 50 + 10 % (ANALYZE alone). One statement per table, so requests are served between them. On PostgreSQL the
 * server's own autovacuum does this, and the app does not call it.
 */
export async function vacuumEmbedded(database: Database): Promise<Maintained> {
  // The one backend reports its counts at most once a second; forced, they include every change made so far.
  await database.query('SELECT pg_stat_force_next_flush()');
  const due = await database.query<{ name: string; vacuum: boolean; analyse: boolean }>(`
    SELECT format('%I.%I', schemaname, relname) AS name,
      n_dead_tup > 50 + 0.2 * n_live_tup OR n_ins_since_vacuum > 1000 + 0.2 * n_live_tup AS vacuum,
      n_mod_since_analyze > 50 + 0.1 * n_live_tup AS analyse
    FROM pg_stat_user_tables
    ORDER BY 1`);
  const done: Maintained = { vacuumed: [], analysed: [] };
  for (const table of due) {
    if (table.vacuum) {
      await database.query(`VACUUM (ANALYZE) ${table.name}`);
      done.vacuumed.push(table.name);
      done.analysed.push(table.name);
    } else if (table.analyse) {
      await database.query(`ANALYZE ${table.name}`);
      done.analysed.push(table.name);
    }
  }
  return done;
}
