import { type ColumnType, type Selectable, sql, type Transaction } from 'kysely';
import type { CourseEvent } from '../../events/course/events';
import type { StoredOf } from '../../events/event-types';
import type { Image, Language } from '../../events/shared/fields';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/** One row per live course: answers "which courses are there, and what do they say". */
export interface CourseSummariesTable {
  course_id: string;
  path: string;
  name: string;
  language: Language;
  info: string;
  origin_id: string | null;
  show_user_list: boolean;
  show_team: boolean;
  location: string;
  startdate: string | null;
  enddate: string | null;
  teacher: string;
  public: boolean;
  on_home: boolean;
  published: boolean;
  image: ColumnType<Image | null, string | null, string | null>;
  created_at: ColumnType<Date, string, never>;
  updated_at: ColumnType<Date, string, string>;
  version: number;
}

export interface CourseSummaryTables {
  course_summaries: CourseSummariesTable;
}

function detailColumns(data: Extract<CourseEvent, { type: 'CourseUpdated' }>['data']) {
  return {
    name: data.name,
    language: data.language,
    info: data.info,
    origin_id: data.originId,
    show_user_list: data.showUserList,
    show_team: data.showTeam,
    location: data.location,
    startdate: data.startdate,
    enddate: data.enddate,
    teacher: data.teacher,
    public: data.public,
    on_home: data.onHome,
    image: data.image ? JSON.stringify(data.image) : null,
  };
}

const handles = [
  'CourseCreated',
  'CourseUpdated',
  'CourseChangesPublished',
  'CoursePublished',
  'CourseUnpublished',
  'CourseDeleted',
] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<CourseSummaryTables>, event: StoredOf<Handled>) {
  const stamp = { updated_at: event.meta.at, version: event.version };
  switch (event.type) {
    case 'CourseCreated': {
      const { courseId, path, published, ...details } = event.data;
      await trx
        .insertInto('course_summaries')
        .values({
          course_id: courseId,
          path,
          ...detailColumns({ courseId, path, ...details }),
          published,
          created_at: event.meta.at,
          ...stamp,
        })
        .onConflict((oc) => oc.column('course_id').doNothing())
        .execute();
      return;
    }
    case 'CourseUpdated':
    // Published changes are the live settings from now on; a draft before it changed nothing here.
    case 'CourseChangesPublished':
      await trx
        .updateTable('course_summaries')
        .set({
          ...detailColumns(event.data),
          ...stamp,
        })
        .where('course_id', '=', event.data.courseId)
        .execute();
      return;
    case 'CoursePublished':
    case 'CourseUnpublished':
      await trx
        .updateTable('course_summaries')
        .set({ published: event.type === 'CoursePublished', ...stamp })
        .where('course_id', '=', event.data.courseId)
        .execute();
      return;
    case 'CourseDeleted':
      await trx.deleteFrom('course_summaries').where('course_id', '=', event.data.courseId).execute();
      return;
  }
}

export const courseSummaries: Projection<CourseSummaryTables> = {
  name: 'course_summaries',
  version: 1,
  tables: ['course_summaries'],
  handles,
  apply,
};

export interface CourseSummary {
  courseId: string;
  path: string;
  name: string;
  language: Language;
  info: string;
  originId: string | null;
  showUserList: boolean;
  showTeam: boolean;
  location: string;
  startdate: string | null;
  enddate: string | null;
  teacher: string;
  public: boolean;
  onHome: boolean;
  published: boolean;
  image: Image | null;
  createdAt: string;
  updatedAt: string;
}

function toSummary(row: Selectable<CourseSummariesTable>): CourseSummary {
  return {
    courseId: row.course_id,
    path: row.path,
    name: row.name,
    language: row.language,
    info: row.info,
    originId: row.origin_id,
    showUserList: row.show_user_list,
    showTeam: row.show_team,
    location: row.location,
    startdate: row.startdate,
    enddate: row.enddate,
    teacher: row.teacher,
    public: row.public,
    onHome: row.on_home,
    published: row.published,
    image: row.image,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export interface CourseListFilter {
  published?: boolean;
  onHome?: boolean;
  publicOnly?: boolean;
  /** With publicOnly: also the non-public courses this user is linked to. */
  linkedUser?: string;
  /** Only the courses this user owns (editors without the view right see only their own). */
  ownedBy?: string;
}

export async function listCourses(db: Db, filter: CourseListFilter = {}): Promise<CourseSummary[]> {
  let query = db.selectFrom('course_summaries').selectAll();
  if (filter.published !== undefined) query = query.where('published', '=', filter.published);
  if (filter.onHome !== undefined) query = query.where('on_home', '=', filter.onHome);
  if (filter.publicOnly) {
    const linked = filter.linkedUser;
    query = linked
      ? query.where((eb) =>
          eb.or([
            eb('public', '=', true),
            eb(
              'path',
              'in',
              sql<string>`(select item_path from user_links where user_id = ${linked} and item_type = 'course')`,
            ),
          ]),
        )
      : query.where('public', '=', true);
  }
  if (filter.ownedBy) {
    const owner = filter.ownedBy;
    // course_owners keeps ids as text (owners may one day own other kinds of items).
    query = query.where(
      sql<string>`course_id::text`,
      'in',
      sql<string>`(select course_id from course_owners where user_id = ${owner})`,
    );
  }
  const rows = await query.orderBy('name').orderBy('path').execute();
  return rows.map(toSummary);
}

export async function findCourseByPath(db: Db, path: string): Promise<CourseSummary | null> {
  const row = await db.selectFrom('course_summaries').selectAll().where('path', '=', path).executeTakeFirst();
  return row ? toSummary(row) : null;
}

export async function courseIdByPath(db: Db, path: string): Promise<string | null> {
  const row = await db
    .selectFrom('course_summaries')
    .select('course_id')
    .where('path', '=', path)
    .executeTakeFirst();
  return row?.course_id ?? null;
}

export async function pathsStartingWith(db: Db, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('course_summaries')
    .select('path')
    .where((eb) => eb.or([eb('path', '=', prefix), eb('path', 'like', `${prefix}-%`)]))
    .execute();
  return rows.map((row) => row.path);
}
