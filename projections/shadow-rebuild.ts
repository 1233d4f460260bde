import { sql, type Transaction } from 'kysely';
import { readAll } from '../events/store';
import type { Database, Db } from '../server/db/tables';
import { recordVersions, withWhatTheyRead } from './rebuild';
import { applyProjections } from './registry';

/** Where shadow tables are built; only the instance holding the rebuild lock touches it. */
const SHADOW = 'projection_shadow';
const lockKey = sql`hashtextextended('projection_shadow_rebuild', 0)`;

/** A log that changed under a replay in a way the replay cannot have seen (a late commit): start again. */
class LateCommitError extends Error {}

class RebuildStoppedError extends Error {
  constructor() {
    super('The projection rebuild stopped with the platform; the next start takes it up again.');
  }
}

export interface ShadowRebuild {
  /** Projections rebuilt (with what they read), or none when another instance holds the rebuild. */
  projections: string[];
  events: number;
}

/**
 * Rebuilds projections on PostgreSQL without stopping the instances that serve from them: their
 * tables are rebuilt as shadow copies (same columns, indexes and constraints) in a schema of their
 * own, replayed from the log in short transactions while the live tables keep serving and being
 * written; then one short transaction holds appends back, replays what came since, and copies the
 * shadows over the live tables and records the versions. Readers see the old rows or the new,
 * never a half-built table, and wait only for the copy. One instance at a time: another one holding
 * the rebuild gets `projections: []` back.
 */
export async function rebuildInShadow(
  db: Db,
  names: readonly string[],
  options: { batchSize?: number; stopped?: () => boolean } = {},
): Promise<ShadowRebuild> {
  const chosen = withWhatTheyRead(names);
  if (chosen.length === 0) return { projections: [], events: 0 };
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${lockKey}) as locked`.execute(connection);
    if (!rows[0]?.locked) return { projections: [], events: 0 };
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          const events = await buildAndSwap(connection, chosen, options);
          return { projections: chosen.map((projection) => projection.name), events };
        } catch (error) {
          if (!(error instanceof LateCommitError) || attempt === 3) throw error;
        }
      }
    } finally {
      await sql`drop schema if exists ${sql.id(SHADOW)} cascade`.execute(connection);
      await sql`select pg_advisory_unlock(${lockKey})`.execute(connection);
    }
  });
}

async function buildAndSwap(
  connection: Db,
  chosen: ReturnType<typeof withWhatTheyRead>,
  { batchSize = 1000, stopped = () => false }: { batchSize?: number; stopped?: () => boolean },
): Promise<number> {
  const tables = chosen.flatMap((projection) => projection.tables);
  const types = [...new Set(chosen.flatMap((projection) => projection.handles))];
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(connection);
  const live = rows[0]!.schema;
  await sql`drop schema if exists ${sql.id(SHADOW)} cascade`.execute(connection);
  await sql`create schema ${sql.id(SHADOW)}`.execute(connection);
  for (const table of tables)
    await sql`create table ${sql.id(SHADOW, table)} (like ${sql.id(live, table)} including all)`.execute(
      connection,
    );
  // Unqualified names find the shadow tables first, every other table (the log, the keys) live.
  const inShadow = async (trx: Transaction<Database>) =>
    sql`select set_config('search_path', ${`${SHADOW}, ${live}`}, true)`.execute(trx);
  let position = 0;
  let replayed = 0;
  const replayBatch = async (trx: Transaction<Database>) => {
    const batch = await readAll(trx, position, batchSize, types);
    if (batch.length === 0) return false;
    await applyProjections(trx, batch, chosen);
    position = batch.at(-1)!.position;
    replayed += batch.length;
    return true;
  };
  for (;;) {
    // A shutdown leaves the shadow half built: the next start begins it again.
    if (stopped()) throw new RebuildStoppedError();
    const more = await connection.transaction().execute(async (trx) => {
      await inShadow(trx);
      return replayBatch(trx);
    });
    if (!more) break;
  }
  await connection.transaction().execute(async (trx) => {
    // Appends wait from here to the commit; writers already inside commit first.
    await sql`lock table ${sql.id(live, 'events')} in exclusive mode`.execute(trx);
    await inShadow(trx);
    // An append that took its position before the replay passed it but committed after was not seen.
    const { rows: counted } = await sql<{
      count: string;
    }>`select count(*) as count from ${sql.id(live, 'events')}
      where position <= ${position} and type in (${sql.join(types.length > 0 ? types : [''])})`.execute(trx);
    if (Number(counted[0]!.count) !== replayed) throw new LateCommitError();
    while (await replayBatch(trx));
    for (const table of tables) {
      await sql`truncate table ${sql.id(live, table)}`.execute(trx);
      await sql`insert into ${sql.id(live, table)} select * from ${sql.id(SHADOW, table)}`.execute(trx);
    }
    await recordVersions(trx, chosen);
  });
  return replayed;
}
