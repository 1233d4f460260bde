import type { Kysely } from 'kysely';

/**
 * The version of its projection each read table was built with (projections/lifecycle.ts). Empty
 * here: a projection without a row is rebuilt from the log at the next start, so a database
 * upgraded from before this table has every read table rebuilt once, whatever it lacked.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('projection_versions')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('built_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('projection_versions').execute();
}
