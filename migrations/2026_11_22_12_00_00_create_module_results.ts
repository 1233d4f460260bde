import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('module_results')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('module_id', 'uuid', (col) => col.notNull())
    .addColumn('module_path', 'text', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('module_results_pk', ['user_id', 'module_id'])
    .execute();
  await db.schema
    .createIndex('module_results_latest_idx')
    .on('module_results')
    .columns(['user_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('module_results_module_idx')
    .on('module_results')
    .columns(['module_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('result_answers')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('module_id', 'uuid', (col) => col.notNull())
    .addColumn('page_id', 'uuid', (col) => col.notNull())
    .addColumn('page_path', 'text', (col) => col.notNull())
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('question_type', 'text', (col) => col.notNull())
    .addColumn('answer', 'jsonb')
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('score', 'integer', (col) => col.notNull())
    .addColumn('max_score', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('result_answers_pk', ['user_id', 'module_id', 'page_path', 'question'])
    .execute();
  await db.schema
    .createIndex('result_answers_module_idx')
    .on('result_answers')
    .columns(['module_id', 'user_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('result_answers').execute();
  await db.schema.dropTable('module_results').execute();
}
