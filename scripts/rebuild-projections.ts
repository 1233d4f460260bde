// npm run rebuild-projections [name…]: without names, empties every read table and replays the
// event log into them; with names, rebuilds only those projections (and those whose tables they
// read), replaying only the events they handle. Prints what it rebuilt. Uses the same environment
// as the server (DATA_DIR or DATABASE_URL); stop an embedded server first. On PostgreSQL it runs
// beside serving instances: the tables are rebuilt as shadows and swapped in at the end, so readers
// wait only for the swap.
import pino from 'pino';
import { rebuildChosen, rebuildProjections, withWhatTheyRead } from '../projections/rebuild';
import { projections } from '../projections/registry';
import { rebuildInShadow } from '../projections/shadow-rebuild';
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
  const everything = projections.map((projection) => projection.name);
  const { rebuilt, events } = !platform.database.pglite
    ? await rebuildInShadow(db, names.length === 0 ? everything : names).then((result) => {
        if (result.projections.length === 0)
          throw new Error('Another instance is rebuilding projections; try again when it is done.');
        return { rebuilt: result.projections, events: result.events };
      })
    : names.length === 0
      ? {
          rebuilt: everything,
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
