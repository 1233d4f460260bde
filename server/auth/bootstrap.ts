import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { DomainError } from '../../events/errors';
import { allRules } from '../../events/permissions';
import { findRoleByName } from '../../projections/role/roles';
import { findUserIdByEmail, userAccess } from '../../projections/user/users';
import type { Platform } from '../platform';
import { createRole } from '../role/commands';
import { executeUser, systemMeta } from '../user/execute-user';
import { lockEmail, setPassword } from './account';
import { verifyPassword } from './passwords';
import type { PrivateTables } from './private-tables';

const system = { userId: 'system', roles: ['admin'], rules: allRules() };

/** The built-in teacher role (spec section 6): creates content and assigns participants. */
export async function ensureTeacherRole(platform: Platform) {
  if (await findRoleByName(platform.database.db, 'teacher')) return;
  // Another instance starting at the same moment may create it first: that is the same outcome.
  await createRole(platform, system, systemMeta('bootstrap'), {
    name: 'teacher',
    actions: {
      view: false,
      create: true,
      edit: false,
      delete: false,
      assign_participants: true,
      assign_owners: false,
      manage_roles: false,
      manage_users: false,
    },
  }).catch((error) => {
    if (!(error instanceof DomainError && error.key === 'role.nameTaken')) throw error;
  });
}

/**
 * A verified account with this e-mail, this password and the admin role, created or brought into
 * line. Runs at every start when ADMIN_EMAIL and ADMIN_PASSWORD are set.
 */
export async function ensureAdmin(
  platform: Platform,
  email: string,
  password: string,
  name = 'Administrator',
) {
  const address = email.trim().toLowerCase();
  const meta = systemMeta('bootstrap-admin');
  let userId = await findUserIdByEmail(platform.database.db, address);
  if (!userId) {
    const newId = uuidv7();
    userId = await executeUser(
      platform,
      meta,
      newId,
      {
        type: 'CreateUser',
        data: {
          userId: newId,
          email: address,
          profile: { name, phone: null, profession: null, riziv: null, language: 'nl' },
          roles: ['admin'],
        },
      },
      {
        before: async (trx) => {
          await lockEmail(trx, address);
          if (await findUserIdByEmail(trx, address)) throw new DomainError('CONFLICT', 'user.emailTaken');
        },
      },
    ).then(
      () => newId,
      async (error) => {
        // Another instance created this admin meanwhile: carry on with that account.
        if (!(error instanceof DomainError && error.key === 'user.emailTaken')) throw error;
        return findUserIdByEmail(platform.database.db, address);
      },
    );
    if (!userId) throw new Error(`Could not create the admin ${address}`);
  }
  const id = userId;
  const stored = await (platform.database.db as unknown as Kysely<PrivateTables>)
    .selectFrom('credentials')
    .select('password_hash')
    .where('user_id', '=', id)
    .executeTakeFirst();
  // Only a password that differs is a change worth an event; a restart is not.
  if (!stored || !(await verifyPassword(password, stored.password_hash))) {
    await executeUser(
      platform,
      meta,
      id,
      { type: 'ChangePassword', data: { by: 'bootstrap' } },
      { before: (trx) => setPassword(trx, id, password) },
    );
  }
  const access = await userAccess(platform.database.db, id);
  if (access && !access.roles.includes('admin')) {
    await executeUser(platform, meta, id, { type: 'SetRoles', data: { roles: [...access.roles, 'admin'] } });
  }
  return id;
}

/** Start-up: the teacher role, and the configured first admin. */
export async function bootstrapIdentity(platform: Platform) {
  await ensureTeacherRole(platform);
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = platform.config;
  if (ADMIN_EMAIL && ADMIN_PASSWORD) await ensureAdmin(platform, ADMIN_EMAIL, ADMIN_PASSWORD);
}

/** The demo's admin, with a fresh random password that is printed once. */
export async function createDemoAdmin(platform: Platform): Promise<{ email: string; password: string }> {
  const email = 'admin@example.org';
  const password = randomBytes(9).toString('base64url');
  await ensureAdmin(platform, email, password, 'Demo Admin');
  return { email, password };
}
