import { type Kysely, sql } from 'kysely';

/**
 * Who stored which upload, how large and when: the per-user upload quota adds these up, a profile
 * picture replaces the last one still unused, and uploads nothing refers to a day later are removed.
 * Kept beside the file store, not in the event log (an upload is no decision of the platform's).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('upload_id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('uploads_user_idx').on('uploads').columns(['user_id', 'purpose']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
