import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { DomainError } from '../../events/errors';
import { allRules } from '../../events/permissions';
import { findRoleByName } from '../../projections/role/roles';
import { findUserIdByEmail, userAccess } from '../../projections/user/users';
import { type Config, ConfigError } from '../config';
import type { Platform } from '../platform';
import { createRole } from '../role/commands';
import { executeUser, systemMeta } from '../user/execute-user';
import { lockEmail, setPassword } from './account';
import { verifyPassword } from './passwords';

const system = { userId: 'system', roles: ['admin'], rules: allRules() };

/** The built-in teacher role (docs/guide/users-and-roles.md): creates content and assigns participants. */
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
async function ensureAdmin(platform: Platform, email: string, password: string, name = 'Administrator') {
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
  const stored = await platform.database.db
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

/** The setting that gave this instance its signing key, as an operator would look for it. */
function signingKeyVariable(config: Config): string {
  if (config.JWT_PRIVATE_KEY) return 'JWT_PRIVATE_KEY';
  if (config.JWT_PRIVATE_KEY_FILE) return 'JWT_PRIVATE_KEY_FILE';
  return `JWT_PRIVATE_KEY (unset: this instance made its own key in ${config.dataDir}/keys)`;
}

/**
 * On a shared PostgreSQL database, the first instance records its signing key (its public half's
 * thumbprint) and every later one must sign with the same: one with its own key would issue tokens
 * the others refuse and key its rate limits apart, signing people out at random. Such an instance
 * refuses to start, naming the setting to correct. The embedded database has one process and its
 * key beside it in the data folder: nothing to compare.
 */
async function checkSigningKey(platform: Platform): Promise<void> {
  if (platform.database.target.kind !== 'server') return;
  const db = platform.database.db;
  const thumbprint = await calculateJwkThumbprint(await exportJWK(platform.keys.publicKey));
  await sql`
    insert into signing_key (id, thumbprint, kid, recorded_at)
    values (true, ${thumbprint}, ${platform.keys.kid}, now())
    on conflict (id) do nothing`.execute(db);
  const { rows } = await sql<{ thumbprint: string; kid: string; recorded_at: Date }>`
    select thumbprint, kid, recorded_at from signing_key`.execute(db);
  const known = rows[0];
  if (!known || known.thumbprint === thumbprint) return;
  throw new ConfigError(
    'Not starting: this instance signs ID tokens with another key than the instances on this database.\n' +
      `  ${signingKeyVariable(platform.config)}: key ${platform.keys.kid} (thumbprint ${thumbprint}), but ` +
      `this database has known key ${known.kid} (thumbprint ${known.thumbprint}) since ` +
      `${new Date(known.recorded_at).toISOString()}.\n` +
      '  Give every instance the same key with JWT_PRIVATE_KEY or JWT_PRIVATE_KEY_FILE. To change the ' +
      'key on purpose, stop every instance, run "delete from signing_key" on the database, and start ' +
      'them all with the new key.',
  );
}

/** Start-up: the signing key checked against the database's, the teacher role, and the configured first admin. */
export async function bootstrapIdentity(platform: Platform) {
  await checkSigningKey(platform);
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
