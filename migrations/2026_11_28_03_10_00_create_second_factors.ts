import type { Kysely } from 'kysely';

/**
 * Private state of the second factor, outside the event log: the authenticator secret (sealed with
 * the person's key, so an erasure leaves it unreadable everywhere), the last time step a code was
 * accepted for (a code is good once), a secret waiting for its first code, and the recovery codes
 * (hashed, each spent once).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('second_factors')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('secret', 'text')
    .addColumn('enrolled_at', 'timestamptz')
    .addColumn('last_step', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('pending_secret', 'text')
    .addColumn('pending_since', 'timestamptz')
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('second_factors').execute();
}
