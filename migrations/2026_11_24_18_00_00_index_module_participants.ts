import type { Kysely } from 'kysely';

/**
 * The participants of one module in id order, for the results CSV's keyset pages
 * (`module_id = ? and user_id > ? order by user_id limit ?`): each page reads its own rows from this
 * index instead of sorting every remaining participant of the module again. An index only, so the
 * table stays what a rebuild from the events makes.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('module_results_participant_idx')
    .on('module_results')
    .columns(['module_id', 'user_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('module_results_participant_idx').execute();
}
