import { type Kysely, sql, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { CommandMeta } from '../../events/command';
import { DomainError, invalid } from '../../events/errors';
import type {
  codeSchema,
  forgotSchema,
  resetSchema,
  signInSchema,
  signUpSchema,
} from '../../events/user/commands';
import { findUserIdByEmail, userAccess } from '../../projections/user/users';
import { transaction } from '../db/transaction';
import { addressDigest, type SecurityLog, securityEvent } from '../ops/security-events';
import type { Platform } from '../platform';
import { executeUser } from '../user/execute-user';
import { consumeCode, issueCode } from './codes';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords';
import type { PrivateTables } from './private-tables';
import { counts, hit, limits, record, signInSlowdownMs } from './rate-limit';

// biome-ignore lint/suspicious/noExplicitAny: private tables and projections of the full schema
type AnyTrx = Transaction<any>;
// biome-ignore lint/suspicious/noExplicitAny: narrowed to the private tables
const privateTables = (db: Kysely<any>) => db as Kysely<PrivateTables>;

/** Serialises work on one e-mail address across instances (sign-up races, admin creation). */
export async function lockEmail(trx: AnyTrx, email: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`email:${email}`}, 0))`.execute(trx);
}

export async function setPassword(trx: AnyTrx, userId: string, password: string) {
  await storePasswordHash(trx, userId, await hashPassword(password));
}

async function storePasswordHash(trx: AnyTrx, userId: string, passwordHash: string) {
  const values = { user_id: userId, password_hash: passwordHash, updated_at: new Date().toISOString() };
  await privateTables(trx)
    .insertInto('credentials')
    .values(values)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** Many people may share one address (a training room behind one router), so operators can raise it. */
const perAddress = (platform: Platform) => [platform.config.AUTH_LIMIT_PER_ADDRESS, 15 * 60] as const;

async function limit(platform: Platform, key: string, [count, seconds]: readonly [number, number]) {
  await hit(platform.database.db, platform.keys.limitSecret, key, count, seconds, new Date());
}

/**
 * Sign-up: the account exists unverified until the mailed code comes back. The answer is the same
 * whether or not the address was already known, so sign-up cannot be used to test addresses; and so
 * is the work that takes time: the password is hashed on both paths (scrypt is most of the time),
 * before any transaction, and a known address still awaiting verification gets a new code by mail.
 */
export async function signUp(
  platform: Platform,
  input: z.output<typeof signUpSchema>,
  meta: CommandMeta,
  ip: string,
) {
  await limit(platform, `mail:${input.email}`, limits.mailPerEmail);
  await limit(platform, `signup-ip:${ip}`, perAddress(platform));
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserIdByEmail(platform.database.db, input.email);
  if (existing) return remindKnownAddress(platform, existing);
  const userId = uuidv7();
  const { password: _password, email, ...profile } = input;
  try {
    await executeUser(
      platform,
      meta,
      userId,
      { type: 'SignUp', data: { userId, email, profile } },
      {
        before: async (trx) => {
          await lockEmail(trx, email);
          if (await findUserIdByEmail(trx, email)) throw new DomainError('CONFLICT', 'user.emailTaken');
          await storePasswordHash(trx, userId, passwordHash);
          const code = await issueCode(trx, userId, 'verify', meta.now);
          await platform.jobs.sendMail(trx, { kind: 'account', userId, template: 'verify', code });
        },
      },
    );
  } catch (error) {
    // Signed up meanwhile (a parallel sign-up for the same address): answered like any known one.
    if (!(error instanceof DomainError && error.key === 'user.emailTaken')) throw error;
    const known = await findUserIdByEmail(platform.database.db, email);
    if (known) await remindKnownAddress(platform, known);
  }
}

async function remindKnownAddress(platform: Platform, userId: string) {
  const access = await userAccess(platform.database.db, userId);
  if (access && !access.verified) await sendCode(platform, userId, 'verify');
}

async function sendCode(platform: Platform, userId: string, template: 'verify' | 'reset' | 'invite') {
  await transaction(platform.database.db, async (trx) => {
    const code = await issueCode(trx, userId, template === 'verify' ? 'verify' : 'reset', new Date());
    await platform.jobs.sendMail(trx, { kind: 'account', userId, template, code });
  });
}

/** A new verification code, when the account exists and still needs one; same answer either way. */
export async function resendCode(platform: Platform, input: z.output<typeof forgotSchema>, ip: string) {
  await limit(platform, `mail:${input.email}`, limits.mailPerEmail);
  await limit(platform, `code-ip:${ip}`, perAddress(platform));
  const userId = await findUserIdByEmail(platform.database.db, input.email);
  const access = userId ? await userAccess(platform.database.db, userId) : null;
  if (userId && access && !access.verified) await sendCode(platform, userId, 'verify');
}

/**
 * The account whose mailed code this is. Unknown address, wrong, expired or spent code: one answer,
 * after the same statements, so the answer does not tell whether the address has an account.
 */
async function checkCode(
  platform: Platform,
  input: { email: string; code: string },
  purpose: 'verify' | 'reset',
  ip: string,
): Promise<string> {
  // Per address *and* client: a stranger's guesses stop the stranger, not the owner. Each code
  // still dies after MAX_CODE_ATTEMPTS tries and mails per address are limited, which bounds the
  // guesses at an address from everywhere together.
  await limit(platform, `code:${input.email}:${ip}`, limits.codePerEmailAndClient);
  await limit(platform, `code-ip:${ip}`, perAddress(platform));
  const userId = await findUserIdByEmail(platform.database.db, input.email);
  const right = await consumeCode(platform.database.db, userId, purpose, input.code, new Date());
  if (!userId || !right) throw invalid('auth.codeWrong', [{ path: 'code', key: 'auth.codeWrong' }]);
  return userId;
}

export async function verifyAccount(
  platform: Platform,
  input: z.output<typeof codeSchema>,
  meta: CommandMeta,
  ip: string,
) {
  const userId = await checkCode(platform, input, 'verify', ip);
  await executeUser(platform, { ...meta, actorId: userId }, userId, { type: 'Verify' });
  return userId;
}

export async function forgotPassword(platform: Platform, input: z.output<typeof forgotSchema>, ip: string) {
  await limit(platform, `mail:${input.email}`, limits.mailPerEmail);
  await limit(platform, `code-ip:${ip}`, perAddress(platform));
  const userId = await findUserIdByEmail(platform.database.db, input.email);
  if (userId) await sendCode(platform, userId, 'reset');
}

export async function resetPassword(
  platform: Platform,
  input: z.output<typeof resetSchema>,
  meta: CommandMeta,
  ip: string,
) {
  const userId = await checkCode(platform, input, 'reset', ip);
  await executeUser(
    platform,
    { ...meta, actorId: userId },
    userId,
    { type: 'ChangePassword', data: { by: 'reset-code' } },
    { before: (trx) => setPassword(trx, userId, input.password) },
  );
  // A new password signs out every browser that knew the old one.
  await privateTables(platform.database.db).deleteFrom('sessions').where('user_id', '=', userId).execute();
  securityEvent(platform.log, 'sessions-revoked', {
    userId,
    reason: 'password-reset',
    requestId: meta.requestId,
    ip,
  });
  return userId;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whom a sign-in aimed at, as a security event names it: the account, or a digest of an unknown address. */
const signInTargetOf = (platform: Platform, userId: string | null | undefined, email: string, ip: string) =>
  userId
    ? { userId, ip }
    : { userId: null, addressDigest: addressDigest(platform.keys.limitSecret, email), ip };

const signInTarget = async (platform: Platform, email: string, ip: string) =>
  signInTargetOf(platform, await findUserIdByEmail(platform.database.db, email), email, ip);

/**
 * Checks e-mail and password; 401 for any mismatch (same answer and time), 403 when unverified.
 *
 * Only failed attempts count, three ways: for this address from this client, from this client over
 * all addresses (both shut the door for that client for the rest of the window: 429), and for this
 * address from every client together, which never shuts a door but slows every answer for the
 * address down. So a guesser elsewhere cannot lock the owner out: at worst the owner waits a few
 * seconds, right password or not (the wait is the same either way, and tells nothing).
 */
export async function checkCredentials(
  platform: Platform,
  input: z.output<typeof signInSchema>,
  ip: string,
  log: SecurityLog = platform.log,
) {
  const db = platform.database.db;
  const now = new Date();
  const window = limits.signInPerEmailAndClient[1]; // the three counts share one window
  const keys = [
    `signin-client:${JSON.stringify([input.email, ip])}`,
    `signin-ip:${ip}`,
    `signin:${input.email}`,
  ];
  const [fromClient = 0, fromIp = 0, forAddress = 0] = await counts(
    db,
    platform.keys.limitSecret,
    keys,
    window,
    now,
  );
  if (fromClient >= limits.signInPerEmailAndClient[0] || fromIp >= limits.signInPerIp[0]) {
    securityEvent(log, 'sign-in-throttled', await signInTarget(platform, input.email, ip));
    throw new DomainError('RATE_LIMITED', 'auth.tooManyAttempts');
  }
  const slowdown = sleep(signInSlowdownMs(forAddress));
  const userId = await findUserIdByEmail(db, input.email);
  const stored = userId
    ? await privateTables(db)
        .selectFrom('credentials')
        .select('password_hash')
        .where('user_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  const valid = stored
    ? await verifyPassword(input.password, stored.password_hash)
    : await verifyAgainstNothing(input.password);
  await slowdown;
  if (!userId || !valid) {
    await record(db, platform.keys.limitSecret, keys, window, now);
    securityEvent(log, 'sign-in-failed', signInTargetOf(platform, userId, input.email, ip));
    throw new DomainError('UNAUTHENTICATED', 'auth.wrongCredentials');
  }
  const access = await userAccess(db, userId);
  if (!access?.verified) throw new DomainError('FORBIDDEN', 'auth.notVerified');
  return userId;
}

export { sendCode };
