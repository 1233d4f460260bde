import type { Kysely } from 'kysely';
import type { EventStoreTables } from '../../events/store';

// biome-ignore lint/suspicious/noExplicitAny: reads only the events table
export async function isEmptyStore(db: Kysely<any>): Promise<boolean> {
  const row = await (db as Kysely<EventStoreTables>)
    .selectFrom('events')
    .select('position')
    .limit(1)
    .executeTakeFirst();
  return !row;
}
