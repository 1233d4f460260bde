import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('file_summaries')
    .addColumn('file_id', 'uuid', (col) => col.primaryKey())
    .addColumn('path', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
  // The ordered items (modules, files) of a parent (course, section), linked on the parent's stream.
  await db.schema
    .createTable('content_links')
    .addColumn('parent_type', 'text', (col) => col.notNull())
    .addColumn('parent_path', 'text', (col) => col.notNull())
    .addColumn('item_type', 'text', (col) => col.notNull())
    .addColumn('item_path', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('content_links_pk', ['parent_type', 'parent_path', 'item_type', 'item_path'])
    .execute();
  await db.schema
    .createIndex('content_links_item_idx')
    .on('content_links')
    .columns(['item_type', 'item_path'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_links').execute();
  await db.schema.dropTable('file_summaries').execute();
}
