/**
 * npm run db:backup -- [file]    and    npm run db:restore -- <file>
 *
 * The command line; the engine follows the configuration, as the server's does. Embedded database (no DATABASE_URL):
 * backup-pglite.ts, PGlite's own dump of the data directory into a .tar.gz, which needs the directory to itself, so the
 * server must be stopped. PostgreSQL (DATABASE_URL): backup-postgres.ts, pg_dump's custom format and pg_restore, which
 * need the PostgreSQL client tools.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { BackupError, fileStamp } from './backup-common.ts';
import { backupPglite, restorePglite } from './backup-pglite.ts';
import { backupPostgres, restorePostgres } from './backup-postgres.ts';

/** Where the embedded database lives inside DATA_DIR (the server opens the same path). */
export const pgliteDirOf = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'pglite');

/** data/backups/portal-<timestamp>.tar.gz (embedded) or .dump (PostgreSQL). */
export function defaultBackupFile(config: Pick<Config, 'dataDir' | 'databaseUrl'>, now = new Date()): string {
  return path.join(config.dataDir, 'backups', `portal-${fileStamp(now)}.${config.databaseUrl ? 'dump' : 'tar.gz'}`);
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
