import { sql } from 'kysely';
import { forbidden, notFound } from '../../events/errors';
import { type Actor, requireCan } from '../../events/permissions';
import { type FileSummary, toFileSummary } from '../../projections/file/file-summaries';
import type { ItemType, LinkedModule, Parent, ParentType } from '../../projections/link/content-links';
import { type ModuleSummary, toModuleSummary } from '../../projections/module/module-summaries';
import { toUserProfile } from '../../projections/user/users';
import type { Db } from '../db/tables';
import { parentAccess } from '../file/queries';
import { keepVisibleModules, listedModules, type ModuleListInput, moduleFactsFrom } from '../module/queries';
import { inSeenOrder } from '../user/queries';

/** A module linked to a course or section, with its place in the list as this actor gets it. */
export type LinkedModuleSummary = ModuleSummary & { position: number };

/**
 * The modules linked to a parent with their page totals, in link order, narrowed by the module
 * list's published and onHome filter (`listedModules`), in one statement.
 */
export async function modulesLinkedTo(
  db: Db,
  parent: Parent,
  filter: Pick<ModuleListInput, 'published' | 'onHome'> = {},
): Promise<LinkedModuleSummary[]> {
  const rows = await listedModules(db, filter)
    .innerJoin('content_links as l', 'l.item_path', 'm.path')
    .where('l.item_type', '=', 'module')
    .where('l.parent_type', '=', parent.parentType)
    .where('l.parent_path', '=', parent.parentPath)
    .orderBy('l.position')
    .orderBy('m.path')
    .execute();
  return rows.map((row, position) => ({ ...toModuleSummary(row), position }));
}

/**
 * A course's or section's modules in order, with their details (GraphQL `modules(course|section)`),
 * if this actor may open the parent. On the admin side (`onAdmin`), who manages the parent (the view
 * or edit right, or owning the course) sees every linked module, to order and unlink them; everywhere
 * else exactly the modules this actor may open (the module rule), so no card says 'does not exist'.
 * `published` and `onHome` filter as in the module list.
 */
export async function visibleModuleSummariesOf(
  db: Db,
  actor: Actor | null,
  parent: Parent,
  options: Pick<ModuleListInput, 'onAdmin' | 'published' | 'onHome'> = {},
): Promise<LinkedModuleSummary[]> {
  const access = await parentAccess(db, actor, parent);
  if (!access) throw notFound(parent.parentType === 'course' ? 'course.notFound' : 'section.notFound');
  const modules = await modulesLinkedTo(db, parent, options);
  if (options.onAdmin && access === 'manage') return modules;
  const visible = await keepVisibleModules(actor, modules, await moduleFactsFrom(db, actor, modules));
  // Positions count in the list as this actor gets it.
  return visible.map((module, position) => ({ ...module, position }));
}

/** tRPC `link.modulesOf`: `visibleModuleSummariesOf` as the admin's list of links shows it. */
export async function visibleModulesOf(
  db: Db,
  actor: Actor | null,
  parent: Parent,
  options: { onAdmin?: boolean } = {},
): Promise<LinkedModule[]> {
  const modules = await visibleModuleSummariesOf(db, actor, parent, options);
  return modules.map(({ moduleId, path, name, language, published, public: isPublic, position }) => ({
    moduleId,
    path,
    name,
    language,
    published,
    public: isPublic,
    position,
  }));
}

/** One link of a course or section to an item, as the batched reads below give it. */
export interface ParentLink extends Parent {
  itemPath: string;
}

/** Kysely's `or` over the parents given, by type (a statement for courses and sections at once). */
const ofParents = (parents: readonly Parent[]) => {
  const pathsOf = (type: ParentType) => [
    ...new Set(parents.filter((parent) => parent.parentType === type).map((parent) => parent.parentPath)),
  ];
  return (['course', 'section'] as const)
    .map((type) => ({ type, paths: pathsOf(type) }))
    .filter(({ paths }) => paths.length > 0);
};

/** The links of many parents to items of one kind, in one statement: which item paths, in link order. */
export async function itemsOfParents(
  db: Db,
  parents: readonly Parent[],
  itemType: ItemType,
): Promise<ParentLink[]> {
  const groups = ofParents(parents);
  if (groups.length === 0) return [];
  const rows = await db
    .selectFrom('content_links')
    .select(['parent_type', 'parent_path', 'item_path'])
    .where('item_type', '=', itemType)
    .where((eb) =>
      eb.or(
        groups.map(({ type, paths }) =>
          eb.and([eb('parent_type', '=', type), eb('parent_path', 'in', paths)]),
        ),
      ),
    )
    .orderBy('position')
    .orderBy('item_path')
    .execute();
  return rows.map((row) => ({
    parentType: row.parent_type,
    parentPath: row.parent_path,
    itemPath: row.item_path,
  }));
}

/** The files linked to many parents, in link order, in one statement (each with its parent). */
export async function filesOfParents(
  db: Db,
  parents: readonly Parent[],
): Promise<(Parent & { file: FileSummary })[]> {
  const groups = ofParents(parents);
  if (groups.length === 0) return [];
  const rows = await db
    .selectFrom('content_links as l')
    .innerJoin('file_summaries as f', 'f.path', 'l.item_path')
    .selectAll('f')
    .select(['l.parent_type', 'l.parent_path'])
    .where('l.item_type', '=', 'file')
    .where((eb) =>
      eb.or(
        groups.map(({ type, paths }) =>
          eb.and([eb('l.parent_type', '=', type), eb('l.parent_path', 'in', paths)]),
        ),
      ),
    )
    .orderBy('l.position')
    .orderBy('f.path')
    .execute();
  return rows.map(({ parent_type, parent_path, ...file }) => ({
    parentType: parent_type,
    parentPath: parent_path,
    file: toFileSummary(file),
  }));
}

export interface Teacher {
  userId: string;
  name: string;
  email: string;
}

/**
 * The users holding the role 'teacher', who may be linked as owners
 * (docs/guide/users-and-roles.md#roles-what-each-action-reaches), as this actor may see them
 * (`inSeenOrder`: a private profile reads as 'Anonymous User', after the names).
 */
export async function teachers(db: Db, actor: Actor | null): Promise<Teacher[]> {
  if (!actor) throw forbidden();
  requireCan(actor, 'assign_owners');
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('roles', '@>', sql<string[]>`${JSON.stringify(['teacher'])}`)
    .orderBy('name')
    .orderBy('user_id')
    .execute();
  return inSeenOrder(actor, rows.map(toUserProfile)).map((user) => ({
    userId: user._id,
    name: user.name,
    email: user.email,
  }));
}
