import type { Kysely } from 'kysely';

/**
 * LTI 1.3 (docs/integrating/lti.md): the platforms that launch this tool (the lti_platforms
 * projection), the tool's own RSA key (carried by backups: the platforms hold its public half), the
 * logins under way (state and nonce, minutes long) and where each launched learner's module score
 * goes back to (the platform's line item and its id of the person; emptied by an erasure).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lti_platforms')
    .addColumn('platform_id', 'uuid', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('client_id', 'text', (col) => col.notNull())
    .addColumn('deployment_ids', 'jsonb', (col) => col.notNull())
    .addColumn('auth_login_url', 'text', (col) => col.notNull())
    .addColumn('token_url', 'text', (col) => col.notNull())
    .addColumn('jwks_url', 'text', (col) => col.notNull())
    .addColumn('registered_by', 'text', (col) => col.notNull())
    .addColumn('registered_at', 'timestamptz', (col) => col.notNull())
    .addColumn('removed_at', 'timestamptz')
    .addColumn('removed_by', 'text')
    .execute();
  await db.schema.createIndex('lti_platforms_issuer_idx').on('lti_platforms').column('issuer').execute();
  await db.schema
    .createTable('lti_tool_keys')
    .addColumn('kid', 'text', (col) => col.primaryKey())
    .addColumn('private_jwk', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('lti_logins')
    .addColumn('state', 'text', (col) => col.primaryKey())
    .addColumn('nonce', 'text', (col) => col.notNull())
    .addColumn('platform_id', 'uuid', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('lti_grade_targets')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('module_id', 'uuid', (col) => col.notNull())
    .addColumn('platform_id', 'uuid', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('line_item_url', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('lti_grade_targets_pk', ['user_id', 'module_id', 'platform_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['lti_grade_targets', 'lti_logins', 'lti_tool_keys', 'lti_platforms'])
    await db.schema.dropTable(table).execute();
}
