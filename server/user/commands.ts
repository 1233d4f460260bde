import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { type CommandMeta, execute } from '../../events/command';
import { conflict, forbidden, invalid, notFound } from '../../events/errors';
import { requireAdminForAdmin, requireRoleGrant } from '../../events/escalation';
import { type Actor, ADMIN_ROLE, can, type Rules, requireCan } from '../../events/permissions';
import {
  type createUserSchema,
  type ProfileInput,
  profileSchema,
  type UserCommand,
} from '../../events/user/commands';
import { type UserState, userDecider } from '../../events/user/decider';
import { userStream } from '../../events/user/events';
import { findCourseByPath } from '../../projections/course/course-summaries';
import { findModuleByPath } from '../../projections/module/module-summaries';
import { findRoleByName } from '../../projections/role/roles';
import { findUserById, findUserIdByEmail, type UserProfile } from '../../projections/user/users';
import { lockEmail } from '../auth/account';
import { requireRecentAuth } from '../auth/second-factor';
import type { Database } from '../db';
import type { Db } from '../db/tables';
import { transaction } from '../db/transaction';
import type { Platform } from '../platform';
import { courseRights } from '../rights/course-rights';
import { moduleAuthority } from '../rights/module-rights';
import { executeUser } from './execute-user';
import { inviteInTransaction } from './invite';

const isSelf = (actor: Actor | null, userId: string) => actor?.userId === userId;
const rolesOf = (state: UserState) => (state.status === 'absent' ? [] : state.roles);

/** An admin creates an account; the person receives a code by mail to choose a password. */
export async function createUser(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: z.output<typeof createUserSchema>,
) {
  requireCan(actor, 'manage_users');
  await checkRoles(platform.database.db, actor, [], input.roles);
  const userId = uuidv7();
  await executeUser(
    platform,
    meta,
    userId,
    {
      type: 'CreateUser',
      data: {
        userId,
        email: input.email,
        profile: { name: input.name, phone: null, profession: null, riziv: null, language: input.language },
        roles: [...new Set(input.roles)].sort(),
      },
    },
    {
      before: async (trx) => {
        await lockEmail(trx, input.email);
        if (await findUserIdByEmail(trx, input.email)) throw conflict('user.emailTaken');
        await inviteInTransaction(platform, trx, userId, meta.now);
      },
    },
  );
  return userId;
}

/** Own profile, or anyone's with manage_users. The e-mail address is not part of it (locked). */
export async function updateProfile(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  userId: string,
  profile: ProfileInput,
) {
  if (!isSelf(actor, userId)) requireCan(actor, 'manage_users');
  await executeUser(
    platform,
    meta,
    userId,
    { type: 'UpdateProfile', data: profile },
    { authorize: (state) => requireAdminForAdmin(actor, rolesOf(state)) },
  );
}

/**
 * Only known roles; only an admin may give or take the admin role; and a role newly given carries
 * only actions the giver holds (else a user manager would hand out, even to themselves, rights they
 * were never given). Roles the person keeps are not checked again, so a manager may still change the
 * other roles of someone who holds more than they do.
 */
// biome-ignore lint/suspicious/noExplicitAny: the db or the command's transaction
async function checkRoles(db: Kysely<any>, actor: Actor | null, previous: string[], roles: string[]) {
  const known: { name: string; actions: Partial<Rules> }[] = [];
  for (const role of roles) {
    const found = role === ADMIN_ROLE ? null : await findRoleByName(db, role);
    if (role !== ADMIN_ROLE && !found) {
      throw invalid('role.unknown', [{ path: 'roles', key: 'role.unknown' }], { name: role });
    }
    if (found && !previous.includes(role)) known.push(found);
  }
  const adminChanged = previous.includes(ADMIN_ROLE) !== roles.includes(ADMIN_ROLE);
  if (adminChanged && !actor?.roles.includes(ADMIN_ROLE)) throw forbidden('role.onlyAdminGrantsAdmin');
  if (actor) for (const role of known) requireRoleGrant(actor, role);
}

export async function setRoles(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  userId: string,
  roles: string[],
) {
  requireCan(actor, 'manage_users');
  await executeUser(
    platform,
    meta,
    userId,
    { type: 'SetRoles', data: { roles } },
    {
      authorize: (state) => requireAdminForAdmin(actor, rolesOf(state)),
      before: async (trx, state) => {
        await checkRoles(trx, actor, state.status === 'active' ? state.roles : [], roles);
      },
    },
  );
}

/** The profile form's values of a stored user, so a partial change names only what changes. */
const profileOf = (user: UserProfile) => ({
  name: user.name,
  phone: user.phone ?? '',
  profession: user.profession ?? '',
  riziv: user.riziv ?? '',
  description: user.description ?? '',
  image: user.image,
  fullPrivacy: user.fullPrivacy,
  language: user.language,
});

/**
 * Changes the profile fields `profile` names and, with `roles`, the roles, in one command: one
 * transaction, one batch of events, so a refusal of either leaves both unchanged. The profile is
 * merged over the stored one inside the transaction, after the user's stream is locked, so a
 * concurrent change is never overwritten with values read before it. The rights are those of
 * updateProfile and setRoles together.
 */
export async function updateUser(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  userId: string,
  input: { profile?: Record<string, unknown>; roles?: string[] },
) {
  const { profile, roles } = input;
  const changesProfile = profile !== undefined && Object.keys(profile).length > 0;
  if (!changesProfile && roles === undefined) throw invalid('errors.invalidInput');
  if (roles !== undefined || !isSelf(actor, userId)) requireCan(actor, 'manage_users');
  await execute(platform.pipeline, {
    decider: userDecider,
    stream: userStream(userId),
    meta,
    authorize: (state) => requireAdminForAdmin(actor, rolesOf(state)),
    command: async (state, trx: Transaction<Database>): Promise<UserCommand> => {
      if (state.status !== 'active') throw notFound('user.notFound');
      if (roles !== undefined) await checkRoles(trx, actor, state.roles, roles);
      const stored = changesProfile ? await findUserById(trx, userId) : null;
      if (changesProfile && !stored) throw notFound('user.notFound');
      return {
        type: 'UpdateUser',
        data: {
          roles,
          profile: stored ? profileSchema.parse({ ...profileOf(stored), ...profile }) : undefined,
        },
      };
    },
  });
}

/**
 * Who may link or unlink participants of this course or module: assign_participants (or
 * manage_users), and only on an item the caller may edit (the edit right, or owning it);
 * administrators reach every item (ADR 0014).
 */
async function requireParticipantRight(
  db: Db,
  actor: Actor | null,
  link: { itemType: 'course' | 'module'; itemPath: string; linked: boolean },
) {
  if (!can(actor, 'assign_participants') && !can(actor, 'manage_users'))
    requireCan(actor, 'assign_participants');
  const item =
    link.itemType === 'course'
      ? await findCourseByPath(db, link.itemPath)
      : await findModuleByPath(db, link.itemPath);
  // A missing item may still be unlinked: the link is all that is left of it.
  if (!item && link.linked)
    throw notFound(link.itemType === 'course' ? 'course.notFound' : 'module.notFound');
  if (item) {
    const rights =
      'courseId' in item
        ? await courseRights(db, actor, item)
        : (await moduleAuthority(db, actor, item)).rights;
    if (!rights.assignParticipants) throw forbidden();
  }
}

/** Links or unlinks a participant (requireParticipantRight). */
export async function linkUser(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  link: { userId: string; itemType: 'course' | 'module'; itemPath: string; linked: boolean },
) {
  await requireParticipantRight(platform.database.db, actor, link);
  const data = { itemType: link.itemType, itemPath: link.itemPath };
  await executeUser(
    platform,
    meta,
    link.userId,
    link.linked ? { type: 'Link', data } : { type: 'Unlink', data },
  );
}

/**
 * Links or unlinks several people at once: the right is checked once for the item, so without it
 * every one is refused and nothing is written; an unknown person refuses the whole request too.
 * Then one command per person, on their own stream (a link is a fact about that person).
 */
export async function linkUsers(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  link: { userIds: string[]; itemType: 'course' | 'module'; itemPath: string; linked: boolean },
) {
  const db = platform.database.db;
  await requireParticipantRight(db, actor, link);
  const userIds = [...new Set(link.userIds)];
  const found = await db.selectFrom('users').select('user_id').where('user_id', 'in', userIds).execute();
  if (found.length !== userIds.length) throw notFound('user.notFound');
  const data = { itemType: link.itemType, itemPath: link.itemPath };
  for (const userId of userIds) {
    await executeUser(
      platform,
      meta,
      userId,
      link.linked ? { type: 'Link', data } : { type: 'Unlink', data },
    );
  }
}

/**
 * Sets the group of several participants within one course (an empty group takes it away): the
 * right to link participants to that course (ADR 0014), checked once, so without it nobody's group
 * changes; every person must be linked to the course, else the whole request is refused. Then one
 * command per person.
 */
export async function setGroups(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { userIds: string[]; coursePath: string; group: string | null },
) {
  const db = platform.database.db;
  await requireParticipantRight(db, actor, { itemType: 'course', itemPath: input.coursePath, linked: true });
  const userIds = [...new Set(input.userIds)];
  const linked = await db
    .selectFrom('user_links')
    .select('user_id')
    .where('item_type', '=', 'course')
    .where('item_path', '=', input.coursePath)
    .where('user_id', 'in', userIds)
    .execute();
  if (linked.length !== userIds.length) {
    throw invalid('participantGroup.notLinked', [{ path: 'userIds', key: 'participantGroup.notLinked' }]);
  }
  for (const userId of userIds) {
    await executeUser(platform, meta, userId, {
      type: 'SetGroup',
      data: { coursePath: input.coursePath, group: input.group },
    });
  }
}

/**
 * Erasure: own account, or anyone's with manage_users. Their personal data becomes unreadable. One's
 * own only after signing in again (`reauth`, the proof of /auth/reauth): an open session alone on a
 * shared computer does not erase anyone.
 */
export async function deleteUser(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  userId: string,
  reauth?: string | null,
) {
  if (isSelf(actor, userId)) await requireRecentAuth(platform, actor!, reauth);
  else requireCan(actor, 'manage_users');
  await executeUser(
    platform,
    meta,
    userId,
    { type: 'Delete' },
    { authorize: (state) => requireAdminForAdmin(actor, rolesOf(state)) },
  );
}

/** Mails a fresh invitation link (for an account an admin created): the earlier link stops working. */
export async function resendInvite(platform: Platform, actor: Actor | null, userId: string) {
  requireCan(actor, 'manage_users');
  requireAdminForAdmin(actor, (await findUserById(platform.database.db, userId))?.roles ?? []);
  await transaction(platform.database.db, (trx) => inviteInTransaction(platform, trx, userId, new Date()));
}
