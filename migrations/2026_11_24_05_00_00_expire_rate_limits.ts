import { type Kysely, sql } from 'kysely';

/**
 * Rate-limit rows carry the end of their window, so a sweep can drop every row whose window has
 * ended. The keys become keyed hashes at the same time: rows under the old plain hashes would never
 * be counted again, so they go now (every counter starts afresh once).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from rate_limits`.execute(db);
  await db.schema
    .alterTable('rate_limits')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_expires_idx').on('rate_limits').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('rate_limits_expires_idx').execute();
  await db.schema.alterTable('rate_limits').dropColumn('expires_at').execute();
}
