import type { ApiScope } from './api-client/events';
import { forbidden, unauthenticated } from './errors';

export const roleActions = [
  'view',
  'create',
  'edit',
  'delete',
  'assign_participants',
  'assign_owners',
  'manage_roles',
  'manage_users',
] as const;
export type RoleAction = (typeof roleActions)[number];

export const isRoleAction = (value: unknown): value is RoleAction =>
  (roleActions as readonly unknown[]).includes(value);
export type Rules = Record<RoleAction, boolean>;

export interface Actor {
  userId: string;
  roles: string[];
  rules: Rules;
  /**
   * Set when an API client acts (its id is then `userId`): only what its scopes open is reachable
   * (server/api-client/scopes.ts).
   */
  client?: { clientId: string; scopes: readonly ApiScope[] };
}

export const ADMIN_ROLE = 'admin';

export const noRules = (): Rules => Object.fromEntries(roleActions.map((action) => [action, false])) as Rules;
export const allRules = (): Rules => Object.fromEntries(roleActions.map((action) => [action, true])) as Rules;

/** Merges the actions of the actor's roles; admin has every right (docs/guide/users-and-roles.md). */
export function rulesFor(roles: string[], roleActionsByName: Record<string, Partial<Rules>>): Rules {
  if (roles.includes(ADMIN_ROLE)) return allRules();
  const rules = noRules();
  for (const role of roles) {
    for (const action of roleActions) if (roleActionsByName[role]?.[action]) rules[action] = true;
  }
  return rules;
}

export interface Target {
  owners: string[];
}

/** The one authorisation rule: the role's action, or ownership for edit and delete. */
export function can(actor: Actor | null, action: RoleAction, target?: Target): boolean {
  if (!actor) return false;
  if (actor.rules[action]) return true;
  if ((action === 'edit' || action === 'delete') && target) return target.owners.includes(actor.userId);
  return false;
}

export function requireCan(actor: Actor | null, action: RoleAction, target?: Target): Actor {
  if (!actor) throw unauthenticated();
  if (!can(actor, action, target)) throw forbidden();
  return actor;
}
