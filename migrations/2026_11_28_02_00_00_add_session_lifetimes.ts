import { type Kysely, sql } from 'kysely';

/**
 * Sessions that end: `expires_at` becomes the family's absolute end (fixed at sign-in, no longer
 * pushed back by each refresh), `idle_expires_at` the moment it ends unless used before, and each
 * family keeps what its owner's 'Your sessions' page shows (kind, device, place by address prefix,
 * last use). Families of the old shape ran for 30 days from their last use with nothing to show: they
 * end here, and every browser signs in once more.
 *
 * `known_devices`: the browsers (and API clients) that signed in to an account before, by a hash of
 * their device id, so a sign-in from a new one is mailed to the owner.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from sessions`.execute(db);
  await db.schema
    .alterTable('sessions')
    .addColumn('idle_expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_used_at', 'timestamptz', (col) => col.notNull())
    .addColumn('keep_signed_in', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('browser'))
    .addColumn('user_agent', 'text')
    .addColumn('place', 'text')
    .execute();
  await db.schema.createIndex('sessions_idle_idx').on('sessions').column('idle_expires_at').execute();
  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('device_hash', 'text', (col) => col.notNull())
    .addColumn('first_seen_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'device_hash'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('known_devices').execute();
  await db.schema.dropIndex('sessions_idle_idx').execute();
  await db.schema
    .alterTable('sessions')
    .dropColumn('idle_expires_at')
    .dropColumn('last_used_at')
    .dropColumn('keep_signed_in')
    .dropColumn('kind')
    .dropColumn('user_agent')
    .dropColumn('place')
    .execute();
}
