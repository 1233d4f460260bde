import { createHash } from 'node:crypto';
import { once } from 'node:events';
import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import { eventDefinition } from '../../events/registry';
import { rebuildProjections } from '../../projections/rebuild';
import type { Database } from '../db';
import type { Db } from '../db/tables';
import { transaction } from '../db/transaction';

/**
 * Backup and restore by the event log (`export` / `import`).
 *
 * The file is NDJSON: a header line, then the rows of the private tables a restore needs (state
 * kept outside the log on purpose: the per-person keys that make erasure real, password hashes),
 * then every event in position order exactly as stored (personal fields stay sealed; old schema
 * versions stay old and are upcast on read as always), then a checksum line:
 *
 *   {"format":"srhr-platform-backup","formatVersion":1,"platformVersion":"…","exportedAt":"…"}
 *   {"table":"personal_data_keys","row":{…}}
 *   {"position":1,"stream":"course-…","version":1,"type":"CourseCreated","schema_version":1,"data":{…},"meta":{…},"recorded_at":"2026-11-22T08:00:00.123456+00:00"}
 *   {"checksum":"sha256:<hex of every byte above>","count":<events>,"rows":<table rows>}
 *
 * Read tables (projections) and snapshots are not in the file: import rebuilds them from the log.
 * Uploaded files travel beside it with `--with-files` (backup-files.ts).
 */

const backupFormat = 'srhr-platform-backup';
const backupFormatVersion = 1;

/**
 * State outside the log that a restore cannot rebuild: copied row by row. `uploads` says who stored
 * which upload (quotas, replacing an unused profile picture); the files travel with `--with-files`.
 * `known_devices`: the browsers that signed in before, so a restore does not mail every account
 * about a 'new' device at its next sign-in. `external_identities`: which account an external pool's
 * person signs in to; without them, every pool user would be refused after a restore.
 */
export const carriedTables = [
  'personal_data_keys',
  'credentials',
  'uploads',
  'known_devices',
  'external_identities',
  // A restore keeps two-step sign-in on: losing it would quietly weaken every account that had it.
  'second_factors',
  'recovery_codes',
  // The reminders already mailed: without them a restore would mail every reminder of the day again.
  'live_reminders_sent',
  // The xAPI IRI bases: a restored site names its statements' activities as before.
  'xapi_bases',
  // LTI: the tool's key (the platforms hold its public half) and where launched learners' scores go.
  'lti_tool_keys',
  'lti_grade_targets',
];

/**
 * Carried tables the target's own start fills before an import can run (the xAPI base it fixed):
 * not required empty, and replaced by the backup's rows when it brings some.
 */
const replacedOnImport = new Set(['xapi_bases']);

/**
 * State outside the log that a restore drops on purpose: pending sign-in and reset codes, sessions
 * (everyone signs in again), rate-limit counters, the identity mail queue. Also outside the file:
 * `DATA_DIR/keys` (or JWT_PRIVATE_KEY), pg-boss's jobs; uploaded files unless exported with
 * `--with-files` (backup-files.ts). The xAPI push marks name transactions of the old database: a
 * restore starts them over, and the LRS, sent every statement again, keeps each once by its id.
 * The recorded signing key's thumbprint: the restored deployment's first start records its own.
 */
export const transientTables = [
  'auth_codes',
  'sessions',
  'rate_limits',
  'mail_outbox',
  'xapi_push_marks',
  'signing_key',
  // LTI logins under way (minutes long): the platform starts them again.
  'lti_logins',
];

export class BackupError extends Error {}

/** Tables are read and written by name in raw SQL (`sql.table`), which any handle on the schema runs. */
type Trx = Transaction<Database>;

export interface BackupSummary {
  events: number;
  rows: number;
  checksum: string;
}

async function existingTables(db: Db, names: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const name of names) {
    const { rows } = await sql<{ exists: boolean }>`
      select to_regclass(${name}) is not null as exists`.execute(db);
    if (rows[0]?.exists) found.push(name);
  }
  return found;
}

/**
 * Streams the backup into `out` (not closed here), batch by batch. Runs in one read-only
 * repeatable-read transaction, so on PostgreSQL the file is the database as of one instant even
 * while other instances keep writing; each batch is a separate query, never one giant result.
 */
export async function exportBackup(
  db: Db,
  out: Writable,
  options: { platformVersion: string; batchSize?: number },
): Promise<BackupSummary> {
  const batchSize = options.batchSize ?? 1000;
  const digest = createHash('sha256');
  const write = async (lines: string[]) => {
    if (lines.length === 0) return;
    const chunk = `${lines.join('\n')}\n`;
    digest.update(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  };
  return transaction(db, async (trx) => {
    await sql`set transaction isolation level repeatable read, read only`.execute(trx);
    await write([
      JSON.stringify({
        format: backupFormat,
        formatVersion: backupFormatVersion,
        platformVersion: options.platformVersion,
        exportedAt: new Date().toISOString(),
      }),
    ]);

    let rows = 0;
    for (const table of await existingTables(trx, carriedTables)) {
      for (let offset = 0; ; offset += batchSize) {
        // to_jsonb writes every column type losslessly as text PostgreSQL reads back (bytea as \x…).
        const { rows: batch } = await sql<{ row: unknown }>`
          select to_jsonb(t) as row from ${sql.table(table)} t
          order by 1 limit ${batchSize} offset ${offset}`.execute(trx);
        await write(batch.map(({ row }) => JSON.stringify({ table, row })));
        rows += batch.length;
        if (batch.length < batchSize) break;
      }
    }

    let events = 0;
    let position = 0;
    for (;;) {
      const { rows: batch } = await sql<{
        position: number;
        stream: string;
        version: number;
        type: string;
        schema_version: number;
        data: unknown;
        meta: unknown;
        recorded_at: string;
      }>`
        select position, stream, version, type, schema_version, data, meta,
               to_json(recorded_at) #>> '{}' as recorded_at
        from events where position > ${position} order by position limit ${batchSize}`.execute(trx);
      if (batch.length === 0) break;
      await write(batch.map((event) => JSON.stringify(event)));
      events += batch.length;
      position = batch.at(-1)!.position;
    }

    const checksum = `sha256:${digest.digest('hex')}`;
    const last = `${JSON.stringify({ checksum, count: events, rows })}\n`;
    if (!out.write(last)) await once(out, 'drain');
    return { events, rows, checksum };
  });
}

const headerSchema = z.object({
  format: z.literal(backupFormat),
  formatVersion: z.literal(backupFormatVersion),
});
const eventSchema = z.object({
  position: z.number().int().positive(),
  stream: z.string().min(1),
  version: z.number().int().positive(),
  type: z.string().min(1),
  schema_version: z.number().int().positive(),
  data: z.unknown(),
  meta: z.record(z.string(), z.unknown()),
  recorded_at: z.string().min(1),
});
const tableRowSchema = z.object({ table: z.string(), row: z.record(z.string(), z.unknown()) });
const checksumSchema = z.object({
  checksum: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  count: z.number().int().min(0),
  rows: z.number().int().min(0),
});

async function assertEmpty(trx: Trx): Promise<void> {
  const { rows } = await sql<{ count: number }>`select count(*)::int as count from events`.execute(trx);
  const count = rows[0]?.count ?? 0;
  if (count > 0) {
    throw new BackupError(
      `The database already holds ${count} events: import only into an empty database ` +
        '(a new DATA_DIR, or a newly created PostgreSQL database). Nothing was changed.',
    );
  }
  for (const table of await existingTables(trx, carriedTables)) {
    if (replacedOnImport.has(table)) continue;
    const { rows: any } = await sql`select 1 from ${sql.table(table)} limit 1`.execute(trx);
    if (any.length > 0) {
      throw new BackupError(`The table ${table} is not empty: import only into an empty database.`);
    }
  }
}

/**
 * Loads a backup into an empty database: all of it or nothing, in one transaction. Checks the
 * header, the order (positions rising, every stream's versions 1, 2, 3, …), that this version of the
 * platform knows every event type, and the checksum; keeps positions, streams, versions and
 * recording times as they were; then rebuilds every read table from the log.
 */
export async function importBackup(
  db: Db,
  input: Readable,
  options: {
    batchSize?: number;
    /**
     * Runs once the log is in and the read tables are rebuilt, before the commit: a failure here
     * (restoring the uploads) still leaves the database as it was.
     */
    beforeCommit?: () => Promise<void>;
  } = {},
): Promise<BackupSummary> {
  const batchSize = options.batchSize ?? 500;
  return transaction(db, async (trx) => {
    // Other instances on the same PostgreSQL database wait instead of writing in between.
    await sql`lock table events in exclusive mode`.execute(trx);
    await assertEmpty(trx);
    const known = new Set(await existingTables(trx, carriedTables));

    const digest = createHash('sha256');
    const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
    let lineNumber = 0;
    let summary: z.infer<typeof checksumSchema> | null = null;
    let events: z.infer<typeof eventSchema>[] = [];
    let rowsByTable = new Map<string, unknown[]>();
    let eventCount = 0;
    let rowCount = 0;
    let lastPosition = 0;
    const streamVersions = new Map<string, number>();
    const fail = (message: string): never => {
      throw new BackupError(`Line ${lineNumber}: ${message}. Nothing was imported.`);
    };

    const flushEvents = async () => {
      if (events.length === 0) return;
      await sql`
        insert into events (position, stream, version, type, schema_version, data, meta, recorded_at)
        overriding system value values ${sql.join(
          events.map(
            (e) =>
              sql`(${e.position}, ${e.stream}, ${e.version}, ${e.type}, ${e.schema_version},
                   ${JSON.stringify(e.data)}::jsonb, ${JSON.stringify(e.meta)}::jsonb, ${e.recorded_at}::timestamptz)`,
          ),
        )}`.execute(trx);
      events = [];
    };
    const replaced = new Set<string>();
    const flushRows = async () => {
      for (const [table, rows] of rowsByTable) {
        if (replacedOnImport.has(table) && !replaced.has(table)) {
          await sql`delete from ${sql.table(table)}`.execute(trx);
          replaced.add(table);
        }
        await sql`
          insert into ${sql.table(table)}
          select * from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)`.execute(
          trx,
        );
      }
      rowsByTable = new Map();
    };

    for await (const line of lines) {
      lineNumber++;
      if (summary) fail('nothing may follow the checksum line');
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        fail('not JSON');
      }
      if (lineNumber === 1) {
        if (!headerSchema.safeParse(value).success)
          fail(
            `not a backup of this platform (expected a "${backupFormat}" header, version ${backupFormatVersion})`,
          );
        digest.update(`${line}\n`);
        continue;
      }
      if (typeof value === 'object' && value !== null && 'checksum' in value) {
        const parsed = checksumSchema.safeParse(value);
        if (!parsed.success) fail('malformed checksum line');
        summary = parsed.data!;
        continue;
      }
      digest.update(`${line}\n`);
      if (typeof value === 'object' && value !== null && 'table' in value) {
        const parsed = tableRowSchema.safeParse(value);
        if (!parsed.success) fail('malformed table row');
        const { table, row } = parsed.data!;
        if (!known.has(table)) fail(`unknown table ${table}`);
        if (eventCount > 0) fail('table rows come before the events');
        const rows = rowsByTable.get(table) ?? [];
        rows.push(row);
        rowsByTable.set(table, rows);
        rowCount++;
        if (rows.length >= batchSize) await flushRows();
        continue;
      }
      const parsed = eventSchema.safeParse(value);
      if (!parsed.success) fail(`malformed event (${parsed.error!.issues[0]?.path.join('.')})`);
      const event = parsed.data!;
      if (event.position <= lastPosition) fail(`position ${event.position} does not follow ${lastPosition}`);
      const expected = (streamVersions.get(event.stream) ?? 0) + 1;
      if (event.version !== expected)
        fail(`${event.stream} version ${event.version} where ${expected} was expected`);
      try {
        eventDefinition(event.type);
      } catch {
        fail(`unknown event type ${event.type} (exported by a newer version of the platform?)`);
      }
      if (rowsByTable.size > 0) await flushRows();
      lastPosition = event.position;
      streamVersions.set(event.stream, event.version);
      events.push(event);
      eventCount++;
      if (events.length >= batchSize) await flushEvents();
    }

    if (lineNumber === 0) throw new BackupError('The file is empty. Nothing was imported.');
    if (!summary)
      throw new BackupError('The file has no checksum line: it is incomplete. Nothing was imported.');
    const checksum = `sha256:${digest.digest('hex')}`;
    if (checksum !== summary.checksum || summary.count !== eventCount || summary.rows !== rowCount) {
      throw new BackupError(
        `The file is damaged: checksum ${checksum} over ${eventCount} events and ${rowCount} rows, ` +
          `where the file says ${summary.checksum} over ${summary.count} and ${summary.rows}. Nothing was imported.`,
      );
    }
    await flushRows();
    await flushEvents();
    if (lastPosition > 0) {
      // New events continue after the imported ones.
      await sql`select setval(pg_get_serial_sequence('events', 'position'), ${lastPosition})`.execute(trx);
    }
    await rebuildProjections((work) => work(trx));
    await options.beforeCommit?.();
    return { events: eventCount, rows: rowCount, checksum };
  });
}
