import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('module_summaries')
    .addColumn('module_id', 'uuid', (col) => col.primaryKey())
    .addColumn('path', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('info', 'text', (col) => col.notNull())
    .addColumn('origin_id', 'text')
    .addColumn('public', 'boolean', (col) => col.notNull())
    .addColumn('on_home', 'boolean', (col) => col.notNull())
    .addColumn('show_correct', 'boolean', (col) => col.notNull())
    .addColumn('test', 'boolean', (col) => col.notNull())
    .addColumn('anonymous_pages', 'boolean', (col) => col.notNull())
    .addColumn('randomized', 'jsonb', (col) => col.notNull())
    .addColumn('gate_progress', 'boolean', (col) => col.notNull())
    .addColumn('gate_config', 'jsonb', (col) => col.notNull())
    .addColumn('image', 'jsonb')
    .addColumn('published', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('module_summaries_listing_idx')
    .on('module_summaries')
    .columns(['published', 'name'])
    .execute();
  await db.schema
    .createIndex('module_summaries_origin_idx')
    .on('module_summaries')
    .column('origin_id')
    .execute();

  await db.schema
    .createTable('module_owners')
    .addColumn('module_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('module_owners_pk', ['module_id', 'user_id'])
    .execute();
  await db.schema.createIndex('module_owners_user_idx').on('module_owners').column('user_id').execute();

  await db.schema
    .createTable('page_summaries')
    .addColumn('page_id', 'uuid', (col) => col.primaryKey())
    .addColumn('path', 'text', (col) => col.notNull().unique())
    .addColumn('module_path', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('content', 'jsonb', (col) => col.notNull())
    .addColumn('interactive_video', 'jsonb')
    .addColumn('estimated_time', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('page_summaries_module_idx')
    .on('page_summaries')
    .columns(['module_path', 'position'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['page_summaries', 'module_owners', 'module_summaries']) {
    await db.schema.dropTable(table).execute();
  }
}
