import type { Kysely } from 'kysely';

/** Teacher scoring (AnswerScored): the feedback on an answer, who scored it last and when. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('result_answers')
    .addColumn('feedback', 'text')
    .addColumn('scored_by', 'text')
    .addColumn('scored_at', 'timestamptz')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('result_answers')
    .dropColumn('feedback')
    .dropColumn('scored_by')
    .dropColumn('scored_at')
    .execute();
}
