import type { ColumnType, Kysely } from 'kysely';
import { openValue, sealValue } from './personal-data';

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

/**
 * The stored snapshot, if one exists for this state shape (`schemaVersion`). A snapshot sealed for
 * `subject` that cannot be opened (they were erased) counts as none: the caller folds the stream.
 */
export async function loadSnapshot<State>(
  db: AnyDb,
  stream: string,
  schemaVersion: number,
  subject: string | null = null,
): Promise<{ version: number; state: State } | null> {
  const row = await snapshots(db)
    .selectFrom('stream_snapshots')
    .select(['version', 'state'])
    .where('stream', '=', stream)
    .where('schema_version', '=', schemaVersion)
    .executeTakeFirst();
  if (!row) return null;
  if (subject === null) return { version: row.version, state: row.state as State };
  const state = await openValue(db, subject, row.state);
  return state === null ? null : { version: row.version, state: state as State };
}

/** Stores the folded state at `version`; sealed with the key of `subject` when given. */
export async function saveSnapshot(
  db: AnyDb,
  stream: string,
  schemaVersion: number,
  version: number,
  state: unknown,
  subject: string | null = null,
): Promise<void> {
  const stored = subject === null ? state : await sealValue(db, subject, state);
  const values = { stream, version, schema_version: schemaVersion, state: JSON.stringify(stored) };
  await snapshots(db)
    .insertInto('stream_snapshots')
    .values(values)
    .onConflict((oc) => oc.column('stream').doUpdateSet(values))
    .execute();
}
