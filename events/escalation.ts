import { forbidden } from './errors';
import { type Actor, ADMIN_ROLE, type RoleAction, type Rules, roleActions } from './permissions';

/**
 * The rules that keep a custom role from raising itself or reaching past the administrators: what
 * someone may do to roles, to administrators' accounts and to ownership depends on what they hold.
 * Pure: the caller passes the actor and what it read.
 */

type Holder = Pick<Actor, 'roles' | 'rules'>;

export const isAdmin = (holder: Pick<Actor, 'roles'> | null): boolean =>
  holder?.roles.includes(ADMIN_ROLE) ?? false;

/** Role names are unique whatever their case, so holding one is compared the same way. */
const holds = (holder: Holder, roleName: string) =>
  holder.roles.some((held) => held.toLowerCase() === roleName.toLowerCase());

/**
 * The actions `after` allows that `before` did not and the holder lacks: what a change would give
 * away beyond the holder's own rights. Keeping an action a role already had gives nothing away.
 */
export function actionsBeyond(
  holder: Holder,
  after: Partial<Rules>,
  before: Partial<Rules> = {},
): RoleAction[] {
  if (isAdmin(holder)) return [];
  return roleActions.filter((action) => after[action] && !before[action] && !holder.rules[action]);
}

/**
 * A role editor who is not an administrator creates, changes, copies into and deletes only roles
 * they do not hold (else they would write their own rights), and gives a role no action they lack.
 * `after` is the role's actions once changed (none for a deletion), `before` what it had.
 */
export function requireRoleChange(
  editor: Holder,
  change: { name: string; before?: Partial<Rules>; after?: Partial<Rules> },
): void {
  if (isAdmin(editor)) return;
  if (holds(editor, change.name)) throw forbidden('role.heldByYou');
  if (change.after && actionsBeyond(editor, change.after, change.before).length > 0) {
    throw forbidden('role.actionsBeyondYours');
  }
}

/**
 * A user manager who is not an administrator gives a person only roles whose actions they hold
 * themselves: assigning a role is granting its actions. Taking a role away gives nothing.
 */
export function requireRoleGrant(granter: Holder, role: { name: string; actions: Partial<Rules> }): void {
  if (actionsBeyond(granter, role.actions).length > 0) throw forbidden('role.grantBeyondYours');
}

/** Only an administrator changes, exports or erases an administrator's account. */
export function requireAdminForAdmin(actor: Pick<Actor, 'roles'> | null, targetRoles: readonly string[]) {
  if (targetRoles.includes(ADMIN_ROLE) && !isAdmin(actor)) throw forbidden('user.adminOnly');
}

/**
 * Whoever assigns owners names someone else: making oneself owner would hand oneself edit, delete
 * and every teaching right on the item (administrators have those already). Leaving a team is
 * refused the same way, so a change of one's own ownership is always another person's decision.
 */
export function requireOtherOwner(actor: Pick<Actor, 'roles' | 'userId'> | null, userId: string) {
  if (actor?.userId === userId && !isAdmin(actor)) throw forbidden('user.ownerNotYourself');
}
