/**
 * The embedded database's backup: the data directory copied into a .tar.gz with PGlite's own dump, and put back
 * from one. PGlite needs the directory to itself, so both refuse while the portal server holds it.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { BackupError, fileStamp } from './backup-common.ts';
import { PGLITE_OPTIONS } from './client.ts';
import { acquireDataDirLock, DataDirLockedError } from './lock.ts';

const LOCK_FILE = 'portal.lock';

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
