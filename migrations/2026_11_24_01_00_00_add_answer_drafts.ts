import type { Kysely } from 'kysely';

/**
 * Drafts (AnswerDrafted): the latest unconfirmed answer per participant and question; and the
 * attempts teachers gave on top of the formula (AttemptGranted).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('result_answers')
    .addColumn('extra_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('result_drafts')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('module_id', 'uuid', (col) => col.notNull())
    .addColumn('page_id', 'uuid', (col) => col.notNull())
    .addColumn('page_path', 'text', (col) => col.notNull())
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('answer', 'jsonb')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('result_drafts_pk', ['user_id', 'module_id', 'page_path', 'question'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('result_drafts').execute();
  await db.schema.alterTable('result_answers').dropColumn('extra_attempts').execute();
}
