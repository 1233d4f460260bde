import type { Kysely } from 'kysely';

/**
 * A participant's group within a course (ParticipantGroupSet), on their link to it. Rows already
 * there are filled in by the projection lifecycle: the users projection's version was bumped with
 * this column, so it is rebuilt from the log at the next start.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_links').addColumn('group_label', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_links').dropColumn('group_label').execute();
}
