import { type Kysely, sql } from 'kysely';

/**
 * xAPI statements (docs/integrating/xapi.md): the read table of statements derived from the log,
 * the per-module answer progress that tells when a module is completed, and the push state of each
 * LRS (not a read table: a rebuild must not make an LRS receive everything again).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('xapi_statements')
    .addColumn('statement_id', 'uuid', (col) => col.primaryKey())
    // The event it came from and its place among that event's statements: the order of the log.
    .addColumn('position', 'bigint', (col) => col.notNull())
    .addColumn('ordinal', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'text')
    .addColumn('verb', 'text', (col) => col.notNull())
    .addColumn('activity', 'text')
    .addColumn('source', 'text')
    .addColumn('voided', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('stored', 'timestamptz', (col) => col.notNull())
    .addColumn('body', 'jsonb', (col) => col.notNull())
    .addUniqueConstraint('xapi_statements_order_key', ['position', 'ordinal'])
    .execute();
  await db.schema.createIndex('xapi_statements_user_idx').on('xapi_statements').column('user_id').execute();
  await db.schema.createIndex('xapi_statements_source_idx').on('xapi_statements').column('source').execute();
  await db.schema
    .createIndex('xapi_statements_activity_idx')
    .on('xapi_statements')
    .columns(['activity', 'position'])
    .execute();
  await db.schema
    .createTable('xapi_module_progress')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('module_id', 'uuid', (col) => col.notNull())
    .addColumn('answers', 'jsonb', (col) => col.notNull())
    .addColumn('completed', 'boolean', (col) => col.notNull())
    .addPrimaryKeyConstraint('xapi_module_progress_pk', ['user_id', 'module_id'])
    .execute();
  await db.schema
    .createTable('xapi_push_marks')
    .addColumn('endpoint', 'text', (col) => col.primaryKey())
    // The last statement delivered, in the pusher's order: its event's transaction, position, ordinal.
    .addColumn('mark_tx', sql`xid8`, (col) => col.notNull().defaultTo(sql`'0'::xid8`))
    .addColumn('mark_position', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('mark_ordinal', 'integer', (col) => col.notNull().defaultTo(-1))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('pushed', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  // The pusher reads events by transaction: without an index that is a scan of the log per batch.
  await db.schema.createIndex('events_tx_idx').on('events').columns(['tx', 'position']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_tx_idx').execute();
  await db.schema.dropTable('xapi_push_marks').execute();
  await db.schema.dropTable('xapi_module_progress').execute();
  await db.schema.dropTable('xapi_statements').execute();
}
