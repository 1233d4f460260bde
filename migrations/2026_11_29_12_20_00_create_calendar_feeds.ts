import { type Kysely, sql } from 'kysely';

/**
 * Private calendar feeds by the hash of their token, who asked for reminder mails before live
 * sessions (both read tables of the calendar_feeds projection), and which reminders went out: a
 * row per person, section, moment, start and offset, so each is sent once across instances.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never see today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('feed_id', 'uuid', (col) => col.notNull().unique())
    .addColumn('user_id', 'text', (col) => col.notNull().unique())
    .addColumn('issued_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('live_reminder_choices')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('since', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('live_reminders_sent')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('section_id', 'uuid', (col) => col.notNull())
    .addColumn('moment', 'text', (col) => col.notNull())
    .addColumn('starts_at', 'timestamptz', (col) => col.notNull())
    .addColumn('offset_minutes', 'integer', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('live_reminders_sent_pkey', [
      'user_id',
      'section_id',
      'moment',
      'starts_at',
      'offset_minutes',
    ])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('live_reminders_sent').execute();
  await db.schema.dropTable('live_reminder_choices').execute();
  await db.schema.dropTable('calendar_feeds').execute();
}
