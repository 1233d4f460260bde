import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('section_summaries')
    .addColumn('section_id', 'uuid', (col) => col.primaryKey())
    .addColumn('path', 'text', (col) => col.notNull().unique())
    .addColumn('course_path', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('info', 'text', (col) => col.notNull())
    .addColumn('origin_id', 'text')
    .addColumn('date', 'text')
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('teacher', 'text', (col) => col.notNull())
    .addColumn('public', 'boolean', (col) => col.notNull())
    .addColumn('published', 'boolean', (col) => col.notNull())
    .addColumn('image', 'jsonb')
    .addColumn('classroom', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('section_summaries_course_idx')
    .on('section_summaries')
    .columns(['course_path', 'position'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('section_summaries').execute();
}
