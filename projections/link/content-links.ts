import { sql, type Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { Language } from '../../events/shared/fields';
import type { Db } from '../../server/db/tables';
import { type FileSummary, toFileSummary } from '../file/file-summaries';
import type { Projection } from '../projection';

export type ParentType = 'course' | 'section';
export type ItemType = 'module' | 'file';

/** One row per item linked to a parent, with its place: answers "which modules and files does it have". */
export interface ContentLinksTable {
  parent_type: ParentType;
  parent_path: string;
  item_type: ItemType;
  item_path: string;
  position: number;
  /** Who made the link (null: the platform itself); whether it lets a course teach a module depends on it. */
  linked_by: string | null;
}

export interface ContentLinkTables {
  content_links: ContentLinksTable;
}

const linkTypes = [
  'CourseModuleLinked',
  'CourseModuleUnlinked',
  'CourseFileLinked',
  'CourseFileUnlinked',
  'SectionModuleLinked',
  'SectionModuleUnlinked',
  'SectionFileLinked',
  'SectionFileUnlinked',
] as const;
const handles = [
  ...linkTypes,
  'CourseModulesOrdered',
  'SectionModulesOrdered',
  'CourseDeleted',
  'SectionDeleted',
  'ModuleDeleted',
  'FileDeleted',
] as const;
type Handled = (typeof handles)[number];
type LinkEvent = StoredOf<(typeof linkTypes)[number]>;

/** The parent and item of a link event, whichever aggregate emitted it. */
function linkOf(event: LinkEvent) {
  const { data } = event;
  const parentType: ParentType = event.type.startsWith('Course') ? 'course' : 'section';
  return 'modulePath' in data
    ? { parentType, parentPath: data.path, itemType: 'module' as ItemType, itemPath: data.modulePath }
    : { parentType, parentPath: data.path, itemType: 'file' as ItemType, itemPath: data.filePath };
}

async function link(trx: Transaction<ContentLinkTables>, event: LinkEvent) {
  const { parentType, parentPath, itemType, itemPath } = linkOf(event);
  // A new link goes last among the parent's items of its kind; linking again names the new linker.
  await sql`
    insert into content_links (parent_type, parent_path, item_type, item_path, position, linked_by)
    select ${parentType}, ${parentPath}, ${itemType}, ${itemPath},
      coalesce((select max(position) + 1 from content_links
        where parent_type = ${parentType} and parent_path = ${parentPath} and item_type = ${itemType}), 0),
      ${event.meta.actorId}
    on conflict (parent_type, parent_path, item_type, item_path) do update set linked_by = excluded.linked_by`.execute(
    trx,
  );
}

async function unlink(trx: Transaction<ContentLinkTables>, event: LinkEvent) {
  const { parentType, parentPath, itemType, itemPath } = linkOf(event);
  await trx
    .deleteFrom('content_links')
    .where('parent_type', '=', parentType)
    .where('parent_path', '=', parentPath)
    .where('item_type', '=', itemType)
    .where('item_path', '=', itemPath)
    .execute();
}

async function order(
  trx: Transaction<ContentLinkTables>,
  parentType: ParentType,
  data: { path: string; modules: string[] },
) {
  for (const [position, itemPath] of data.modules.entries()) {
    await trx
      .updateTable('content_links')
      .set({ position })
      .where('parent_type', '=', parentType)
      .where('parent_path', '=', data.path)
      .where('item_type', '=', 'module')
      .where('item_path', '=', itemPath)
      .execute();
  }
}

async function removeParent(trx: Transaction<ContentLinkTables>, parentType: ParentType, parentPath: string) {
  await trx
    .deleteFrom('content_links')
    .where('parent_type', '=', parentType)
    .where('parent_path', '=', parentPath)
    .execute();
}

async function removeItem(trx: Transaction<ContentLinkTables>, itemType: ItemType, itemPath: string) {
  await trx
    .deleteFrom('content_links')
    .where('item_type', '=', itemType)
    .where('item_path', '=', itemPath)
    .execute();
}

async function apply(trx: Transaction<ContentLinkTables>, event: StoredOf<Handled>) {
  switch (event.type) {
    case 'CourseModuleLinked':
    case 'CourseFileLinked':
    case 'SectionModuleLinked':
    case 'SectionFileLinked':
      return link(trx, event);
    case 'CourseModuleUnlinked':
    case 'CourseFileUnlinked':
    case 'SectionModuleUnlinked':
    case 'SectionFileUnlinked':
      return unlink(trx, event);
    case 'CourseModulesOrdered':
      return order(trx, 'course', event.data);
    case 'SectionModulesOrdered':
      return order(trx, 'section', event.data);
    // Whatever is deleted leaves the lists it was in, and its own list goes with it.
    case 'CourseDeleted':
      // The course's sections leave the read side with it, and so do their lists: found through
      // section_summaries as it stood before the deletion.
      await sql`
        delete from content_links where parent_type = 'section'
          and parent_path in (select path from section_summaries where course_path = ${event.data.path})`.execute(
        trx,
      );
      return removeParent(trx, 'course', event.data.path);
    case 'SectionDeleted':
      return removeParent(trx, 'section', event.data.path);
    case 'ModuleDeleted':
      return removeItem(trx, 'module', event.data.path);
    case 'FileDeleted':
      return removeItem(trx, 'file', event.data.path);
  }
}

export const contentLinks: Projection<ContentLinkTables, Handled> = {
  name: 'content_links',
  version: 2,
  readsBefore: ['section_summaries'],
  tables: ['content_links'],
  handles,
  apply,
};

export interface Parent {
  parentType: ParentType;
  parentPath: string;
}

/** The paths of a parent's items of one kind, in order. */
export async function linkedPaths(db: Db, parent: Parent, itemType: ItemType): Promise<string[]> {
  const rows = await db
    .selectFrom('content_links')
    .select('item_path')
    .where('parent_type', '=', parent.parentType)
    .where('parent_path', '=', parent.parentPath)
    .where('item_type', '=', itemType)
    .orderBy('position')
    .orderBy('item_path')
    .execute();
  return rows.map((row) => row.item_path);
}

/** Every link to an item: which courses and sections list it. */
export async function parentsOf(db: Db, itemType: ItemType, itemPath: string): Promise<Parent[]> {
  const rows = await db
    .selectFrom('content_links')
    .select(['parent_type', 'parent_path'])
    .where('item_type', '=', itemType)
    .where('item_path', '=', itemPath)
    .orderBy('parent_type')
    .orderBy('parent_path')
    .execute();
  return rows.map((row) => ({ parentType: row.parent_type, parentPath: row.parent_path }));
}

/** A parent's files, in link order. */
export async function filesOfParent(db: Db, parent: Parent): Promise<FileSummary[]> {
  const rows = await db
    .selectFrom('content_links')
    .innerJoin('file_summaries', 'file_summaries.path', 'content_links.item_path')
    .selectAll('file_summaries')
    .where('content_links.parent_type', '=', parent.parentType)
    .where('content_links.parent_path', '=', parent.parentPath)
    .where('content_links.item_type', '=', 'file')
    .orderBy('content_links.position')
    .orderBy('file_summaries.path')
    .execute();
  return rows.map(toFileSummary);
}

/** The files linked to nothing (the admin list's "without parent" filter). */
export async function unlinkedFiles(db: Db): Promise<FileSummary[]> {
  const rows = await db
    .selectFrom('file_summaries')
    .selectAll()
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('content_links')
            .select('content_links.item_path')
            .where('content_links.item_type', '=', 'file')
            .whereRef('content_links.item_path', '=', 'file_summaries.path'),
        ),
      ),
    )
    .orderBy('name')
    .orderBy('path')
    .execute();
  return rows.map(toFileSummary);
}

export interface LinkedModule {
  moduleId: string;
  path: string;
  name: string;
  language: Language;
  published: boolean;
  public: boolean;
  position: number;
}

/** The files linked to the courses a user owns or to their sections (editors without the view right). */
export async function filesOfOwnedParents(db: Db, userId: string): Promise<FileSummary[]> {
  const { rows } = await sql<Parameters<typeof toFileSummary>[0]>`
    select distinct f.* from file_summaries f
    join content_links l on l.item_type = 'file' and l.item_path = f.path
    where (l.parent_type = 'course' and l.parent_path in (
        select c.path from course_summaries c join course_owners o on o.course_id = c.course_id::text
        where o.user_id = ${userId}))
      or (l.parent_type = 'section' and l.parent_path in (
        select s.path from section_summaries s join course_summaries c on c.path = s.course_path
        join course_owners o on o.course_id = c.course_id::text where o.user_id = ${userId}))
    order by f.name, f.path`.execute(db);
  return rows.map(toFileSummary);
}

/** A course that lists a module, directly or in one of its sections, and who linked it there. */
export interface CourseListing {
  modulePath: string;
  coursePath: string;
  linkedBy: string | null;
}

/**
 * The courses this user owns that list any of these modules, directly or through a section, each
 * with who made the link, in one statement: the candidates for teaching the modules through a course.
 */
export async function ownedCoursesListing(
  db: Db,
  userId: string,
  modulePaths: readonly string[],
): Promise<CourseListing[]> {
  if (modulePaths.length === 0) return [];
  const { rows } = await sql<{ module_path: string; course_path: string; linked_by: string | null }>`
    select distinct l.item_path as module_path, c.path as course_path, l.linked_by from content_links l
    left join section_summaries s on l.parent_type = 'section' and s.path = l.parent_path
    join course_summaries c on c.path = (case when l.parent_type = 'course' then l.parent_path else s.course_path end)
    join course_owners o on o.course_id = c.course_id::text and o.user_id = ${userId}
    where l.item_type = 'module' and l.item_path in (${sql.join([...new Set(modulePaths)])})
    order by l.item_path, c.path`.execute(db);
  return rows.map((row) => ({
    modulePath: row.module_path,
    coursePath: row.course_path,
    linkedBy: row.linked_by,
  }));
}

/** Who made the link of this item to this parent; undefined when they are not linked. */
export async function linkerOf(
  db: Db,
  parent: Parent,
  itemType: ItemType,
  itemPath: string,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('content_links')
    .select('linked_by')
    .where('parent_type', '=', parent.parentType)
    .where('parent_path', '=', parent.parentPath)
    .where('item_type', '=', itemType)
    .where('item_path', '=', itemPath)
    .executeTakeFirst();
  return row ? row.linked_by : undefined;
}
