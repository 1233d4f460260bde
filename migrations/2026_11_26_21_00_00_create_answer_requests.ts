import type { Kysely } from 'kysely';

/**
 * The idempotency keys of participants' saves (docs/adr/0008-saves-carry-an-idempotency-key.md),
 * per stream they were applied to. The primary key serves both the look-up by user and key and the
 * deletion of a user's rows.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('answer_requests')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('idempotency_key', 'uuid', (col) => col.notNull())
    .addColumn('stream', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('answer_requests_pk', ['user_id', 'idempotency_key', 'stream'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('answer_requests').execute();
}
