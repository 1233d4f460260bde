import { type Kysely, sql } from 'kysely';

/**
 * The words of every live course, module and page, indexed in the item's language for full-text
 * search (docs/adr/0022-search-with-postgresql-full-text.md). The projection fills it; the GIN index
 * answers a search without reading every row.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_items')
    .addColumn('item_id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('module_path', 'text')
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('document', sql`tsvector`, (col) => col.notNull())
    .execute();
  await sql`create index search_items_document on search_items using gin (document)`.execute(db);
  await db.schema.createIndex('search_items_module_path').on('search_items').column('module_path').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_items').execute();
}
