import { z } from 'zod';
import { forbidden, notFound } from '../../events/errors';
import { type Actor, can } from '../../events/permissions';
import {
  anonymousProfile,
  findUserById,
  type SearchScope,
  searchUsers,
  type UserProfile,
  type UserRecord,
  type UserSearch,
} from '../../projections/user/users';
import type { Db } from '../db/tables';

/** Users with fullPrivacy appear to others as 'Anonymous User' (docs/guide/users-and-roles.md); managers see them. */
export function asSeenBy<U extends UserProfile>(actor: Actor | null, user: U): U {
  if (!user.fullPrivacy || actor?.userId === user._id || can(actor, 'manage_users')) return user;
  return {
    ...user,
    name: anonymousProfile.name,
    email: anonymousProfile.email,
    phone: null,
    profession: null,
    riziv: null,
    description: null,
    image: null,
  };
}

/**
 * Who looks at a user (docs/security.md#the-model-in-short, personal data by audience): the user
 * themself, someone with manage_users, or anyone else.
 */
export type Audience = 'self' | 'manager' | 'others';

function audienceOf(actor: Actor | null, userId: string): Audience {
  if (actor?.userId === userId) return 'self';
  return can(actor, 'manage_users') ? 'manager' : 'others';
}

/**
 * The one projection of a user for its audience, in tRPC and GraphQL alike: themself and managers
 * see everything; anyone else sees id, name and e-mail (masked under fullPrivacy, `asSeenBy`) with
 * their roles and picture, never phone, riziv, profession or description.
 */
export function userFor<U extends UserProfile>(actor: Actor | null, user: U): U {
  if (audienceOf(actor, user._id) !== 'others') return user;
  return { ...asSeenBy(actor, user), phone: null, profession: null, riziv: null, description: null };
}

/**
 * A course's or module's owner as a team member (the Team tab): what anyone else
 * sees (`userFor`) plus the profession and description they present themselves with; never phone
 * or riziv.
 */
export function teamMemberFor<U extends UserProfile>(actor: Actor | null, user: U): U {
  const shown = userFor(actor, user);
  if (shown === user || user.fullPrivacy) return shown;
  return { ...shown, profession: user.profession, description: user.description };
}

/**
 * What a search by this actor may match (the projection above, applied in the query): real names
 * and e-mails of everyone for who manages users, otherwise only where the actor sees them.
 */
export const searchScopeOf = (actor: Actor | null): SearchScope =>
  can(actor, 'manage_users') ? { all: true } : { all: false, viewerId: actor?.userId ?? null };

/**
 * People as this actor sees them (`project`: userFor, or teamMemberFor for a team), the named ones
 * in the order given, then those shown as 'Anonymous User', by id: a place among the names would
 * hint at the hidden one.
 */
export function inSeenOrder<U extends UserProfile>(
  actor: Actor | null,
  users: readonly U[],
  project: (actor: Actor | null, user: U) => U = userFor,
): U[] {
  const hidden = (user: U) => user.fullPrivacy && audienceOf(actor, user._id) === 'others';
  const masked = users.filter(hidden).sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  return [...users.filter((user) => !hidden(user)), ...masked].map((user) => project(actor, user));
}

/** Which courses and modules someone is linked to: for themselves and for who manages links. */
export function canSeeLinksOf(actor: Actor | null, userId: string): boolean {
  return actor?.userId === userId || can(actor, 'manage_users') || can(actor, 'assign_participants');
}

/** The filters of the user list. */
export const userSearchSchema = z.object({
  search: z.string().trim().max(200).optional(),
  course: z.string().max(200).optional(),
  group: z.string().trim().min(1).max(60).optional(),
  module: z.string().max(200).optional(),
  role: z.string().max(60).optional(),
  limit: z.number().int().min(1).max(500).optional(),
  offset: z.number().int().min(0).optional(),
});

/**
 * The user list (admin screens, linking participants): manage_users or assign_participants; each
 * user as this actor's audience may see them (`userFor`), and found only by what they see.
 */
export async function visibleUsers(db: Db, actor: Actor | null, filter: UserSearch): Promise<UserRecord[]> {
  if (!can(actor, 'manage_users') && !can(actor, 'assign_participants')) throw forbidden();
  const users = await searchUsers(db, filter, searchScopeOf(actor));
  return users.map((user) => userFor(actor, user));
}

/** One user in full: oneself, or anyone with manage_users. */
export async function visibleUser(db: Db, actor: Actor | null, userId: string): Promise<UserRecord> {
  if (actor?.userId !== userId && !can(actor, 'manage_users')) throw forbidden();
  const user = await findUserById(db, userId);
  if (!user) throw notFound('user.notFound');
  return user;
}
