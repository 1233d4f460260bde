import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('course_summaries')
    .addColumn('course_id', 'uuid', (col) => col.primaryKey())
    .addColumn('path', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('info', 'text', (col) => col.notNull())
    .addColumn('origin_id', 'text')
    .addColumn('show_user_list', 'boolean', (col) => col.notNull())
    .addColumn('show_team', 'boolean', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('startdate', 'text')
    .addColumn('enddate', 'text')
    .addColumn('teacher', 'text', (col) => col.notNull())
    .addColumn('public', 'boolean', (col) => col.notNull())
    .addColumn('on_home', 'boolean', (col) => col.notNull())
    .addColumn('published', 'boolean', (col) => col.notNull())
    .addColumn('image', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('course_summaries_listing_idx')
    .on('course_summaries')
    .columns(['published', 'name'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('course_summaries').execute();
}
