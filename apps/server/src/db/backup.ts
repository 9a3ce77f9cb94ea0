/**
 * npm run db:backup -- [file]    and    npm run db:restore -- <file>
 *
 * Embedded database (no DATABASE_URL): the data directory is copied into a .tar.gz with PGlite's own dump,
 * which needs the directory to itself, so the server must be stopped. PostgreSQL (DATABASE_URL): pg_dump's
 * custom format and pg_restore, which need the PostgreSQL client tools.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { PGLITE_OPTIONS } from './client.ts';
import { acquireDataDirLock, DataDirLockedError } from './lock.ts';

/** A failure to report to the person at the terminal: the message says what happened and what to do. */
export class BackupError extends Error {}

const LOCK_FILE = 'portal.lock';

/** A timestamp safe in file names: 2026-03-02T09-00-00-000Z. */
export const fileStamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

/** Where the embedded database lives inside DATA_DIR (the server opens the same path). */
export const pgliteDirOf = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'pglite');

/** data/backups/portal-<timestamp>.tar.gz (embedded) or .dump (PostgreSQL). */
export function defaultBackupFile(config: Pick<Config, 'dataDir' | 'databaseUrl'>, now = new Date()): string {
  return path.join(config.dataDir, 'backups', `portal-${fileStamp(now)}.${config.databaseUrl ? 'dump' : 'tar.gz'}`);
}

const stopServerHint = (err: DataDirLockedError, doing: string) =>
  new BackupError(`${err.message}\nThe embedded database can only be ${doing} while the portal server is stopped: stop it and run this again.`);

const takeLock = (dir: string, doing: string) => {
  try {
    return acquireDataDirLock(dir);
  } catch (err) {
    if (err instanceof DataDirLockedError) throw stopServerHint(err, doing);
    throw err;
  }
};

/** Writes a file whole or not at all, and makes it durable before it takes its final name. */
function writeFileDurably(file: string, data: Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const fd = fs.openSync(partial, 'w');
  try {
    fs.writeSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
}

/** fsyncs every file and directory below dir, so a restored database survives a power cut too. */
function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full);
    else if (entry.isFile()) {
      const fd = fs.openSync(full, 'r');
      fs.fsyncSync(fd);
      fs.closeSync(fd);
    }
  }
  const fd = fs.openSync(dir, 'r');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
}

const isDatabaseDir = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/** Copies the embedded database in pgliteDir into a gzipped tarball; refuses while a live process holds it. */
export async function backupPglite(pgliteDir: string, file: string): Promise<{ file: string; bytes: number }> {
  if (!isDatabaseDir(pgliteDir)) throw new BackupError(`There is no embedded database in ${pgliteDir} to back up (is DATA_DIR right?).`);
  const release = takeLock(pgliteDir, 'backed up');
  try {
    const client = await PGlite.create({ dataDir: pgliteDir, ...PGLITE_OPTIONS });
    try {
      await client.query('CHECKPOINT');
      const tarball = new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
      writeFileDurably(file, tarball);
      return { file, bytes: tarball.byteLength };
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** The names in a tar archive (ustar headers; enough to recognise a data directory). */
function tarNames(tar: Buffer): string[] {
  const names: string[] = [];
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('latin1')
        .replace(/\0.*$/s, '');
    if (field(257, 5) !== 'ustar') break;
    const prefix = field(345, 155);
    names.push(prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

/**
 * Reads a backup file and checks it holds a PostgreSQL data directory before anything is moved:
 * PGlite would otherwise create an empty database from a tarball without one.
 */
function readTarball(file: string): Blob {
  if (!fs.existsSync(file)) throw new BackupError(`The backup file ${file} does not exist.`);
  const data = fs.readFileSync(file);
  const gzipped = data[0] === 0x1f && data[1] === 0x8b;
  let names: string[] = [];
  try {
    names = tarNames(gzipped ? zlib.gunzipSync(data) : data);
  } catch {
    // reported below
  }
  if (!names.some((name) => name === 'PG_VERSION' || name.endsWith('/PG_VERSION'))) {
    throw new BackupError(`${file} is not a backup of the embedded database (expected a .tar.gz made by npm run db:backup). Nothing was changed.`);
  }
  return new Blob([data], { type: gzipped ? 'application/gzip' : 'application/x-tar' });
}

/**
 * Replaces the embedded database in pgliteDir with the one in the backup file. The current directory is kept
 * beside it as pglite.before-restore-<timestamp>; if loading fails, it is put back as it was.
 */
export async function restorePglite(pgliteDir: string, file: string, now = new Date()): Promise<{ movedAside: string | undefined }> {
  const tarball = readTarball(file);
  let movedAside: string | undefined;
  if (fs.existsSync(pgliteDir)) {
    const releaseOld = takeLock(pgliteDir, 'restored');
    const contents = fs.readdirSync(pgliteDir).filter((name) => name !== LOCK_FILE);
    if (contents.length > 0) {
      movedAside = `${pgliteDir}.before-restore-${fileStamp(now)}`;
      // Moved while locked, so no server can open it half-way; the lock file travels with it and is removed there.
      fs.renameSync(pgliteDir, movedAside);
      fs.rmSync(path.join(movedAside, LOCK_FILE), { force: true });
    } else {
      releaseOld();
      fs.rmSync(pgliteDir, { recursive: true, force: true });
    }
  }
  fs.mkdirSync(pgliteDir, { recursive: true });
  const release = acquireDataDirLock(pgliteDir);
  try {
    const client = await PGlite.create({ dataDir: pgliteDir, loadDataDir: tarball, ...PGLITE_OPTIONS });
    // The tarball may carry the lock file of the process that made it; the directory is ours until we finish.
    fs.writeFileSync(path.join(pgliteDir, LOCK_FILE), String(process.pid));
    try {
      await client.query('SELECT 1');
      await client.query('CHECKPOINT');
    } finally {
      await client.close();
    }
    syncTree(pgliteDir);
  } catch (err) {
    release();
    fs.rmSync(pgliteDir, { recursive: true, force: true });
    if (movedAside) fs.renameSync(movedAside, pgliteDir);
    throw new BackupError(`Could not restore from ${file}: ${(err as Error).message}\nThe database was left as it was.`);
  }
  release();
  return { movedAside };
}

/** The path of a PostgreSQL client program on PATH, or undefined. */
export function findProgram(name: string, searchPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function requireProgram(name: string): string {
  const found = findProgram(name);
  if (!found) {
    throw new BackupError(
      `${name} was not found on PATH. It comes with the PostgreSQL client tools: on Debian or Ubuntu run \`apt-get install postgresql-client\` ` +
        "(its major version must be at least the server's), then run this again.",
    );
  }
  return found;
}

/** The URL without its password, which goes to the child through PGPASSWORD instead of the process list. */
function connection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

function run(program: string, args: string[], env: NodeJS.ProcessEnv, what: string): void {
  const result = spawnSync(program, args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.error) throw new BackupError(`${what} failed: ${result.error.message}`);
  if (result.status !== 0) {
    throw new BackupError(`${what} failed (${path.basename(program)} exited with ${result.status ?? result.signal}):\n${result.stderr.trim()}`);
  }
}

/** pg_dump in its custom format, which pg_restore reads. */
export async function backupPostgres(databaseUrl: string, file: string): Promise<{ file: string; bytes: number }> {
  const pgDump = requireProgram('pg_dump');
  const conn = connection(databaseUrl);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    run(pgDump, ['--format=custom', '--file', partial, '--dbname', conn.url], conn.env, 'The backup');
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  fs.renameSync(partial, file);
  return { file, bytes: fs.statSync(file).size };
}

/** pg_restore over the current schema; one transaction, so a failure leaves the database as it was. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`The backup file ${file} does not exist.`);
  const pgRestore = requireProgram('pg_restore');
  const conn = connection(databaseUrl);
  run(pgRestore, ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', conn.url, file], conn.env, 'The restore');
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`);
const hostOf = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
};

const quoted = (file: string) => (/\s/.test(file) ? JSON.stringify(file) : file);

const USAGE =
  'Usage: npm run db:backup -- [file]    (default: <DATA_DIR>/backups/portal-<timestamp>.tar.gz, or .dump on PostgreSQL)\n       npm run db:restore -- <file>';

/** The command line: backup [file] | restore <file>. Returns the exit code. */
export async function main(args: string[], config: Config, cwd: string): Promise<number> {
  const [command, fileArg] = args;
  if ((command !== 'backup' && command !== 'restore') || (command === 'restore' && !fileArg)) {
    console.error(USAGE);
    return 2;
  }
  const file = fileArg ? path.resolve(cwd, fileArg) : defaultBackupFile(config);
  const pgliteDir = pgliteDirOf(config);
  if (command === 'backup') {
    if (config.databaseUrl) {
      const done = await backupPostgres(config.databaseUrl, file);
      console.log(`Backed up the PostgreSQL database ${hostOf(config.databaseUrl)} to ${done.file} (${size(done.bytes)}).`);
    } else {
      const done = await backupPglite(pgliteDir, file);
      console.log(`Backed up the embedded database ${pgliteDir} to ${done.file} (${size(done.bytes)}).`);
    }
    console.log(`Restore it with: npm run db:restore -- ${quoted(file)}`);
    return 0;
  }
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, file);
    console.log(`Restored the PostgreSQL database ${hostOf(config.databaseUrl)} from ${file}.`);
  } else {
    const { movedAside } = await restorePglite(pgliteDir, file);
    console.log(`Restored the embedded database ${pgliteDir} from ${file}.`);
    if (movedAside) console.log(`The database it replaced is kept in ${movedAside}; delete that directory once you no longer need it.`);
  }
  return 0;
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (runDirectly) {
  // npm runs workspace scripts inside apps/server; a file named on the command line is meant from where npm was started.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  try {
    process.exitCode = await main(process.argv.slice(2), loadConfig(), cwd);
  } catch (err) {
    if (err instanceof BackupError || err instanceof ConfigError) console.error(err.message);
    else console.error(err);
    process.exitCode = 1;
  }
}
