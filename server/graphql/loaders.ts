import DataLoader from 'dataloader';
import { sql } from 'kysely';
import { type CourseOwnerTables, ownersOfCourses } from '../../projections/course/course-owners';
import type { CourseSummaryTables } from '../../projections/course/course-summaries';
import { type AnyDb, tablesOf } from '../../projections/db';
import { type FileSummary, type FileTables, toFileSummary } from '../../projections/file/file-summaries';
import type { ContentLinkTables, ItemType, Parent } from '../../projections/link/content-links';
import type { ModuleOwnerTables } from '../../projections/module/module-owners';
import {
  type ModuleSummary,
  type ModuleSummaryTables,
  toModuleSummary,
} from '../../projections/module/module-summaries';
import { type PageSummary, pagesOfModules } from '../../projections/page/page-summaries';
import { answersOfModules, type StoredAnswer } from '../../projections/result/module-results';
import { type SectionSummary, sectionsOfCourses } from '../../projections/section/section-summaries';
import { findUsersByIds, linksOfUsers, type UserProfile, usersLinkedTo } from '../../projections/user/users';

export interface UserLinks {
  courses: string[];
  modules: string[];
}

const groupBy = <T>(keys: readonly string[], rows: T[], keyOf: (row: T) => string) => {
  const groups = new Map<string, T[]>(keys.map((key) => [key, []]));
  for (const row of rows) groups.get(keyOf(row))?.push(row);
  return keys.map((key) => groups.get(key) ?? []);
};

/** A parent as a loader key: "course:<path>" or "section:<path>". */
export const parentKey = (parent: Parent) => `${parent.parentType}:${parent.parentPath}`;
const parentOfKey = (key: string): Parent => {
  const at = key.indexOf(':');
  return { parentType: key.slice(0, at) as Parent['parentType'], parentPath: key.slice(at + 1) };
};

/** Module rows with their page count and total estimated time, as module-summaries.ts reads them. */
const modulesWithTotals = (db: AnyDb) =>
  tablesOf<ModuleSummaryTables & ContentLinkTables>(db)
    .selectFrom('module_summaries as m')
    .selectAll('m')
    .select([
      sql<number>`(select count(*)::int from page_summaries p where p.module_path = m.path)`.as('page_count'),
      sql<number>`(select coalesce(sum(p.estimated_time), 0)::int from page_summaries p where p.module_path = m.path)`.as(
        'estimated_time',
      ),
    ]);

/** The links of many parents to items of one kind, in one statement: which item paths, in order. */
async function linksOfParents(db: AnyDb, keys: readonly string[], itemType: ItemType) {
  const parents = keys.map(parentOfKey);
  const pathsOf = (type: Parent['parentType']) =>
    parents.filter((parent) => parent.parentType === type).map((parent) => parent.parentPath);
  return tablesOf<ContentLinkTables>(db)
    .selectFrom('content_links')
    .select(['parent_type', 'parent_path', 'item_path'])
    .where('item_type', '=', itemType)
    .where((eb) =>
      eb.or(
        (['course', 'section'] as const)
          .filter((type) => pathsOf(type).length > 0)
          .map((type) => eb.and([eb('parent_type', '=', type), eb('parent_path', 'in', pathsOf(type))])),
      ),
    )
    .orderBy('position')
    .orderBy('item_path')
    .execute();
}

/**
 * One set per request, so a list of 50 courses asks for its owners, participants and their links
 * in one statement each, whatever the number of courses.
 */
export function createLoaders(db: AnyDb) {
  const user = new DataLoader<string, UserProfile | null>(async (ids) => {
    const users = new Map((await findUsersByIds(db, ids)).map((user) => [user._id, user]));
    return ids.map((id) => users.get(id) ?? null);
  });
  const moduleByPath = new DataLoader<string, ModuleSummary | null>(async (paths) => {
    const rows = await modulesWithTotals(db)
      .where('m.path', 'in', [...paths])
      .execute();
    const modules = new Map(rows.map((row) => [row.path, toModuleSummary(row)]));
    return paths.map((path) => modules.get(path) ?? null);
  });
  return {
    user,
    links: new DataLoader<string, UserLinks>(async (ids) =>
      groupBy(ids, await linksOfUsers(db, ids), (link) => link.user_id).map((links) => ({
        courses: links.filter((link) => link.item_type === 'course').map((link) => link.item_path),
        modules: links.filter((link) => link.item_type === 'module').map((link) => link.item_path),
      })),
    ),
    /** By course id. */
    courseOwners: new DataLoader<string, UserProfile[]>(async (courseIds) =>
      groupBy(courseIds, await ownersOfCourses(db, courseIds), (row) => row.courseId).map((rows) =>
        rows.map((row) => row.user),
      ),
    ),
    /** By course path (links name the path, the id that URLs and the contract use). */
    courseParticipants: new DataLoader<string, UserProfile[]>(async (paths) =>
      groupBy(paths, await usersLinkedTo(db, 'course', paths), (row) => row.itemPath).map((rows) =>
        rows.map((row) => row.user),
      ),
    ),
    /**
     * By course path: every section of each course, in order, whoever asks (the resolver applies
     * the read rules of server/section/queries.ts, so the loader stays the same for every caller).
     */
    courseSections: new DataLoader<string, SectionSummary[]>(async (paths) =>
      groupBy(paths, await sectionsOfCourses(db, paths), (section) => section.parentPath),
    ),
    /** By course path: the user ids of its owners (who manage its sections and links too). */
    courseOwnerIds: new DataLoader<string, string[]>(async (paths) => {
      const rows = await tablesOf<CourseSummaryTables & CourseOwnerTables>(db)
        .selectFrom('course_summaries as c')
        .innerJoin('course_owners as o', (join) =>
          join.on('o.course_id', '=', sql<string>`c.course_id::text`),
        )
        .select(['c.path', 'o.user_id'])
        .where('c.path', 'in', [...paths])
        .execute();
      return groupBy(paths, rows, (row) => row.path).map((group) => group.map((row) => row.user_id));
    }),
    /** By module path: the live module with its page count and total time, or null. */
    moduleByPath,
    /**
     * By parent key (`parentKey`): every module linked to each course or section, in their order,
     * whoever asks (the resolver keeps what the caller may see). Two statements for any number.
     */
    parentModules: new DataLoader<string, ModuleSummary[]>(async (keys) => {
      const links = await linksOfParents(db, keys, 'module');
      const modules = await moduleByPath.loadMany([...new Set(links.map((link) => link.item_path))]);
      const byPath = new Map(
        modules.flatMap((module) => (module && !(module instanceof Error) ? [[module.path, module]] : [])),
      );
      return groupBy(keys, links, (link) => `${link.parent_type}:${link.parent_path}`).map((rows) =>
        rows.flatMap((link) => byPath.get(link.item_path) ?? []),
      );
    }),
    /** By parent key: the files linked to each course or section, in link order (one statement). */
    parentFiles: new DataLoader<string, FileSummary[]>(async (keys) => {
      const parents = keys.map(parentOfKey);
      const pathsOf = (type: Parent['parentType']) =>
        parents.filter((parent) => parent.parentType === type).map((parent) => parent.parentPath);
      const rows = await tablesOf<ContentLinkTables & FileTables>(db)
        .selectFrom('content_links')
        .innerJoin('file_summaries', 'file_summaries.path', 'content_links.item_path')
        .selectAll('file_summaries')
        .select(['content_links.parent_type', 'content_links.parent_path'])
        .where('content_links.item_type', '=', 'file')
        .where((eb) =>
          eb.or(
            (['course', 'section'] as const)
              .filter((type) => pathsOf(type).length > 0)
              .map((type) =>
                eb.and([
                  eb('content_links.parent_type', '=', type),
                  eb('content_links.parent_path', 'in', pathsOf(type)),
                ]),
              ),
          ),
        )
        .orderBy('content_links.position')
        .orderBy('file_summaries.path')
        .execute();
      return groupBy(keys, rows, (row) => `${row.parent_type}:${row.parent_path}`).map((group) =>
        group.map(({ parent_type: _type, parent_path: _path, ...file }) => toFileSummary(file)),
      );
    }),
    /** By module id: its owners' profiles (two statements for any number of modules). */
    moduleOwners: new DataLoader<string, UserProfile[]>(async (moduleIds) => {
      const rows = await tablesOf<ModuleOwnerTables>(db)
        .selectFrom('module_owners')
        .select(['module_id', 'user_id'])
        .where('module_id', 'in', [...moduleIds])
        .orderBy('user_id')
        .execute();
      const users = await user.loadMany([...new Set(rows.map((row) => row.user_id))]);
      const byId = new Map(
        users.flatMap((owner) => (owner && !(owner instanceof Error) ? [[owner._id, owner]] : [])),
      );
      return groupBy(moduleIds, rows, (row) => row.module_id).map((group) =>
        group.flatMap((row) => byId.get(row.user_id) ?? []),
      );
    }),
    /** By module path: the participants linked to each module. */
    moduleParticipants: new DataLoader<string, UserProfile[]>(async (paths) =>
      groupBy(paths, await usersLinkedTo(db, 'module', paths), (row) => row.itemPath).map((rows) =>
        rows.map((row) => row.user),
      ),
    ),
    /** By module path: its pages in order (one statement for any number of modules). */
    modulePages: new DataLoader<string, PageSummary[]>(async (paths) =>
      groupBy(paths, await pagesOfModules(db, paths), (page) => page.parentPath),
    ),
    /** By "<userId> <moduleId>": that person's answers in the module (one statement per person). */
    callerAnswers: new DataLoader<string, StoredAnswer[]>(async (keys) => {
      const byUser = new Map<string, string[]>();
      for (const key of keys) {
        const [userId = '', moduleId = ''] = key.split(' ');
        byUser.set(userId, [...(byUser.get(userId) ?? []), moduleId]);
      }
      const answers = new Map<string, StoredAnswer[]>();
      for (const [userId, moduleIds] of byUser) {
        for (const [moduleId, rows] of await answersOfModules(db, userId, moduleIds))
          answers.set(`${userId} ${moduleId}`, rows);
      }
      return keys.map((key) => answers.get(key) ?? []);
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
