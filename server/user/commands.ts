import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { CommandMeta } from '../../events/command';
import { conflict, forbidden, invalid, notFound } from '../../events/errors';
import { type Actor, ADMIN_ROLE, can, requireCan } from '../../events/permissions';
import type { createUserSchema, ProfileInput } from '../../events/user/commands';
import { courseIdByPath } from '../../projections/course/course-summaries';
import { moduleIdByPath } from '../../projections/module/module-summaries';
import { findRoleByName } from '../../projections/role/roles';
import { findUserIdByEmail } from '../../projections/user/users';
import { lockEmail, sendCode } from '../auth/account';
import { issueCode } from '../auth/codes';
import type { Platform } from '../platform';
import { executeUser } from './execute-user';

const isSelf = (actor: Actor | null, userId: string) => actor?.userId === userId;

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
        const code = await issueCode(trx, userId, 'reset', meta.now);
        await platform.jobs.sendMail(trx, { kind: 'account', userId, template: 'invite', code });
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
  await executeUser(platform, meta, userId, { type: 'UpdateProfile', data: profile });
}

/** Only known roles; and only an admin may give or take the admin role. */
// biome-ignore lint/suspicious/noExplicitAny: the db or the command's transaction
async function checkRoles(db: Kysely<any>, actor: Actor | null, previous: string[], roles: string[]) {
  for (const role of roles) {
    if (role !== ADMIN_ROLE && !(await findRoleByName(db, role))) {
      throw invalid('role.unknown', [{ path: 'roles', key: 'role.unknown' }], { name: role });
    }
  }
  const adminChanged = previous.includes(ADMIN_ROLE) !== roles.includes(ADMIN_ROLE);
  if (adminChanged && !actor?.roles.includes(ADMIN_ROLE)) throw forbidden('role.onlyAdminGrantsAdmin');
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
      before: async (trx, state) => {
        await checkRoles(trx, actor, state.status === 'active' ? state.roles : [], roles);
      },
    },
  );
}

export async function linkUser(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  link: { userId: string; itemType: 'course' | 'module'; itemPath: string; linked: boolean },
) {
  if (!can(actor, 'assign_participants') && !can(actor, 'manage_users'))
    requireCan(actor, 'assign_participants');
  if (
    link.linked &&
    link.itemType === 'course' &&
    !(await courseIdByPath(platform.database.db, link.itemPath))
  ) {
    throw notFound('course.notFound');
  }
  if (
    link.linked &&
    link.itemType === 'module' &&
    !(await moduleIdByPath(platform.database.db, link.itemPath))
  ) {
    throw notFound('module.notFound');
  }
  const data = { itemType: link.itemType, itemPath: link.itemPath };
  await executeUser(
    platform,
    meta,
    link.userId,
    link.linked ? { type: 'Link', data } : { type: 'Unlink', data },
  );
}

/** Erasure: own account, or anyone's with manage_users. Their personal data becomes unreadable. */
export async function deleteUser(platform: Platform, actor: Actor | null, meta: CommandMeta, userId: string) {
  if (!isSelf(actor, userId)) requireCan(actor, 'manage_users');
  await executeUser(platform, meta, userId, { type: 'Delete' });
}

/** Mails a fresh invitation code (for an account an admin created). */
export async function resendInvite(platform: Platform, actor: Actor | null, userId: string) {
  requireCan(actor, 'manage_users');
  await sendCode(platform, userId, 'invite');
}
