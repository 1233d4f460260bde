import { type Kysely, sql } from 'kysely';

/**
 * The accounts of an external OIDC pool that sign in here, each by its issuer and subject (the
 * pool's own id of the person, which stays when their address changes), and the account it signs in
 * to. The subject is kept only as a SHA-256 digest: finding the account needs nothing more.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('external_identities')
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('subject_hash', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('linked_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('how', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('external_identities_pk', ['issuer', 'subject_hash'])
    .execute();
  await db.schema
    .createIndex('external_identities_user_idx')
    .on('external_identities')
    .column('user_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('external_identities').execute();
}
