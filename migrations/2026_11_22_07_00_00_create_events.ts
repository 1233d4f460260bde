import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('position', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('stream', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('schema_version', 'integer', (col) => col.notNull())
    .addColumn('data', 'jsonb', (col) => col.notNull())
    .addColumn('meta', 'jsonb', (col) => col.notNull())
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // The writing transaction, so an asynchronous reader can wait for older in-flight ones.
    .addColumn('tx', sql`xid8`, (col) => col.notNull().defaultTo(sql`pg_current_xact_id()`))
    .addUniqueConstraint('events_stream_version_key', ['stream', 'version'])
    .execute();
  await db.schema.createIndex('events_type_idx').on('events').column('type').execute();

  // The log is append-only: the database itself refuses to change or remove an event.
  await sql`
    create function events_are_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'events are append-only (% refused)', tg_op using errcode = '42501';
    end $$`.execute(db);
  await sql`
    create trigger events_no_update_or_delete before update or delete on events
    for each row execute function events_are_immutable()`.execute(db);
  await sql`
    create trigger events_no_truncate before truncate on events
    for each statement execute function events_are_immutable()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('events').execute();
  await sql`drop function events_are_immutable`.execute(db);
}
