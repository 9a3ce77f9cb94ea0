import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the embedded database's directory for this process: PGlite is one process's file,
 * and two writers would corrupt it. The lock file records the holder's pid; a dead holder's lock is taken over.
 * Returns the release function.
 */
export function acquireDataDirLock(dir: string): () => void {
  const file = path.join(dir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The database directory ${dir} is in use by another running process (pid ${holder}). Stop it first, or set DATA_DIR to another directory. The embedded database serves one process: to run several app servers for one portal, start them all with the same DATABASE_URL (a PostgreSQL server).`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the database directory ${dir}.`);
}
