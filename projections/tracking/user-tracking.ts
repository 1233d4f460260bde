import { type ColumnType, sql, type Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import { type TrackingCategory, trackingCategories } from '../../events/tracking/events';
import type { Db } from '../../server/db/tables';
import { earlierOf, laterOf, rowsOf } from '../db';
import type { Projection } from '../projection';

/**
 * One row per person and item: answers log(user), "what did this person see, first and last when",
 * in the spec's seven categories. Module pages (PageSeen) are not kept here: log(user), updateLog's
 * GraphQL contract and the admin log screens know those seven only, and a page sighting is already
 * told by the xAPI statements and the person's data export (both from the event log).
 */
export interface UserTrackingTable {
  user_id: string;
  category: TrackingCategory;
  path: string;
  first_seen: ColumnType<Date, string, string>;
  last_seen: ColumnType<Date, string, string>;
}

export interface UserTrackingTables {
  user_tracking: UserTrackingTable;
  users: { user_id: string };
}

const handles = ['ItemSeen', 'UserDeleted'] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<UserTrackingTables>, stored: StoredOf<Handled>) {
  switch (stored.type) {
    case 'ItemSeen': {
      const { userId, category, path, at } = stored.data;
      // A sighting that raced the person's deletion is not brought back (UserDeleted came first).
      const person = await trx
        .selectFrom('users')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!person) return;
      await trx
        .insertInto('user_tracking')
        .values({ user_id: userId, category, path, first_seen: at, last_seen: at })
        .onConflict((oc) =>
          oc.columns(['user_id', 'category', 'path']).doUpdateSet({
            first_seen: sql`least(user_tracking.first_seen, excluded.first_seen)`,
            last_seen: sql`greatest(user_tracking.last_seen, excluded.last_seen)`,
          }),
        )
        .execute();
      return;
    }
    case 'UserDeleted':
      await trx.deleteFrom('user_tracking').where('user_id', '=', stored.data.userId).execute();
      return;
  }
}

/**
 * A run of sightings in one statement: per person and item the earliest and latest time, kept only
 * for people who still exist (no run type adds or removes people, so that holds for the whole run).
 */
async function applyRun(trx: Transaction<UserTrackingTables>, events: StoredOf<Handled>[]) {
  const rows = new Map<string, { first_seen: string; last_seen: string } & Record<string, unknown>>();
  for (const stored of events) {
    // `runs` holds sightings only: a run never carries another type.
    if (stored.type !== 'ItemSeen') continue;
    const { userId, category, path, at } = stored.data;
    const key = JSON.stringify([userId, category, path]);
    const row = rows.get(key);
    if (row) {
      row.first_seen = earlierOf(row.first_seen, at);
      row.last_seen = laterOf(row.last_seen, at);
    } else rows.set(key, { user_id: userId, category, path, first_seen: at, last_seen: at });
  }
  await sql`
    insert into user_tracking (user_id, category, path, first_seen, last_seen)
    select s.user_id, s.category, s.path, s.first_seen, s.last_seen
      from ${rowsOf('user_tracking', [...rows.values()])} s
      where exists (select from users u where u.user_id = s.user_id)
    on conflict (user_id, category, path) do update
      set first_seen = least(user_tracking.first_seen, excluded.first_seen),
        last_seen = greatest(user_tracking.last_seen, excluded.last_seen)`.execute(trx);
}

export const userTrackingProjection: Projection<UserTrackingTables, Handled> = {
  name: 'user_tracking',
  version: 1,
  reads: ['users'],
  tables: ['user_tracking'],
  handles,
  apply,
  runs: ['ItemSeen'],
  applyRun,
};

export interface TrackingEntry {
  path: string;
  firstSeen: string;
  lastSeen: string;
}
export type Tracking = Record<TrackingCategory, TrackingEntry[]>;

/** A person's log: every category present (empty when nothing was seen), most recent first. */
export async function trackingOf(db: Db, userId: string): Promise<Tracking> {
  const rows = await db
    .selectFrom('user_tracking')
    .select(['category', 'path', 'first_seen', 'last_seen'])
    .where('user_id', '=', userId)
    .orderBy('last_seen', 'desc')
    .orderBy('path')
    .execute();
  const log = Object.fromEntries(trackingCategories.map((category) => [category, []])) as unknown as Tracking;
  for (const row of rows) {
    log[row.category]?.push({
      path: row.path,
      firstSeen: new Date(row.first_seen).toISOString(),
      lastSeen: new Date(row.last_seen).toISOString(),
    });
  }
  return log;
}
