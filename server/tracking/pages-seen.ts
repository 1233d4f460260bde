import { sql } from 'kysely';
import { trackingStream } from '../../events/tracking/events';
import type { Db } from '../db/tables';

/**
 * The ids of the pages of one module that a person has seen (PageSeen). Read from their own
 * tracking stream, which the stream index finds at once: a page sighting has no read table (the
 * log of the seven categories leaves pages out), and a stream holds one person's sightings only.
 */
export async function pagesSeenIn(db: Db, userId: string, moduleId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('events')
    .select(sql<string>`data->>'pageId'`.as('pageId'))
    .distinct()
    .where('stream', '=', trackingStream(userId))
    .where('type', '=', 'PageSeen')
    .where(sql<string>`data->>'moduleId'`, '=', moduleId)
    .execute();
  return new Set(rows.map((row) => row.pageId));
}
