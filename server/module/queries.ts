import { notFound } from '../../events/errors';
import type { PageType } from '../../events/page/events';
import { type Actor, can } from '../../events/permissions';
import type { AnyDb } from '../../projections/db';
import { ownersOfModule } from '../../projections/module/module-owners';
import {
  findModuleByPath,
  listModules,
  type ModuleSummary,
  modulesOfTranslationGroup,
} from '../../projections/module/module-summaries';
import { pagesOfModule } from '../../projections/page/page-summaries';
import { isLinkedTo } from '../../projections/user/users';

export interface ModuleListInput {
  onAdmin?: boolean;
  published?: boolean;
  onHome?: boolean;
}

/**
 * The modules this actor may list (tRPC `module.list`, later GraphQL `modules`): learners see
 * published, public modules; on the admin side, holders of the view right see everything and other
 * editors only the modules they own.
 */
export function visibleModules(
  db: AnyDb,
  actor: Actor | null,
  input: ModuleListInput = {},
): Promise<ModuleSummary[]> {
  if (input.onAdmin && can(actor, 'view')) {
    return listModules(db, { published: input.published, onHome: input.onHome });
  }
  // Editors without the view right manage only their own content (spec section 6).
  if (input.onAdmin && actor && actor.roles.length > 0) {
    return listModules(db, { published: input.published, onHome: input.onHome, ownedBy: actor.userId });
  }
  return listModules(db, { published: true, publicOnly: true, onHome: input.onHome });
}

/**
 * Whether this actor may see the module: holders of the view or edit right and its owners always;
 * others when it is published and public, or they are linked to it.
 */
export async function maySeeModule(
  db: AnyDb,
  actor: Actor | null,
  module: Pick<ModuleSummary, 'path' | 'published' | 'public'>,
  owners: readonly string[],
): Promise<boolean> {
  return maySeeModuleWith(actor, module, owners, (userId) => isLinkedTo(db, userId, 'module', module.path));
}

/** The rule of maySeeModule, with the link look-up given (a batched one, in GraphQL). */
export async function maySeeModuleWith(
  actor: Actor | null,
  module: Pick<ModuleSummary, 'path' | 'published' | 'public'>,
  owners: readonly string[],
  isLinked: (userId: string) => Promise<boolean>,
): Promise<boolean> {
  if (can(actor, 'view') || can(actor, 'edit')) return true;
  if (actor && owners.includes(actor.userId)) return true;
  if (!module.published) return false;
  if (module.public) return true;
  return actor ? isLinked(actor.userId) : false;
}

export interface ModulePageEntry {
  pageId: string;
  path: string;
  name: string;
  type: PageType;
  estimatedTime: number;
  position: number;
}

export type ModuleDetail = ModuleSummary & { owners: string[]; pages: ModulePageEntry[] };

/** One module by path with its owners and pages in order, if this actor may see it; else NotFound. */
export async function visibleModule(db: AnyDb, actor: Actor | null, path: string): Promise<ModuleDetail> {
  const module = await findModuleByPath(db, path);
  if (!module) throw notFound('module.notFound');
  const owners = await ownersOfModule(db, module.moduleId);
  if (!(await maySeeModule(db, actor, module, owners))) throw notFound('module.notFound');
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
  return { ...module, owners, pages };
}

/**
 * The module's translation group, itself included: every module sharing its root (the original's
 * id). Only the ones this actor may see.
 */
export async function moduleTranslations(
  db: AnyDb,
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
