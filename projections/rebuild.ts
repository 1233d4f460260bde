import { sql, type Transaction } from 'kysely';
import { readAll } from '../events/store';
import { applyProjections, projectionTables } from './registry';

/**
 * Empties every read table and replays the whole log into them, in one transaction so readers
 * never see a half-built state. Returns the number of events replayed.
 */
export async function rebuildProjections(
  // biome-ignore lint/suspicious/noExplicitAny: runs on the full database schema
  runInTransaction: <T>(work: (trx: Transaction<any>) => Promise<T>) => Promise<T>,
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
    return count;
  });
}
