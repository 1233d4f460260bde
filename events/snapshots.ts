import type { ColumnType, Kysely } from 'kysely';

/**
 * Folded state of a long stream at a version, so a command reads only the events after it.
 * A cache, never a source of truth: dropping every row changes no outcome, only speed.
 */
export interface StreamSnapshotsTable {
  stream: string;
  version: number;
  schema_version: number;
  state: ColumnType<unknown, string, string>;
  taken_at: ColumnType<Date, never, never>;
}

export interface SnapshotTables {
  stream_snapshots: StreamSnapshotsTable;
}

// biome-ignore lint/suspicious/noExplicitAny: works on the db or a transaction of the full schema
type AnyDb = Kysely<any>;
const snapshots = (db: AnyDb) => db as Kysely<SnapshotTables>;

/** The stored snapshot, if one exists for this state shape (`schemaVersion`). */
export async function loadSnapshot<State>(
  db: AnyDb,
  stream: string,
  schemaVersion: number,
): Promise<{ version: number; state: State } | null> {
  const row = await snapshots(db)
    .selectFrom('stream_snapshots')
    .select(['version', 'state'])
    .where('stream', '=', stream)
    .where('schema_version', '=', schemaVersion)
    .executeTakeFirst();
  return row ? { version: row.version, state: row.state as State } : null;
}

export async function saveSnapshot(
  db: AnyDb,
  stream: string,
  schemaVersion: number,
  version: number,
  state: unknown,
): Promise<void> {
  const values = { stream, version, schema_version: schemaVersion, state: JSON.stringify(state) };
  await snapshots(db)
    .insertInto('stream_snapshots')
    .values(values)
    .onConflict((oc) => oc.column('stream').doUpdateSet(values))
    .execute();
}
