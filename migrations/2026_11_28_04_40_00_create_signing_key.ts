import { type Kysely, sql } from 'kysely';

/**
 * The public half of the key that signs ID tokens, as its JWK thumbprint: instances that share a
 * PostgreSQL database must sign with one key (each accepts the others' tokens and keys its rate-limit
 * counters alike), so an instance with another key refuses to start (server/auth/bootstrap.ts). One
 * row at most; the first instance to start records its key.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signing_key')
    .addColumn('id', 'boolean', (col) => col.primaryKey().defaultTo(true).check(sql`id`))
    .addColumn('thumbprint', 'text', (col) => col.notNull())
    .addColumn('kid', 'text', (col) => col.notNull())
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signing_key').execute();
}
