import { type Kysely, sql } from 'kysely';

/**
 * Token revocation without a cache: `users.credential_version` (a projection column raised by a
 * password change or a removed role; ID tokens carry it and an older one is refused), and refresh
 * sessions grouped in families (one row per family holding its current token: replaying an older
 * token of the family ends the whole family). Sessions of the old shape cannot be told apart by
 * family, so they end here: every browser signs in once more.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('credential_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`delete from sessions`.execute(db);
  await db.schema
    .alterTable('sessions')
    .addColumn('family_id', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_family_idx').on('sessions').column('family_id').unique().execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_family_idx').execute();
  await db.schema.alterTable('sessions').dropColumn('family_id').execute();
  await db.schema.alterTable('users').dropColumn('credential_version').execute();
}
