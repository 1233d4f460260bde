import { sql, type Transaction } from 'kysely';
import { readAll } from '../events/store';
import type { Database, Db } from '../server/db/tables';
import type { AnyProjection } from './projection';
import { applyProjections, projections, projectionTables } from './registry';

/**
 * Empties every read table and replays the whole log into them, in one transaction so readers
 * never see a half-built state. Returns the number of events replayed.
 */
export async function rebuildProjections(
  runInTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>,
  batchSize = 1000,
): Promise<number> {
  return runInTransaction(async (trx) => {
    // Snapshots are folded state too; a rebuild usually follows a change of logic, so they go.
    const tables = [...projectionTables(), 'stream_snapshots'];
    if (tables.length > 0)
      await sql`truncate table ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
    let position = 0;
    let count = 0;
    for (;;) {
      const batch = await readAll(trx, position, batchSize);
      if (batch.length === 0) break;
      await applyProjections(trx, batch);
      position = batch.at(-1)!.position;
      count += batch.length;
    }
    await recordVersions(trx, projections);
    return count;
  });
}

/**
 * The named projections and, transitively, those whose tables they read while applying events
 * (Projection.reads and readsBefore), in the registry's order: rebuilt together, each reads the
 * others' tables as they stood at every event, as in a full rebuild. An unknown name is refused.
 */
export function withWhatTheyRead(names: readonly string[]): AnyProjection[] {
  const byName = new Map(projections.map((projection) => [projection.name, projection]));
  const unknown = names.filter((name) => !byName.has(name));
  if (unknown.length > 0)
    throw new Error(`No projection named ${unknown.join(', ')}; there are ${[...byName.keys()].join(', ')}.`);
  const owners = new Map(
    projections.flatMap((projection) => projection.tables.map((table) => [table, projection])),
  );
  const chosen = new Set<string>();
  const visit = (name: string) => {
    if (chosen.has(name)) return;
    chosen.add(name);
    const projection = byName.get(name)!;
    for (const table of [...(projection.reads ?? []), ...(projection.readsBefore ?? [])]) {
      const owner = owners.get(table);
      if (!owner) throw new Error(`Projection ${name} reads ${table}, which no projection writes.`);
      visit(owner.name);
    }
  };
  for (const name of names) visit(name);
  return projections.filter((projection) => chosen.has(projection.name));
}

/**
 * Rebuilds only the named projections (with what they read, see withWhatTheyRead) inside the
 * caller's transaction: empties their tables and replays, batch by batch, only the events of the
 * types they handle. Other tables and the stream snapshots are left as they are.
 */
export async function rebuildChosen(
  trx: Transaction<Database>,
  names: readonly string[],
  batchSize = 1000,
): Promise<{ projections: string[]; events: number }> {
  const chosen = withWhatTheyRead(names);
  if (chosen.length === 0) return { projections: [], events: 0 };
  const tables = chosen.flatMap((projection) => projection.tables);
  await sql`truncate table ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
  const types = [...new Set(chosen.flatMap((projection) => projection.handles))];
  let position = 0;
  let count = 0;
  for (;;) {
    const batch = await readAll(trx, position, batchSize, types);
    if (batch.length === 0) break;
    await applyProjections(trx, batch, chosen);
    position = batch.at(-1)!.position;
    count += batch.length;
  }
  await recordVersions(trx, chosen);
  return { projections: chosen.map((projection) => projection.name), events: count };
}

/** Notes in projection_versions that these projections' tables are built with today's versions. */
export async function recordVersions(db: Db, built: readonly AnyProjection[]) {
  const rows = built
    .filter((projection) => projection.tables.length > 0)
    .map((projection) => ({ name: projection.name, version: projection.version ?? 1, built_at: new Date() }));
  if (rows.length === 0) return;
  await db
    .insertInto('projection_versions')
    .values(rows)
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({
        version: eb.ref('excluded.version'),
        built_at: eb.ref('excluded.built_at'),
      })),
    )
    .execute();
}
