import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  // A person's log (what they saw): first and last sighting per category and path.
  await db.schema
    .createTable('user_tracking')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('first_seen', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seen', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_tracking_pk', ['user_id', 'category', 'path'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_tracking').execute();
}
