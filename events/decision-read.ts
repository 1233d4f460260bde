import { type Kysely, sql } from 'kysely';
import { openValueWith } from './personal-data';
import { type EventRow, readStream, type StoredEvent, toStored } from './store';

// biome-ignore lint/suspicious/noExplicitAny: works on the db or a transaction of the full schema
type AnyDb = Kysely<any>;

export interface DecisionSource<State> {
  /** The snapshot the tail folds onto; null when there is none (or it can no longer be opened). */
  snapshot: { version: number; state: State } | null;
  /** The stream's events after the snapshot, personal fields opened. */
  tail: StoredEvent[];
}

type Row = EventRow & { kind: 'snapshot' | 'event' | 'key'; key: Uint8Array | null };

/**
 * What a decision needs, in one statement (a save is a hot path, and on the embedded database each
 * statement costs more than the work in it): the stream's snapshot, the events after it and the
 * key of the person the snapshot is sealed for. `keys` gets that key, so opening the tail and
 * sealing the new events read it no more.
 */
export async function readDecisionSource<State>(
  db: AnyDb,
  stream: string,
  snapshot: { schemaVersion: number; subject: string | null } | null,
  keys: Map<string, Buffer | null>,
): Promise<DecisionSource<State>> {
  const schemaVersion = snapshot?.schemaVersion ?? null;
  const subject = snapshot?.subject ?? null;
  const { rows } = await sql<Row>`
    with snap as (
      select version, state from stream_snapshots
      where stream = ${stream} and schema_version = ${schemaVersion}::int
    )
    select 'snapshot' as kind, 0 as order_by, version, null::bigint as position, null::text as type,
           null::int as schema_version, state as data, null::jsonb as meta,
           null::timestamptz as recorded_at, null::bytea as key
      from snap
    union all
    select 'key', 1, null, null, null, null, null, null, null, key
      from personal_data_keys where subject_id = ${subject}::text
    union all
    select 'event', 2, version, position, type, schema_version, data, meta, recorded_at, null
      from events
      where stream = ${stream} and version > coalesce((select version from snap), 0)
    order by order_by, version`.execute(db);
  if (subject !== null) {
    const found = rows.find((row) => row.kind === 'key');
    keys.set(subject, found?.key ? Buffer.from(found.key) : null);
  }
  const stored = rows.find((row) => row.kind === 'snapshot');
  const events = rows.filter((row) => row.kind === 'event').map((row) => ({ ...row, stream }));
  if (!stored) return { snapshot: null, tail: await toStored(db, events, keys) };
  const state = subject === null ? stored.data : openValueWith(keys.get(subject) ?? null, stored.data);
  // Sealed for someone since erased: it counts as none, so the whole stream is folded.
  if (state === null) return { snapshot: null, tail: await readStream(db, stream, { keys }) };
  return {
    snapshot: { version: stored.version, state: state as State },
    tail: await toStored(db, events, keys),
  };
}
