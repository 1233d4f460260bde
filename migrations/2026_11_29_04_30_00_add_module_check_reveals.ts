import type { Kysely } from 'kysely';

/**
 * What a learner's check reveals while attempts remain, per module. Rows already there are filled in by
 * the projection lifecycle: the module_summaries projection's version was bumped with this column, so it
 * is rebuilt from the log at the next start; until then they read 'nothing', what checks did before.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('module_summaries')
    .addColumn('check_reveals', 'text', (col) => col.notNull().defaultTo('nothing'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('module_summaries').dropColumn('check_reveals').execute();
}
