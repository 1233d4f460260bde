// npm run rebuild-projections [name…]: without names, empties every read table and replays the
// event log into them; with names, rebuilds only those projections (and those whose tables they
// read), replaying only the events they handle. Prints what it rebuilt. Uses the same environment
// as the server (DATA_DIR or DATABASE_URL); stop an embedded server first. On PostgreSQL it runs
// beside serving instances: readers of the rebuilt tables wait until it commits.
import pino from 'pino';
import { rebuildChosen, rebuildProjections, withWhatTheyRead } from '../projections/rebuild';
import { projections } from '../projections/registry';
import { loadConfig } from '../server/config';
import { transaction } from '../server/db/transaction';
import { startPlatform } from '../server/platform';

const names = process.argv.slice(2);
try {
  withWhatTheyRead(names);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const config = loadConfig();
const platform = await startPlatform(config, pino({ level: 'warn' }), { workJobs: false });
try {
  const started = performance.now();
  const db = platform.database.db;
  const { rebuilt, events } =
    names.length === 0
      ? {
          rebuilt: projections.filter((p) => p.tables.length > 0).map((p) => p.name),
          events: await rebuildProjections((work) => transaction(db, work)),
        }
      : await transaction(db, async (trx) => {
          const result = await rebuildChosen(trx, names);
          return { rebuilt: result.projections, events: result.events };
        });
  console.log(
    `Rebuilt ${rebuilt.join(', ')} from ${events} events in ${Math.round(performance.now() - started)} ms.`,
  );
} finally {
  await platform.close();
}
