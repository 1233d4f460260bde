import type { ColumnType, Transaction } from 'kysely';
import type { CourseDetails } from '../../events/course/events';
import type { StoredOf } from '../../events/event-types';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/**
 * One row per published course whose settings its editors changed without publishing them yet
 * (docs/adr/0019-drafts-of-live-content.md). Learners never read it; the live settings stay in
 * course_summaries.
 */
export interface CourseDraftsTable {
  course_id: string;
  path: string;
  details: ColumnType<CourseDetails, string, string>;
  saved_at: ColumnType<Date, string, string>;
  saved_by: string | null;
}

export interface CourseDraftTables {
  course_drafts: CourseDraftsTable;
}

const handles = [
  'CourseDraftSaved',
  'CourseDraftDiscarded',
  'CourseChangesPublished',
  'CourseDeleted',
] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<CourseDraftTables>, event: StoredOf<Handled>) {
  switch (event.type) {
    case 'CourseDraftSaved': {
      const { courseId, path, ...details } = event.data;
      const row = {
        path,
        details: JSON.stringify(details),
        saved_at: event.meta.at,
        saved_by: event.meta.actorId,
      };
      await trx
        .insertInto('course_drafts')
        .values({ course_id: courseId, ...row })
        .onConflict((oc) => oc.column('course_id').doUpdateSet(row))
        .execute();
      return;
    }
    case 'CourseDraftDiscarded':
    case 'CourseChangesPublished':
    case 'CourseDeleted':
      await trx.deleteFrom('course_drafts').where('course_id', '=', event.data.courseId).execute();
      return;
  }
}

export const courseDrafts: Projection<CourseDraftTables, Handled> = {
  name: 'course_drafts',
  version: 1,
  tables: ['course_drafts'],
  handles,
  apply,
};

export interface CourseDraft {
  details: CourseDetails;
  savedAt: string;
  savedBy: string | null;
}

/** The unpublished settings of a course, if its editors keep any. */
export async function draftOfCourse(db: Db, courseId: string): Promise<CourseDraft | null> {
  const row = await db
    .selectFrom('course_drafts')
    .selectAll()
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return row
    ? { details: row.details, savedAt: new Date(row.saved_at).toISOString(), savedBy: row.saved_by }
    : null;
}
