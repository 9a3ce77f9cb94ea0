// `npm run seed`: seeds reference data and, unless SEED_DEMO=false, the demo accounts, into the configured database.
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { seedDemoData } from '../../demo-survey.ts';
import { systemClock } from '../../lib/clock.ts';
import { openDatabase } from '../client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo.ts';
import { seedReferenceData } from './reference.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
try {
  await seedReferenceData(database.db);
  console.log('Reference data (regions, job groups, mail templates) is in place.');
  if (config.seedDemo) {
    const created = await seedDemoData(database.db, systemClock.now(), { market: true });
    console.log(
      created ? `Demo accounts created (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}` : 'Demo accounts already exist.',
    );
  }
} finally {
  await database.close();
}
