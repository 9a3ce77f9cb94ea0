import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { acceptPolicyForAll, DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo.ts';
import { seedReferenceData } from './db/seed/reference.ts';
import { seedCreditDemo } from './demo-credit.ts';
import { seedShowcase } from './demo-showcase.ts';
import { seedDemoData } from './demo-survey.ts';
import { systemClock } from './lib/clock.ts';
import { Readiness } from './lib/readiness.ts';

/**
 * On SIGTERM the server drains: /api/ready answers 503 (for SHUTDOWN_DRAIN_SECONDS it still serves, so a balancer
 * that checks readiness turns away first), then it stops accepting connections (the balancer's next attempt goes to
 * another server), ends its live streams (the browsers reconnect elsewhere) and finishes the requests in flight, then
 * leaves; past this deadline after the listener closed, it leaves anyway.
 */
const SHUTDOWN_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await seedReferenceData(database.db);
  const seeded = config.seedDemo && (await seedDemoData(database.db, systemClock.now(), { market: true }));

  const readiness = new Readiness();
  const app = await buildApp({ config, database, runBackgroundJobs: true, readiness });
  if (seeded) {
    await seedShowcase(app, database.db, systemClock.now());
    await seedCreditDemo(database.db, systemClock.now());
    await acceptPolicyForAll(database.db, config.policyVersion, systemClock.now());
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    readiness.drain();
    app.log.info({ signal }, 'draining, then shutting down');
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    setTimeout(() => {
      app.log.error('requests still running at the shutdown deadline');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  readiness.markReady();
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
