// npm run rebuild-projections: empties every read table and replays the event log into them.
// Uses the same environment as the server (DATA_DIR or DATABASE_URL); stop an embedded server first.
import pino from 'pino';
import { rebuildProjections } from '../projections/rebuild';
import { loadConfig } from '../server/config';
import { transaction } from '../server/db/transaction';
import { startPlatform } from '../server/platform';

const config = loadConfig();
const platform = await startPlatform(config, pino({ level: 'warn' }), { workJobs: false });
try {
  const started = performance.now();
  const count = await rebuildProjections((work) => transaction(platform.database.db, work));
  console.log(
    `Rebuilt the read tables from ${count} events in ${Math.round(performance.now() - started)} ms.`,
  );
} finally {
  await platform.close();
}
