import type { Kysely } from 'kysely';

/**
 * The author's draft of a page learners can see (docs/adr/0019-drafts-of-live-content.md): at most
 * one per page, whole, beside the live page in page_summaries. The projection fills it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_drafts')
    .addColumn('page_id', 'uuid', (col) => col.primaryKey())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('content', 'jsonb', (col) => col.notNull())
    .addColumn('interactive_video', 'jsonb')
    .addColumn('estimated_time', 'integer', (col) => col.notNull())
    .addColumn('saved_at', 'timestamptz', (col) => col.notNull())
    .addColumn('saved_by', 'text')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_drafts').execute();
}
