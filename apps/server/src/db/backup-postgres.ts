/** A PostgreSQL server's backup: pg_dump's custom format and pg_restore, which need the PostgreSQL client tools. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BackupError } from './backup-common.ts';

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
