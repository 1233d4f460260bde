import { type Kysely, sql } from 'kysely';

/**
 * The verification codes of certificates whose holder was erased, and nothing else: so the public
 * check can say 'erased' instead of answering like a forged code. Filled here from the log for
 * erasures made before; the certificates projection keeps it from now on.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('erased_certificates')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .execute();
  await sql`
    insert into erased_certificates (code)
    select distinct issued.data->>'code' from events issued
    where issued.type = 'CertificateIssued'
      and exists (select 1 from events deleted
                  where deleted.type = 'UserDeleted' and deleted.data->>'userId' = issued.data->>'userId')
    on conflict do nothing`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('erased_certificates').execute();
}
