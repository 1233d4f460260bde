import { forbidden, notFound } from '../../events/errors';
import { type Actor, can } from '../../events/permissions';
import { findRoleByName, listRoles, type RoleRecord } from '../../projections/role/roles';
import type { Db } from '../db/tables';

/** Role names are needed to assign them (manage_users) and to edit them (manage_roles). */
const canSeeRoles = (actor: Actor | null) => can(actor, 'manage_roles') || can(actor, 'manage_users');

export async function visibleRoles(db: Db, actor: Actor | null): Promise<RoleRecord[]> {
  if (!canSeeRoles(actor)) throw forbidden();
  return listRoles(db);
}

export async function visibleRole(db: Db, actor: Actor | null, name: string): Promise<RoleRecord> {
  if (!canSeeRoles(actor)) throw forbidden();
  const role = await findRoleByName(db, name);
  if (!role) throw notFound('role.notFound');
  return role;
}
