import type { Kysely } from 'kysely';

/**
 * The "ask the teacher" threads and their messages (docs/guide/messages.md): one row per thread, one
 * per message. A learner's threads go when they are erased, so no text outlives its key.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('message_threads')
    .addColumn('thread_id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('module_id', 'uuid', (col) => col.notNull())
    .addColumn('module_path', 'text', (col) => col.notNull())
    .addColumn('page_id', 'uuid', (col) => col.notNull())
    .addColumn('page_path', 'text', (col) => col.notNull())
    .addColumn('course_id', 'uuid')
    .addColumn('course_path', 'text')
    .addColumn('question', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('messages', 'integer', (col) => col.notNull())
    .addColumn('replies', 'integer', (col) => col.notNull())
    .addColumn('replies_read', 'integer', (col) => col.notNull())
    .addColumn('last_from', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('message_threads_user').on('message_threads').column('user_id').execute();
  await db.schema.createIndex('message_threads_module').on('message_threads').column('module_id').execute();
  await db.schema.createIndex('message_threads_course').on('message_threads').column('course_id').execute();
  await db.schema
    .createTable('thread_messages')
    .addColumn('position', 'bigint', (col) => col.primaryKey())
    .addColumn('thread_id', 'uuid', (col) => col.notNull())
    .addColumn('author_id', 'text', (col) => col.notNull())
    .addColumn('from', 'text', (col) => col.notNull())
    .addColumn('text', 'text')
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('thread_messages_thread')
    .on('thread_messages')
    .columns(['thread_id', 'position'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('thread_messages').execute();
  await db.schema.dropTable('message_threads').execute();
}
