import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stream_snapshots')
    .addColumn('stream', 'text', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('schema_version', 'integer', (col) => col.notNull())
    .addColumn('state', 'jsonb', (col) => col.notNull())
    .addColumn('taken_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stream_snapshots').execute();
}
