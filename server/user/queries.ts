import { z } from 'zod';
import { forbidden, notFound } from '../../events/errors';
import { type Actor, can } from '../../events/permissions';
import type { AnyDb } from '../../projections/db';
import {
  findUserById,
  searchUsers,
  type UserProfile,
  type UserRecord,
  type UserSearch,
} from '../../projections/user/users';

/** Users with fullPrivacy appear to others as 'Anonymous User' (spec section 6); managers see them. */
export function asSeenBy<U extends UserProfile>(actor: Actor | null, user: U): U {
  if (!user.fullPrivacy || actor?.userId === user._id || can(actor, 'manage_users')) return user;
  return {
    ...user,
    name: 'Anonymous User',
    email: 'anonymous@anonymous.invalid',
    phone: null,
    profession: null,
    riziv: null,
    description: null,
    image: null,
  };
}

/** Which courses and modules someone is linked to: for themselves and for who manages links. */
export function canSeeLinksOf(actor: Actor | null, userId: string): boolean {
  return actor?.userId === userId || can(actor, 'manage_users') || can(actor, 'assign_participants');
}

/** The filters of the user list. */
export const userSearchSchema = z.object({
  search: z.string().trim().max(200).optional(),
  course: z.string().max(200).optional(),
  module: z.string().max(200).optional(),
  role: z.string().max(60).optional(),
  limit: z.number().int().min(1).max(500).optional(),
  offset: z.number().int().min(0).optional(),
});

/** The user list (admin screens, linking participants): manage_users or assign_participants. */
export async function visibleUsers(
  db: AnyDb,
  actor: Actor | null,
  filter: UserSearch,
): Promise<UserRecord[]> {
  if (!can(actor, 'manage_users') && !can(actor, 'assign_participants')) throw forbidden();
  const users = await searchUsers(db, filter);
  return users.map((user) => asSeenBy(actor, user));
}

/** One user in full: oneself, or anyone with manage_users. */
export async function visibleUser(db: AnyDb, actor: Actor | null, userId: string): Promise<UserRecord> {
  if (actor?.userId !== userId && !can(actor, 'manage_users')) throw forbidden();
  const user = await findUserById(db, userId);
  if (!user) throw notFound('user.notFound');
  return user;
}
