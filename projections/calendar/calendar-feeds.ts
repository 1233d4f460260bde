import type { ColumnType, Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/** The working feed of each person, found by the SHA-256 of its token (the token itself is never kept). */
export interface CalendarFeedsTable {
  token_hash: string;
  feed_id: string;
  user_id: string;
  issued_at: ColumnType<Date, string, string>;
}

/** Who asked for reminder mails before live sessions, since when. */
export interface LiveReminderChoicesTable {
  user_id: string;
  since: ColumnType<Date, string, string>;
}

export interface CalendarFeedTables {
  calendar_feeds: CalendarFeedsTable;
  live_reminder_choices: LiveReminderChoicesTable;
  users: { user_id: string };
}

const handles = [
  'CalendarFeedIssued',
  'CalendarFeedRevoked',
  'LiveRemindersTurnedOn',
  'LiveRemindersTurnedOff',
  'UserDeleted',
] as const;
type Handled = (typeof handles)[number];

/** A choice that raced the person's deletion is not brought back (UserDeleted came first). */
const exists = async (trx: Transaction<CalendarFeedTables>, userId: string) =>
  (await trx.selectFrom('users').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !==
  undefined;

async function apply(trx: Transaction<CalendarFeedTables>, stored: StoredOf<Handled>) {
  switch (stored.type) {
    case 'CalendarFeedIssued': {
      const { userId, feedId, tokenHash } = stored.data;
      // Read back after an erasure the hash is shredded (null): that feed works no more.
      if (typeof tokenHash !== 'string' || !(await exists(trx, userId))) return;
      await trx
        .insertInto('calendar_feeds')
        .values({ token_hash: tokenHash, feed_id: feedId, user_id: userId, issued_at: stored.meta.at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHash, feed_id: feedId }))
        .execute();
      return;
    }
    case 'CalendarFeedRevoked':
      await trx.deleteFrom('calendar_feeds').where('feed_id', '=', stored.data.feedId).execute();
      return;
    case 'LiveRemindersTurnedOn':
      if (!(await exists(trx, stored.data.userId))) return;
      await trx
        .insertInto('live_reminder_choices')
        .values({ user_id: stored.data.userId, since: stored.meta.at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      return;
    case 'LiveRemindersTurnedOff':
      await trx.deleteFrom('live_reminder_choices').where('user_id', '=', stored.data.userId).execute();
      return;
    case 'UserDeleted':
      await trx.deleteFrom('calendar_feeds').where('user_id', '=', stored.data.userId).execute();
      await trx.deleteFrom('live_reminder_choices').where('user_id', '=', stored.data.userId).execute();
      return;
  }
}

export const calendarFeedsProjection: Projection<CalendarFeedTables, Handled> = {
  name: 'calendar_feeds',
  version: 1,
  reads: ['users'],
  tables: ['calendar_feeds', 'live_reminder_choices'],
  handles,
  apply,
};

/** The owner of the feed whose token hashes to this, if it works. */
export async function feedOwnerByHash(db: Db, tokenHash: string): Promise<string | null> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** What the person's profile shows: since when their feed works (never its token), and their choice. */
export async function calendarSettingsOf(
  db: Db,
  userId: string,
): Promise<{ feedIssuedAt: Date | null; reminders: boolean }> {
  const feed = await db
    .selectFrom('calendar_feeds')
    .select('issued_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const choice = await db
    .selectFrom('live_reminder_choices')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { feedIssuedAt: feed?.issued_at ?? null, reminders: choice !== undefined };
}

/** Everyone who asked for reminder mails. */
export async function reminderSubscribers(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('live_reminder_choices').select('user_id').orderBy('user_id').execute();
  return rows.map((row) => row.user_id);
}
