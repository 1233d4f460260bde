import { sql } from 'kysely';
import { forbidden, notFound } from '../../events/errors';
import { type Actor, requireCan } from '../../events/permissions';
import { type LinkedModule, modulesOfParent, type Parent } from '../../projections/link/content-links';
import { toUserProfile } from '../../projections/user/users';
import type { Db } from '../db/tables';
import { parentAccess } from '../file/queries';
import { keepVisibleModules, moduleFactsFrom } from '../module/queries';
import { inSeenOrder } from '../user/queries';

/**
 * A course's or section's modules in order (tRPC `link.modulesOf`, GraphQL `modules(course|section)`),
 * if this actor may open the parent. On the admin side (`onAdmin`), who manages the parent (the view
 * or edit right, or owning the course) sees every linked module, to order and unlink them; everywhere
 * else exactly the modules this actor may open (the module rule), so no card says 'does not exist'.
 */
export async function visibleModulesOf(
  db: Db,
  actor: Actor | null,
  parent: Parent,
  options: { onAdmin?: boolean } = {},
): Promise<LinkedModule[]> {
  const access = await parentAccess(db, actor, parent);
  if (!access) throw notFound(parent.parentType === 'course' ? 'course.notFound' : 'section.notFound');
  const modules = await modulesOfParent(db, parent);
  if (options.onAdmin && access === 'manage') return modules;
  const visible = await keepVisibleModules(actor, modules, await moduleFactsFrom(db, actor, modules));
  // Positions count in the list as this actor gets it.
  return visible.map((module, position) => ({ ...module, position }));
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
