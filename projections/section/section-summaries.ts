import { type ColumnType, type Selectable, sql, type Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { Classroom, SectionEvent } from '../../events/section/events';
import type { Image, Language } from '../../events/shared/fields';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/** One row per live section, in its course's order: answers "which sections does this course have". */
export interface SectionSummariesTable {
  section_id: string;
  path: string;
  course_path: string;
  position: number;
  name: string;
  language: Language;
  info: string;
  origin_id: string | null;
  date: string | null;
  location: string;
  teacher: string;
  public: boolean;
  published: boolean;
  image: ColumnType<Image | null, string | null, string | null>;
  classroom: ColumnType<Classroom | null, string | null, string | null>;
  created_at: ColumnType<Date, string, never>;
  updated_at: ColumnType<Date, string, string>;
}

export interface SectionTables {
  section_summaries: SectionSummariesTable;
}

type Data<T extends SectionEvent['type']> = Extract<SectionEvent, { type: T }>['data'];

function detailColumns(data: Data<'SectionUpdated'>) {
  return {
    name: data.name,
    language: data.language,
    info: data.info,
    origin_id: data.originId,
    date: data.date,
    location: data.location,
    teacher: data.teacher,
    public: data.public,
    image: data.image ? JSON.stringify(data.image) : null,
    classroom: data.classroom ? JSON.stringify(data.classroom) : null,
  };
}

const handles = [
  'SectionCreated',
  'SectionUpdated',
  'SectionPublished',
  'SectionUnpublished',
  'SectionDeleted',
  'BreakoutCountdownStarted',
  'BreakoutCountdownStopped',
  'CourseDeleted',
  'CourseSectionsOrdered',
] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<SectionTables>, event: StoredOf<Handled>) {
  const at = event.meta.at;
  switch (event.type) {
    case 'SectionCreated': {
      const { sectionId, path, parentPath, published, parentType: _type, ...details } = event.data;
      // A new section goes last in its course.
      await sql`
        insert into section_summaries (section_id, path, course_path, position, name, language, info, origin_id, date,
          location, teacher, public, published, image, classroom, created_at, updated_at)
        select ${sectionId}, ${path}, ${parentPath},
          coalesce((select max(position) + 1 from section_summaries where course_path = ${parentPath}), 0),
          ${details.name}, ${details.language}, ${details.info}, ${details.originId}, ${details.date}, ${details.location},
          ${details.teacher}, ${details.public}, ${published},
          ${details.image ? JSON.stringify(details.image) : null}::jsonb,
          ${details.classroom ? JSON.stringify(details.classroom) : null}::jsonb, ${at}, ${at}
        on conflict (section_id) do nothing`.execute(trx);
      return;
    }
    case 'SectionUpdated': {
      const data = event.data;
      await trx
        .updateTable('section_summaries')
        .set({ ...detailColumns(data), updated_at: at })
        .where('section_id', '=', data.sectionId)
        .execute();
      return;
    }
    case 'SectionPublished':
    case 'SectionUnpublished': {
      const data = event.data;
      await trx
        .updateTable('section_summaries')
        .set({ published: event.type === 'SectionPublished', updated_at: at })
        .where('section_id', '=', data.sectionId)
        .execute();
      return;
    }
    case 'BreakoutCountdownStarted':
    case 'BreakoutCountdownStopped': {
      // Only the countdown's start changes; the rest of the classroom is the form's.
      const data = event.data;
      const started = 'startedAt' in data ? JSON.stringify(data.startedAt) : 'null';
      await sql`
        update section_summaries
        set classroom = jsonb_set(classroom, '{breakoutroomCountdownStarted}', ${started}::jsonb), updated_at = ${at}
        where section_id = ${data.sectionId} and classroom is not null`.execute(trx);
      return;
    }
    case 'SectionDeleted':
      await trx.deleteFrom('section_summaries').where('section_id', '=', event.data.sectionId).execute();
      return;
    case 'CourseDeleted':
      // A deleted course takes its sections off the read side: nothing can reach them any more.
      await trx.deleteFrom('section_summaries').where('course_path', '=', event.data.path).execute();
      return;
    case 'CourseSectionsOrdered': {
      const { path, sections: order } = event.data;
      for (const [position, sectionPath] of order.entries()) {
        await trx
          .updateTable('section_summaries')
          .set({ position })
          .where('course_path', '=', path)
          .where('path', '=', sectionPath)
          .execute();
      }
      return;
    }
  }
}

export const sectionSummaries: Projection<SectionTables> = {
  name: 'section_summaries',
  version: 1,
  tables: ['section_summaries'],
  handles,
  apply,
};

export interface SectionSummary {
  sectionId: string;
  path: string;
  parentType: 'course';
  parentPath: string;
  position: number;
  name: string;
  language: Language;
  info: string;
  originId: string | null;
  date: string | null;
  location: string;
  teacher: string;
  public: boolean;
  published: boolean;
  image: Image | null;
  classroom: Classroom | null;
}

/** A read-table row as the summary the app uses (also for rows read by other features' joins). */
export const toSummary = (row: Selectable<SectionSummariesTable>): SectionSummary => ({
  sectionId: row.section_id,
  path: row.path,
  parentType: 'course',
  parentPath: row.course_path,
  position: row.position,
  name: row.name,
  language: row.language,
  info: row.info,
  originId: row.origin_id,
  date: row.date,
  location: row.location,
  teacher: row.teacher,
  public: row.public,
  published: row.published,
  image: row.image,
  classroom: row.classroom,
});

export async function sectionsOfCourse(db: Db, coursePath: string, filter: { published?: boolean } = {}) {
  let query = db.selectFrom('section_summaries').selectAll().where('course_path', '=', coursePath);
  if (filter.published !== undefined) query = query.where('published', '=', filter.published);
  const rows = await query.orderBy('position').orderBy('path').execute();
  return rows.map(toSummary);
}

export async function findSectionByPath(db: Db, path: string): Promise<SectionSummary | null> {
  const row = await db
    .selectFrom('section_summaries')
    .selectAll()
    .where('path', '=', path)
    .executeTakeFirst();
  return row ? toSummary(row) : null;
}

export async function sectionPathsStartingWith(db: Db, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('section_summaries')
    .select('path')
    .where((eb) => eb.or([eb('path', '=', prefix), eb('path', 'like', `${prefix}-%`)]))
    .execute();
  return rows.map((row) => row.path);
}

/** The sections of many courses in one statement, each course's in its order (GraphQL's batched loader). */
export async function sectionsOfCourses(db: Db, coursePaths: readonly string[]): Promise<SectionSummary[]> {
  if (coursePaths.length === 0) return [];
  const rows = await db
    .selectFrom('section_summaries')
    .selectAll()
    .where('course_path', 'in', [...coursePaths])
    .orderBy('course_path')
    .orderBy('position')
    .orderBy('path')
    .execute();
  return rows.map(toSummary);
}
