import type { ColumnType, Generated, Kysely } from 'kysely';
import { invalid, VersionConflictError } from './errors';
import { openPersonalData, personalKeysOf, sealPersonalData } from './personal-data';
import { eventDefinition, upcast, validateEventData } from './registry';
import { unstorableTextIn } from './shared/fields';

export interface EventsTable {
  position: Generated<number>;
  stream: string;
  version: number;
  type: string;
  schema_version: number;
  data: ColumnType<unknown, string, never>;
  meta: ColumnType<EventMeta, string, never>;
  recorded_at: ColumnType<Date, never, never>;
  /** The writing transaction (xid8, read as text): an asynchronous reader waits for older in-flight ones. */
  tx: ColumnType<string, never, never>;
}

export interface EventStoreTables {
  events: EventsTable;
}

export interface EventMeta {
  /** User id of whoever caused the change; null for the system (seed, jobs). */
  actorId: string | null;
  requestId: string;
  /** ISO time at which the command was decided. */
  at: string;
  causationId?: string;
}

export interface NewEvent {
  type: string;
  data: unknown;
}

export interface StoredEvent<E extends NewEvent = NewEvent> {
  position: number;
  stream: string;
  version: number;
  type: E['type'];
  schemaVersion: number;
  data: E['data'];
  meta: EventMeta;
  recordedAt: Date;
}

/** The store works on any Kysely whose schema includes the events table (the db or a transaction). */
// biome-ignore lint/suspicious/noExplicitAny: the store only touches its own table
type AnyDb = Kysely<any>;
const events = (db: AnyDb) => db as Kysely<EventStoreTables>;

const UNIQUE_VIOLATION = '23505';

export type EventRow = {
  position: number;
  stream: string;
  version: number;
  type: string;
  schema_version: number;
  data: unknown;
  meta: EventMeta;
  recorded_at: Date;
};

/** Rows to events: personal fields opened (or nulled after erasure), old shapes upcast. */
export async function toStored(
  db: AnyDb,
  rows: EventRow[],
  keyCache: Map<string, Buffer | null> = new Map(),
): Promise<StoredEvent[]> {
  const wanted = rows.flatMap((row) => {
    const personal = eventDefinition(row.type).personal;
    const subject = personal && String((row.data as Record<string, unknown>)[personal.subject]);
    return subject && !keyCache.has(subject) ? [subject] : [];
  });
  for (const [subject, key] of await personalKeysOf(db, wanted)) keyCache.set(subject, key);
  const result: StoredEvent[] = [];
  for (const row of rows) {
    const definition = eventDefinition(row.type);
    const data = definition.personal
      ? await openPersonalData(db, definition.personal, row.data as Record<string, unknown>, keyCache)
      : row.data;
    result.push(storedFrom(row, definition.schemaVersion, data));
  }
  return result;
}

function storedFrom(row: EventRow, schemaVersion: number, data: unknown): StoredEvent {
  return {
    position: row.position,
    stream: row.stream,
    version: row.version,
    type: row.type,
    schemaVersion,
    data: upcast(row.type, row.schema_version, data),
    meta: row.meta,
    recordedAt: row.recorded_at,
  };
}

export async function streamVersion(db: AnyDb, stream: string): Promise<number> {
  const row = await events(db)
    .selectFrom('events')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('stream', '=', stream)
    .executeTakeFirst();
  return row?.version ?? 0;
}

/**
 * Appends events to a stream when it is still at `expectedVersion` (0: the stream must not exist).
 * Run it inside a transaction: the unique (stream, version) index is the final arbiter between
 * concurrent writers, and the loser gets a VersionConflictError.
 */
export async function append(
  trx: AnyDb,
  stream: string,
  expectedVersion: number,
  newEvents: NewEvent[],
  meta: EventMeta,
  options: {
    versionRead?: boolean;
    /** Personal-data keys this transaction already read (readStream's), so they are not read again. */
    keys?: Map<string, Buffer | null>;
  } = {},
): Promise<StoredEvent[]> {
  if (newEvents.length === 0) return [];
  // The pipeline read the version under the stream's lock moments ago: no need to read it again.
  if (!options.versionRead) {
    const actual = await streamVersion(trx, stream);
    if (actual !== expectedVersion) throw new VersionConflictError(stream, expectedVersion, actual);
  }
  const keyCache = new Map<string, Buffer>();
  for (const [subject, key] of options.keys ?? []) if (key) keyCache.set(subject, key);
  const rows: {
    stream: string;
    version: number;
    type: string;
    schema_version: number;
    data: string;
    meta: string;
  }[] = [];
  const plain: unknown[] = [];
  for (const [index, event] of newEvents.entries()) {
    const definition = eventDefinition(event.type);
    const valid = validateEventData(event.type, event.data) as Record<string, unknown>;
    // The last guard for text the schemas let through: PostgreSQL refuses NUL and lone surrogates.
    const unstorable = unstorableTextIn(valid);
    if (unstorable !== null) throw invalid('validation.text', [{ path: unstorable, key: 'validation.text' }]);
    plain.push(valid);
    const data = definition.personal
      ? await sealPersonalData(trx, definition.personal, valid, keyCache)
      : valid;
    rows.push({
      stream,
      version: expectedVersion + index + 1,
      type: event.type,
      schema_version: definition.schemaVersion,
      data: JSON.stringify(data),
      meta: JSON.stringify(meta),
    });
  }
  try {
    // Only what the database chose comes back: the sealed data would cost its parsing for nothing.
    const inserted = await events(trx)
      .insertInto('events')
      .values(rows)
      .returning(['position', 'recorded_at'])
      .execute();
    // Callers get the plain data they appended, not the sealed copy.
    return inserted.map((row, index) =>
      storedFrom({ ...rows[index]!, ...row, meta } as EventRow, rows[index]!.schema_version, plain[index]),
    );
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
      throw new VersionConflictError(stream, expectedVersion, null);
    }
    throw error;
  }
}

/** The events of one stream in order; `until` folds history as it was at that time. */
export async function readStream(
  db: AnyDb,
  stream: string,
  options: { until?: Date; afterVersion?: number; keys?: Map<string, Buffer | null> } = {},
): Promise<StoredEvent[]> {
  let query = events(db).selectFrom('events').selectAll().where('stream', '=', stream);
  if (options.until) query = query.where('recorded_at', '<=', options.until as never);
  if (options.afterVersion) query = query.where('version', '>', options.afterVersion);
  const rows = await query.orderBy('version').execute();
  return toStored(db, rows as EventRow[], options.keys);
}

/** Events after `fromPosition` (exclusive) in global order, at most `limit` of them (of `types` only, if given). */
export async function readAll(
  db: AnyDb,
  fromPosition = 0,
  limit = 1000,
  types?: readonly string[],
): Promise<StoredEvent[]> {
  let query = events(db).selectFrom('events').selectAll().where('position', '>', fromPosition);
  if (types) query = query.where('type', 'in', types.length > 0 ? [...types] : ['']);
  const rows = await query.orderBy('position').limit(limit).execute();
  return toStored(db, rows as EventRow[]);
}
