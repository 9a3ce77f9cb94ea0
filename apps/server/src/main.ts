import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './db/seed/demo.ts';
import { seedReferenceData } from './db/seed/reference.ts';
import { seedShowcase } from './demo-showcase.ts';
import { systemClock } from './lib/clock.ts';

const SHUTDOWN_DEADLINE_MS = 2000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await seedReferenceData(database.db);
  const seeded = config.seedDemo && (await seedDemo(database.db, systemClock.now()));

  const app = await buildApp({ config, database, runBackgroundJobs: true });
  if (seeded) await seedShowcase(app, database.db, systemClock.now());
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const where = database.engine === 'pglite' ? `embedded PostgreSQL in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL server';
  console.log(`\nAIPM portal on ${config.publicUrl} (${where})`);
  if (seeded) {
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(9)} ${a.email}`);
  }
  if (!config.smtpUrl) console.log(`E-mail is written to ${path.join(config.dataDir, 'mail')} (set SMTP_URL to send it).`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
