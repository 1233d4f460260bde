import { sql } from 'kysely';
import { notFound } from '../../events/errors';
import type { PageType } from '../../events/page/events';
import { type Actor, can } from '../../events/permissions';
import { ownersOfModule, ownersOfModules } from '../../projections/module/module-owners';
import {
  findModuleByPath,
  listModules,
  type ModuleSummary,
  modulesOfTranslationGroup,
  toModuleSummary,
} from '../../projections/module/module-summaries';
import { pagesOfModule } from '../../projections/page/page-summaries';
import { isLinkedTo, linksOfUsers } from '../../projections/user/users';
import type { Db } from '../db/tables';
import {
  type ModuleRights,
  moduleAuthority,
  teachesThroughCourse,
  teachingCourses,
} from '../rights/module-rights';
import { type ItemAccess, keepOpen, refusalOf } from '../visibility';

export interface ModuleListInput {
  onAdmin?: boolean;
  published?: boolean;
  onHome?: boolean;
}

/** Module rows with their page count and total estimated time, as `toModuleSummary` maps them. */
const modulesWithTotals = (db: Db) =>
  db
    .selectFrom('module_summaries as m')
    .selectAll('m')
    .select([
      sql<number>`(select count(*)::int from page_summaries p where p.module_path = m.path)`.as('page_count'),
      sql<number>`(select coalesce(sum(p.estimated_time), 0)::int from page_summaries p where p.module_path = m.path)`.as(
        'estimated_time',
      ),
    ]);

/**
 * Module rows with their totals, narrowed by the list's published and onHome flags in SQL (an
 * absent flag keeps every module), as the module list (`listModules`) narrows them: the one filter
 * of every module list, a course's or section's linked modules included.
 */
export function listedModules(db: Db, filter: Pick<ModuleListInput, 'published' | 'onHome'> = {}) {
  let query = modulesWithTotals(db);
  if (filter.published !== undefined) query = query.where('m.published', '=', filter.published);
  if (filter.onHome !== undefined) query = query.where('m.on_home', '=', filter.onHome);
  return query;
}

/** Live modules by path with their page totals, in one statement; a missing path has no entry. */
export async function modulesByPaths(db: Db, paths: readonly string[]): Promise<Map<string, ModuleSummary>> {
  if (paths.length === 0) return new Map();
  const rows = await modulesWithTotals(db)
    .where('m.path', 'in', [...new Set(paths)])
    .execute();
  return new Map(rows.map((row) => [row.path, toModuleSummary(row)]));
}

/**
 * The modules this actor may list (tRPC `module.list`, GraphQL `modules`). On the admin side,
 * holders of the view right see everything and other editors only the modules they own. Everywhere
 * else the list keeps exactly the modules this actor may open (`moduleAccessWith`): none for an
 * anonymous visitor, whose every module asks to sign in first.
 */
async function visibleModules(
  db: Db,
  actor: Actor | null,
  input: ModuleListInput = {},
): Promise<ModuleSummary[]> {
  if (input.onAdmin && can(actor, 'view')) {
    return listModules(db, { published: input.published, onHome: input.onHome });
  }
  // Editors without the view right manage only their own content (docs/guide/users-and-roles.md).
  if (input.onAdmin && actor && actor.roles.length > 0) {
    return listModules(db, { published: input.published, onHome: input.onHome, ownedBy: actor.userId });
  }
  if (!actor) return [];
  const modules = await listModules(db, { published: input.published, onHome: input.onHome });
  return keepVisibleModules(actor, modules, await moduleFactsFrom(db, actor, modules));
}

/** Where a module is used: filter `module.list` by it (under a course, a section, or top level). */
export type ModuleUsageFilter =
  | { kind: 'course'; path: string }
  | { kind: 'section'; path: string }
  | { kind: 'none' };

/** One place a module is linked: a course, or a section (with the course it belongs to). */
export interface ModuleUse {
  parentType: 'course' | 'section';
  path: string;
  name: string;
  /** The section's course; null for a course. */
  course: { path: string; name: string } | null;
}

/** A `module.list` entry: the module, and on the admin side where it is used (null elsewhere). */
export type ModuleListEntry = ModuleSummary & { usedIn: ModuleUse[] | null };

/** Where each of these modules is linked, courses first, then sections, by name (one statement). */
async function usesOfModules(db: Db, paths: readonly string[]): Promise<Map<string, ModuleUse[]>> {
  const uses = new Map<string, ModuleUse[]>();
  if (paths.length === 0) return uses;
  const { rows } = await sql<{
    item_path: string;
    parent_type: 'course' | 'section';
    parent_path: string;
    name: string | null;
    course_path: string | null;
    course_name: string | null;
  }>`
    select l.item_path, l.parent_type, l.parent_path,
      coalesce(c.name, s.name) as name, s.course_path, sc.name as course_name
    from content_links l
    left join course_summaries c on l.parent_type = 'course' and c.path = l.parent_path
    left join section_summaries s on l.parent_type = 'section' and s.path = l.parent_path
    left join course_summaries sc on sc.path = s.course_path
    where l.item_type = 'module' and l.item_path in (${sql.join([...new Set(paths)])})
    order by l.parent_type, coalesce(c.name, s.name), sc.name, l.parent_path`.execute(db);
  for (const row of rows) {
    const list = uses.get(row.item_path) ?? [];
    list.push({
      parentType: row.parent_type,
      path: row.parent_path,
      name: row.name ?? row.parent_path,
      course:
        row.parent_type === 'section' && row.course_path
          ? { path: row.course_path, name: row.course_name ?? row.course_path }
          : null,
    });
    uses.set(row.item_path, list);
  }
  return uses;
}

/** Whether a module with these uses passes the filter; a course counts the modules of its sections too. */
function usedAsFiltered(uses: readonly ModuleUse[], filter: ModuleUsageFilter): boolean {
  switch (filter.kind) {
    case 'none':
      return uses.length === 0;
    case 'section':
      return uses.some((use) => use.parentType === 'section' && use.path === filter.path);
    case 'course':
      return uses.some(
        (use) =>
          (use.parentType === 'course' && use.path === filter.path) || use.course?.path === filter.path,
      );
  }
}

/**
 * tRPC `module.list`: the modules this actor may list (visibleModules), kept to where they are used
 * when `usedIn` is given. On the admin side (onAdmin, for someone holding a role) each entry says
 * where the module is used; elsewhere `usedIn` is null, so a learner learns nothing about other
 * courses from it.
 */
export async function moduleList(
  db: Db,
  actor: Actor | null,
  input: ModuleListInput & { usedIn?: ModuleUsageFilter } = {},
): Promise<ModuleListEntry[]> {
  const modules = await visibleModules(db, actor, input);
  const adminSide = Boolean(input.onAdmin && actor && actor.roles.length > 0);
  if (!adminSide && !input.usedIn) return modules.map((module) => ({ ...module, usedIn: null }));
  const uses = await usesOfModules(
    db,
    modules.map((module) => module.path),
  );
  const filter = input.usedIn;
  return modules
    .filter((module) => !filter || usedAsFiltered(uses.get(module.path) ?? [], filter))
    .map((module) => ({ ...module, usedIn: adminSide ? (uses.get(module.path) ?? []) : null }));
}

/**
 * Who owns a module, whether a user is linked to it and whether the actor teaches it through a
 * course: what the module rule looks up.
 */
export interface ModuleFacts {
  owners: (module: Pick<ModuleSummary, 'moduleId'>) => Promise<readonly string[]>;
  linked: (userId: string, modulePath: string) => Promise<boolean>;
  teaches: (module: Pick<ModuleSummary, 'moduleId' | 'path'>) => Promise<boolean>;
}

/**
 * The facts about these modules for this actor, read in two statements whatever their number, and
 * two more (`teachingCourses`) the first time the rule asks whether they teach one of them.
 */
export async function moduleFactsFrom(
  db: Db,
  actor: Actor | null,
  modules: readonly Pick<ModuleSummary, 'moduleId' | 'path'>[],
): Promise<ModuleFacts> {
  if (!actor || can(actor, 'view') || can(actor, 'edit') || modules.length === 0) {
    return { owners: async () => [], linked: async () => false, teaches: async () => false };
  }
  const owners = await ownersOfModules(db, [...new Set(modules.map((module) => module.moduleId))]);
  const linked = new Set(
    (await linksOfUsers(db, [actor.userId]))
      .filter((link) => link.item_type === 'module')
      .map((link) => link.item_path),
  );
  let taught: Promise<Map<string, string[]>> | undefined;
  return {
    owners: async (module) => owners.get(module.moduleId) ?? [],
    linked: async (userId, path) => userId === actor.userId && linked.has(path),
    teaches: async (module) => {
      taught ??= teachingCourses(db, actor, modules, (each) => owners.get(each.moduleId) ?? []);
      return (await taught).has(module.path);
    },
  };
}

/** Keeps, of modules loaded in a batch, exactly those this actor may open (the rule of `moduleAccessWith`). */
export function keepVisibleModules<
  M extends Pick<ModuleSummary, 'moduleId' | 'path' | 'published' | 'public'>,
>(actor: Actor | null, modules: readonly M[], facts: ModuleFacts): Promise<M[]> {
  // The rule's first cases, decided without look-ups: an anonymous visitor opens no module, a
  // holder of the view or edit right every one.
  if (!actor) return Promise.resolve([]);
  if (can(actor, 'view') || can(actor, 'edit')) return Promise.resolve([...modules]);
  return keepOpen(modules, async (module) =>
    moduleAccessWith(
      actor,
      module,
      await facts.owners(module),
      (userId) => facts.linked(userId, module.path),
      () => facts.teaches(module),
    ),
  );
}

/**
 * What opening the module answers this actor (server/visibility.ts): the one module rule, for its
 * teacher's view, the learner's view and every list. Holders of the view or edit right and its
 * owners open it always, and so do the teachers of a course that lists it (`teaches`, by
 * `teachingCourses`). Module content is for registered users: an anonymous visitor of a published,
 * public module is asked to sign in; of any other, told it does not exist. A signed-in participant
 * opens a published module that is public or linked to them; an unpublished one they would
 * otherwise open is `blocked`. `teaches` is asked only when nothing else opens the module.
 */
export async function moduleAccessWith(
  actor: Actor | null,
  module: Pick<ModuleSummary, 'published' | 'public'>,
  owners: readonly string[],
  isLinked: (userId: string) => Promise<boolean>,
  teaches: () => Promise<boolean>,
): Promise<ItemAccess> {
  if (can(actor, 'view') || can(actor, 'edit')) return 'open';
  if (!actor) return module.published && module.public ? 'signIn' : 'hidden';
  if (owners.includes(actor.userId)) return 'open';
  const access =
    !module.public && !(await isLinked(actor.userId)) ? 'hidden' : module.published ? 'open' : 'blocked';
  return access === 'open' || !(await teaches()) ? access : 'open';
}

/** Whether this actor may open the module (its access is `open`). */
export async function maySeeModule(
  db: Db,
  actor: Actor | null,
  module: Pick<ModuleSummary, 'moduleId' | 'path' | 'published' | 'public'>,
  owners: readonly string[],
): Promise<boolean> {
  const access = await moduleAccessWith(
    actor,
    module,
    owners,
    (userId) => isLinkedTo(db, userId, 'module', module.path),
    async () => actor !== null && (await teachesThroughCourse(db, actor, module, owners)),
  );
  return access === 'open';
}

export interface ModulePageEntry {
  pageId: string;
  path: string;
  name: string;
  type: PageType;
  estimatedTime: number;
  position: number;
}

export type ModuleDetail = ModuleSummary & {
  owners: string[];
  /** The actor teaches the module through a course they own (results, scores, certificates). */
  courseTeacher: boolean;
  /** What this actor may do with it: the screens offer exactly this. */
  rights: ModuleRights;
  pages: ModulePageEntry[];
};

/**
 * One module by path with its owners and pages in order, if this actor may open it (the module
 * rule, `moduleAccessWith`); otherwise Unauthenticated for an anonymous visitor of a module that
 * needs signing in, else NotFound.
 */
export async function visibleModule(db: Db, actor: Actor | null, path: string): Promise<ModuleDetail> {
  const module = await findModuleByPath(db, path);
  if (!module) throw notFound('module.notFound');
  const owners = await ownersOfModule(db, module.moduleId);
  // Participants hold no role and so teach nothing: for them this reads nothing more.
  const authority = await moduleAuthority(db, actor, module, owners);
  const courseTeacher = authority.teachReach !== null && !authority.teachReach.all;
  const access = await moduleAccessWith(
    actor,
    module,
    owners,
    (userId) => isLinkedTo(db, userId, 'module', module.path),
    async () => courseTeacher,
  );
  if (access !== 'open') throw refusalOf(access, 'module.notFound');
  const pages = (await pagesOfModule(db, path)).map(
    ({ pageId, path, name, type, estimatedTime, position }) => ({
      pageId,
      path,
      name,
      type,
      estimatedTime,
      position,
    }),
  );
  return { ...module, owners, courseTeacher, rights: authority.rights, pages };
}

/**
 * The module's translation group, itself included: every module sharing its root (the original's
 * id). Only the ones this actor may see.
 */
export async function moduleTranslations(
  db: Db,
  actor: Actor | null,
  path: string,
): Promise<{ path: string; name: string; language: ModuleSummary['language'] }[]> {
  const module = await visibleModule(db, actor, path);
  const group = await modulesOfTranslationGroup(db, module.originId ?? module.moduleId);
  const visible = [];
  for (const member of group) {
    const summary = member.path === module.path ? module : await findModuleByPath(db, member.path);
    if (!summary) continue;
    const owners = member.path === module.path ? module.owners : await ownersOfModule(db, member.moduleId);
    if (await maySeeModule(db, actor, summary, owners)) {
      visible.push({ path: member.path, name: member.name, language: member.language });
    }
  }
  return visible;
}
