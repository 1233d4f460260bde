import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../server/db/tables';
import type { AnyProjection } from './projection';
import { rebuildChosen, withWhatTheyRead } from './rebuild';
import { projections } from './registry';
import { rebuildInShadow } from './shadow-rebuild';

/**
 * Projections have a lifecycle: each declares a version, and projection_versions records the one
 * its tables were built with. A projection with no row (new, or a database from before the table)
 * or an older one is behind: rebuilt from the log at start. A newer one (a later release ran
 * here) is left alone: rebuilding it with older rules would undo what that release built.
 */
export async function projectionsBehind(db: Db): Promise<AnyProjection[]> {
  const rows = await db.selectFrom('projection_versions').select(['name', 'version']).execute();
  const recorded = new Map(rows.map((row) => [row.name as string, row.version as number]));
  return projections.filter(
    (projection) =>
      projection.tables.length > 0 && (recorded.get(projection.name) ?? -1) < (projection.version ?? 1),
  );
}

/**
 * Rebuilds every projection that is behind (with what it reads), in one transaction holding an
 * advisory lock: instances starting together on one PostgreSQL database wait for the first,
 * then find nothing left to do. Readers of those tables wait for the rebuild too (it empties them),
 * which is why it runs before the server answers.
 */
export async function catchUpProjections(
  runInTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>,
  batchSize = 1000,
): Promise<{ projections: string[]; events: number }> {
  return runInTransaction(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended('projection_versions', 0))`.execute(trx);
    const behind = await projectionsBehind(trx);
    if (behind.length === 0) return { projections: [], events: 0 };
    return rebuildChosen(
      trx,
      behind.map((projection) => projection.name),
      batchSize,
    );
  });
}

/**
 * On PostgreSQL: rebuilds every projection that is behind in shadow tables (projections/
 * shadow-rebuild.ts) while the live ones keep serving this and other instances. A log with no
 * event they handle is caught up in place at once. When another instance holds the rebuild, waits
 * for it (`/readyz` says what is catching up meanwhile) and looks again, until nothing is behind.
 */
export async function catchUpInShadow(
  db: Db,
  runInTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>,
  options: { batchSize?: number; retryMs?: number; stopped?: () => boolean } = {},
): Promise<{ projections: string[]; events: number }> {
  const rebuilt = { projections: [] as string[], events: 0 };
  while (!options.stopped?.()) {
    const behind = await projectionsBehind(db);
    if (behind.length === 0) break;
    const names = behind.map((projection) => projection.name);
    const types = [...new Set(withWhatTheyRead(names).flatMap((projection) => projection.handles))];
    const { rows } = await sql<{ any: boolean }>`select exists (select 1 from events
      where type in (${sql.join(types.length > 0 ? types : [''])})) as any`.execute(db);
    const done = rows[0]?.any
      ? await rebuildInShadow(db, names, options)
      : await catchUpProjections(runInTransaction, options.batchSize);
    rebuilt.projections.push(...done.projections);
    rebuilt.events += done.events;
    if (done.projections.length === 0)
      await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 2000));
  }
  return rebuilt;
}
