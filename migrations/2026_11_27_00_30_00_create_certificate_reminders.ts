import { type Kysely, sql } from 'kysely';

/**
 * The expiry reminders sent per certificate (one row per certificate and threshold), read by the
 * reminder job to skip what went out and by the admin list of expiring certificates. Empty at
 * creation: no CertificateReminderSent existed before.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certificate_reminders')
    .addColumn('certificate_id', 'uuid', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('days_before', 'integer', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('certificate_reminders_pk', ['certificate_id', 'days_before'])
    .execute();
  await db.schema
    .createIndex('certificate_reminders_user')
    .on('certificate_reminders')
    .column('user_id')
    .execute();
  // The reminder job and the admin list look for standing certificates by expiry.
  await sql`create index certificates_expiry on certificates (expires_at) where revoked_at is null`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('certificates_expiry').execute();
  await db.schema.dropTable('certificate_reminders').execute();
}
