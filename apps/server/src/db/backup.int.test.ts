import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { main } from './backup.ts';
import { BackupError } from './backup-common.ts';
import { backupPglite, restorePglite } from './backup-pglite.ts';
import { backupPostgres, findProgram, restorePostgres } from './backup-postgres.ts';
import { openDatabase, PGLITE_OPTIONS } from './client.ts';
import { regions } from './schema/index.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const NODE = process.versions.node.startsWith('22.') ? process.execPath : path.resolve(SERVER_DIR, '../../node_modules/node/bin/node');
const MARKER = { nameEn: 'Backup Marker', nameRu: 'Метка копии' };
const LATER = { nameEn: 'Written After Backup', nameRu: 'После копии' };
const RESTORE_AT = new Date('2026-03-02T09:00:00Z');

/** Which of the two marker regions the database holds. */
async function markers(database: { db: Awaited<ReturnType<typeof openDatabase>>['db'] }): Promise<string[]> {
  const rows = await database.db
    .select({ name: regions.nameEn })
    .from(regions)
    .where(inArray(regions.nameEn, [MARKER.nameEn, LATER.nameEn]));
  return rows.map((r) => r.name).sort();
}

/** Runs the real command (src/db/backup.ts under tsx), as npm run db:backup / db:restore do. */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(NODE, ['--import', 'tsx', 'src/db/backup.ts', ...args], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.runIf(inject('engine') === 'pglite')('backup and restore of the embedded database', { timeout: 90_000 }, () => {
  // The run's template is itself a PGlite dump (an uncompressed tarball), so it serves as a backup file too.
  const templateBackup = () => inject('template');
  let dataDir: string;
  let pgliteDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
    pgliteDir = path.join(dataDir, 'pglite');
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Stands for a data directory where only the checks before opening matter (opening costs seconds). */
  const fakeDatabaseDir = () => {
    fs.mkdirSync(pgliteDir);
    fs.writeFileSync(path.join(pgliteDir, 'PG_VERSION'), '17\n');
  };

  it('brings back the data as it was at the backup, keeping the replaced directory aside', async () => {
    // A data directory as the server leaves it, copied from the run's migrated template (initdb would take seconds).
    fs.mkdirSync(pgliteDir);
    const copy = await PGlite.create({
      dataDir: pgliteDir,
      loadDataDir: new Blob([fs.readFileSync(templateBackup())]),
      ...PGLITE_OPTIONS,
    });
    await copy.close();
    const before = await openDatabase({ pgliteDir });
    await before.db.insert(regions).values(MARKER);
    await before.close();

    const file = path.join(dataDir, 'backups', 'before-change.tar.gz');
    const done = await backupPglite(pgliteDir, file);
    expect(done.bytes).toBe(fs.statSync(file).size);
    expect(fs.readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(fs.existsSync(path.join(pgliteDir, 'portal.lock'))).toBe(false);

    const changed = await openDatabase({ pgliteDir, migrate: false });
    await changed.db.delete(regions).where(eq(regions.nameEn, MARKER.nameEn));
    await changed.db.insert(regions).values(LATER);
    expect(await markers(changed)).toEqual([LATER.nameEn]);
    await changed.close();

    const { movedAside } = await restorePglite(pgliteDir, file, RESTORE_AT);
    expect(movedAside).toBe(`${pgliteDir}.before-restore-2026-03-02T09-00-00-000Z`);
    expect(fs.existsSync(path.join(movedAside!, 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(movedAside!, 'portal.lock'))).toBe(false);
    expect(fs.existsSync(path.join(pgliteDir, 'portal.lock'))).toBe(false);

    const restored = await openDatabase({ pgliteDir, migrate: false });
    try {
      expect(await markers(restored)).toEqual([MARKER.nameEn]);
      expect(await restored.query('SHOW fsync')).toEqual([{ fsync: 'on' }]);
    } finally {
      await restored.close();
    }
  });

  it('refuses to back up or restore while a live process holds the directory, and changes nothing', async () => {
    fakeDatabaseDir();
    // The test runner's parent process is alive and is not us: it stands for a running server.
    fs.writeFileSync(path.join(pgliteDir, 'portal.lock'), String(process.ppid));
    const locked = new RegExp(`in use by another running process \\(pid ${process.ppid}\\)[\\s\\S]*server is stopped`);
    await expect(backupPglite(pgliteDir, path.join(dataDir, 'backup.tar.gz'))).rejects.toThrow(locked);
    await expect(restorePglite(pgliteDir, templateBackup())).rejects.toThrow(locked);
    expect(fs.readdirSync(dataDir)).toEqual(['pglite']);
    expect(fs.readdirSync(pgliteDir).sort()).toEqual(['PG_VERSION', 'portal.lock']);
    expect(fs.readFileSync(path.join(pgliteDir, 'portal.lock'), 'utf8')).toBe(String(process.ppid));
  });

  it('refuses a file that is not a backup, or a directory without a database, before touching anything', async () => {
    await expect(backupPglite(pgliteDir, path.join(dataDir, 'backup.tar.gz'))).rejects.toThrow(/There is no embedded database in/);
    fakeDatabaseDir();
    const notBackups = {
      'missing.tar.gz': null,
      'text.tar.gz': Buffer.from('not a tarball'),
      'empty-gzip.tar.gz': zlib.gzipSync(Buffer.alloc(1024)),
    };
    for (const [name, content] of Object.entries(notBackups)) {
      const file = path.join(dataDir, name);
      if (content) fs.writeFileSync(file, content);
      const err = await restorePglite(pgliteDir, file).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BackupError);
      expect((err as Error).message).toMatch(content ? /is not a backup of the embedded database/ : /does not exist/);
    }
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('pglite'))).toEqual(['pglite']);
    expect(fs.readdirSync(pgliteDir)).toEqual(['PG_VERSION']);
  });

  it('works as a command: restore into an empty DATA_DIR, backup to the default file, refusal with exit code 1', async () => {
    const env = { DATA_DIR: dataDir };
    // A relative file is taken from where npm was started (INIT_CWD), not from apps/server.
    const from = path.dirname(templateBackup());
    const restore = await runCli(['restore', path.basename(templateBackup())], { ...env, INIT_CWD: from });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout.trim()).toBe(`Restored the embedded database ${pgliteDir} from ${templateBackup()}.`);
    expect(fs.existsSync(path.join(pgliteDir, 'portal.lock'))).toBe(false);

    const backup = await runCli(['backup'], env);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const [made] = fs.readdirSync(path.join(dataDir, 'backups'));
    expect(made).toMatch(/^portal-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/);
    const file = path.join(dataDir, 'backups', made!);
    expect(backup.stdout).toContain(`Backed up the embedded database ${pgliteDir} to ${file}`);
    expect(backup.stdout).toContain(`Restore it with: npm run db:restore -- ${file}`);

    fs.writeFileSync(path.join(pgliteDir, 'portal.lock'), String(process.ppid));
    const locked = await runCli(['restore', file], env);
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain(`is in use by another running process (pid ${process.ppid})`);
    expect(locked.stderr).toContain('stop it and run this again');
    expect(fs.readdirSync(dataDir).sort()).toEqual(['backups', 'pglite']);
  });

  it('main() refuses bad usage and names a missing file', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await main(['nonsense'], config, dataDir)).toBe(2);
      expect(quiet).toHaveBeenCalledWith(expect.stringContaining('Usage:'));
    } finally {
      quiet.mockRestore();
    }
    await expect(main(['restore', 'missing.tar.gz'], config, dataDir)).rejects.toThrow(
      `The backup file ${path.join(dataDir, 'missing.tar.gz')} does not exist.`,
    );
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('backup and restore on a PostgreSQL server', { timeout: 60_000 }, () => {
  const missing = ['pg_dump', 'pg_restore'].filter((p) => !findProgram(p));
  const name = `portal_backup_${process.pid}_${randomBytes(4).toString('hex')}`;
  let url: string;
  let admin: pg.Client;
  let workDir: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(serverUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-backup-'));
  });
  afterAll(async () => {
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('brings back the data as it was at the backup (pg_dump / pg_restore)', async (ctx) => {
    ctx.skip(missing.length > 0, `${missing.join(' and ')} not installed (apt-get install postgresql-client)`);
    const before = await openDatabase({ databaseUrl: url, poolSize: 2 });
    await before.db.insert(regions).values(MARKER);
    await before.close();

    const file = path.join(workDir, 'dumps', 'portal.dump');
    const done = await backupPostgres(url, file);
    expect(done.bytes).toBeGreaterThan(0);
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('PGDMP');

    const changed = await openDatabase({ databaseUrl: url, poolSize: 2, migrate: false });
    await changed.db.delete(regions).where(eq(regions.nameEn, MARKER.nameEn));
    await changed.db.insert(regions).values(LATER);
    await changed.close();

    await restorePostgres(url, file);
    const restored = await openDatabase({ databaseUrl: url, poolSize: 2, migrate: false });
    try {
      expect(await markers(restored)).toEqual([MARKER.nameEn]);
      // The migration journal came back too, so the next start does not migrate again.
      const [journal] = await restored.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
      expect(Number(journal?.n)).toBeGreaterThan(0);
    } finally {
      await restored.close();
    }
  });

  it('reports a failed pg_restore and a missing file clearly', async (ctx) => {
    ctx.skip(missing.length > 0, `${missing.join(' and ')} not installed (apt-get install postgresql-client)`);
    const bogus = path.join(workDir, 'bogus.dump');
    fs.writeFileSync(bogus, 'not a dump');
    await expect(restorePostgres(url, bogus)).rejects.toThrow(/The restore failed \(pg_restore exited with 1\)/);
    await expect(restorePostgres(url, path.join(workDir, 'nope.dump'))).rejects.toThrow(/does not exist/);
  });
});
