import { type Kysely, sql } from 'kysely';

/**
 * The Open Badges status list entry of every certificate: the list and index come from the
 * position of its CertificateIssued event (131 072 positions per list), so they never change and a
 * rebuild or a restore (which keeps positions) gives them back. Certificates issued before are
 * filled in by the projection lifecycle, which rebuilds a projection new to a database from the log.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('credential_status')
    .addColumn('certificate_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('status_list', 'integer', (col) => col.notNull())
    .addColumn('status_index', 'integer', (col) => col.notNull())
    .addColumn('revoked', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createIndex('credential_status_revoked')
    .on('credential_status')
    .columns(['status_list', 'status_index'])
    .where(sql.ref('revoked'), '=', true)
    .execute();
  await db.schema.createIndex('credential_status_user').on('credential_status').column('user_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('credential_status').execute();
}
