import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_OPTIONS } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { seedDemoData } from '../src/demo-survey.ts';
import { TEST_NOW } from './clock.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    engine: 'pglite' | 'postgres';
    /** PGlite: a tarball of a migrated, seeded data directory. PostgreSQL: the template database's URL. */
    template: string;
  }
}

/**
 * The API tests share their workers' imports (`isolate: false` in vitest.config.ts), so a module mocked by one file
 * would stay mocked for the files after it: the run refuses to start while a file mocks one.
 */
function refuseModuleMocks(): void {
  const root = path.join(import.meta.dirname, '../src');
  const mocking = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.int.test.ts') && /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(root, file), 'utf8')));
  if (mocking.length) throw new Error(`API tests must not mock modules (their workers share imports): ${mocking.join(', ')}`);
}

/** Migrates and seeds one template per run; every test file gets its own copy of it. */
export default async function setup(project: TestProject) {
  refuseModuleMocks();
  const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  project.provide('engine', engine);
  if (engine === 'pglite') {
    const client = await PGlite.create({ ...PGLITE_OPTIONS });
    const database = await openDatabase({ pglite: client });
    await seedReferenceData(database.db);
    await seedDemoData(database.db, TEST_NOW);
    const tarball = await client.dumpDataDir('none');
    const file = path.join(os.tmpdir(), `portal-template-${process.pid}.tar`);
    fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    await client.close();
    project.provide('template', file);
    return () => fs.rmSync(file, { force: true });
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL (for example postgres://postgres@127.0.0.1:5432/postgres)');
  const name = `portal_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  await seedReferenceData(database.db);
  await seedDemoData(database.db, TEST_NOW);
  await database.close();
  project.provide('template', url.toString());
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'portal_test_${process.pid}_%'`);
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
