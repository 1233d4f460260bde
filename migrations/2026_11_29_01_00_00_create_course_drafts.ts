import type { Kysely } from 'kysely';

/**
 * The draft of a published course's settings (docs/adr/0019-drafts-of-live-content.md): at most one
 * per course, whole, beside the live settings in course_summaries. The projection fills it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('course_drafts')
    .addColumn('course_id', 'uuid', (col) => col.primaryKey())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('details', 'jsonb', (col) => col.notNull())
    .addColumn('saved_at', 'timestamptz', (col) => col.notNull())
    .addColumn('saved_by', 'text')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('course_drafts').execute();
}
