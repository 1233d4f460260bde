import { sql } from 'kysely';
import { DomainError, notFound } from '../../events/errors';
import type { Actor } from '../../events/permissions';
import type { TrackingCategory } from '../../events/tracking/events';
import { visibleCourse } from '../course/queries';
import type { Db } from '../db/tables';
import { visibleFile } from '../file/queries';
import { visibleSection } from '../section/queries';

/** One answer for every item that is missing or hidden from the person: nothing tells them apart. */
const missing = () => notFound('tracking.itemNotFound');

/** What an opening rule gives, or null for its refusal (NotFound, or another domain error). */
async function openOrNull<T>(open: () => Promise<T>): Promise<T | null> {
  try {
    return await open();
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

const opens = async (open: () => Promise<unknown>) => (await openOrNull(open)) !== null;

/** The paths of the sections whose classroom lists a recording at this address. */
async function sectionsWithRecording(db: Db, url: string): Promise<string[]> {
  const { rows } = await sql<{ path: string }>`
    select path from section_summaries
    where classroom is not null and classroom->'recordings' @> ${JSON.stringify([{ url }])}::jsonb
    order by path limit 20`.execute(db);
  return rows.map((row) => row.path);
}

/**
 * Refuses (NotFound, `tracking.itemNotFound`) a sighting of an item that does not exist or that the
 * person may not open, so the log keeps only what they could have seen. Per category: a course, a
 * section or a file they may open (the one visibility rule); a classroom is a section of theirs
 * with a classroom, a breakout room `<section path>/<room number>` of such a classroom, a recording
 * the address of one listed in such a classroom; a certificate one of theirs, by its module or
 * course path or by its code.
 */
export async function requireTrackedItem(
  db: Db,
  actor: Actor,
  category: TrackingCategory,
  path: string,
): Promise<void> {
  switch (category) {
    case 'courses':
      if (await opens(() => visibleCourse(db, actor, path))) return;
      break;
    case 'sections':
      if (await opens(() => visibleSection(db, actor, path))) return;
      break;
    case 'files':
      if (await opens(() => visibleFile(db, actor, path))) return;
      break;
    case 'classrooms': {
      const section = await openOrNull(() => visibleSection(db, actor, path));
      if (section?.classroom) return;
      break;
    }
    case 'breakoutrooms': {
      const slash = path.lastIndexOf('/');
      const roomNumber = Number(path.slice(slash + 1));
      if (slash <= 0 || !Number.isInteger(roomNumber)) break;
      const section = await openOrNull(() => visibleSection(db, actor, path.slice(0, slash)));
      if (section?.classroom?.breakoutrooms.some((room) => room.roomNumber === roomNumber)) return;
      break;
    }
    case 'recordings': {
      for (const sectionPath of await sectionsWithRecording(db, path)) {
        if (await opens(() => visibleSection(db, actor, sectionPath))) return;
      }
      break;
    }
    case 'certificates': {
      const { rows } = await sql<{ found: number }>`
        select 1 as found from certificates
        where user_id = ${actor.userId} and (item_path = ${path} or code = ${path}) limit 1`.execute(db);
      if (rows.length > 0) return;
      break;
    }
    default: {
      const unknown: never = category;
      throw new Error(`unknown tracking category ${String(unknown)}`);
    }
  }
  throw missing();
}
