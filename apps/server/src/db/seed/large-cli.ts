// `npm run seed:large`: adds 300 companies and 10,000 people (password Demo12345) to the configured database, once.
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { systemClock } from '../../lib/clock.ts';
import { openDatabase } from '../client.ts';
import { seedLarge } from './large.ts';
import { seedReferenceData } from './reference.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
try {
  await seedReferenceData(database.db);
  const started = Date.now();
  const added = await seedLarge(database.db, systemClock.now());
  console.log(
    added.companies
      ? `Added ${added.companies} companies and ${added.people} people in ${((Date.now() - started) / 1000).toFixed(1)} s (password Demo12345).`
      : 'The large data set is already there.',
  );
} finally {
  await database.close();
}
