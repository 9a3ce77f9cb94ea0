import { buildApp } from '/work/main/apps/server/src/app.ts';
import { loadConfig } from '/work/main/apps/server/src/config.ts';
import { openDatabase } from '/work/main/apps/server/src/db/client.ts';

const config = loadConfig({
  DATA_DIR: '/tmp/prof-data',
  LOG_LEVEL: 'warn',
  DATABASE_URL: process.env.DATABASE_URL,
  VOTE_LIMIT_PER_ADDRESS: '100000000',
});
const database = await openDatabase({ databaseUrl: config.databaseUrl });
const app = await buildApp({ config, database });
await app.listen({ host: '127.0.0.1', port: 3900 });
console.log('ready');
process.on('SIGINT', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
