import type { Kysely } from 'kysely';

/**
 * The addresses xAPI statements name the platform's activities and people under, each from a
 * position of the log on: fixed at the first start, so a statement keeps its IRIs when the site
 * moves (docs/integrating/xapi.md).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('xapi_bases')
    .addColumn('from_position', 'bigint', (col) => col.primaryKey())
    .addColumn('base', 'text', (col) => col.notNull())
    .addColumn('fixed_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('xapi_bases').execute();
}
