import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  // Every certificate ever issued, with its verification code (docs/guide/certificates.md).
  await db.schema
    .createTable('certificates')
    .addColumn('certificate_id', 'uuid', (col) => col.primaryKey())
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('item_id', 'uuid', (col) => col.notNull())
    .addColumn('item_path', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('issued_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('how', 'text', (col) => col.notNull())
    .addColumn('issued_by', 'text')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by', 'text')
    .addColumn('revoke_reason', 'text')
    .execute();
  await db.schema
    .createIndex('certificates_user')
    .on('certificates')
    .columns(['user_id', 'issued_at'])
    .execute();
  await db.schema
    .createIndex('certificates_item')
    .on('certificates')
    .columns(['kind', 'item_id', 'user_id'])
    .execute();
  // At most one unrevoked certificate per person and item, whatever happens above the table.
  await sql`create unique index certificates_one_standing on certificates (kind, item_id, user_id)
    where revoked_at is null and expires_at is null`.execute(db);

  // The fraud check's review list.
  await db.schema
    .createTable('certificate_reviews')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('item_id', 'uuid', (col) => col.notNull())
    .addColumn('item_path', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('seconds_spent', 'integer', (col) => col.notNull())
    .addColumn('estimated_seconds', 'integer', (col) => col.notNull())
    .addColumn('flagged_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('certificate_reviews_pk', ['kind', 'item_id', 'user_id'])
    .execute();

  // The certificate config of each module and course that has one.
  await db.schema
    .createTable('certificate_configs')
    .addColumn('item_type', 'text', (col) => col.notNull())
    .addColumn('item_id', 'uuid', (col) => col.notNull())
    .addColumn('config', 'jsonb', (col) => col.notNull())
    .addPrimaryKeyConstraint('certificate_configs_pk', ['item_type', 'item_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('certificate_configs').execute();
  await db.schema.dropTable('certificate_reviews').execute();
  await db.schema.dropTable('certificates').execute();
}
