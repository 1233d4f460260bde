import { sql, type Transaction } from 'kysely';
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
import type { Database } from '../db';
import { transaction } from '../db/transaction';
import { addressDigest, type SecurityLog, securityEvent } from '../ops/security-events';
import type { Platform } from '../platform';
import { executeUser } from '../user/execute-user';
import { consumeCode, issueCode, issueCodeUnlessLive, NO_ACCOUNT, spendCode, tryCode } from './codes';
import { deviceHashOf, deviceIdOf } from './devices';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords';
import { forget, giveBack, hit, limits, reserve } from './rate-limit';

type Trx = Transaction<Database>;

/** Serialises work on one e-mail address across instances (sign-up races, admin creation). */
export async function lockEmail(trx: Trx, email: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`email:${email}`}, 0))`.execute(trx);
}

export async function setPassword(trx: Trx, userId: string, password: string) {
  await storePasswordHash(trx, userId, await hashPassword(password));
}

async function storePasswordHash(trx: Trx, userId: string, passwordHash: string) {
  const values = { user_id: userId, password_hash: passwordHash, updated_at: new Date().toISOString() };
  await trx
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

async function sendCode(platform: Platform, userId: string, template: 'verify' | 'reset') {
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
  await platform.database.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  securityEvent(platform.log, 'sessions-revoked', {
    userId,
    reason: 'password-reset',
    requestId: meta.requestId,
    ip,
  });
  return userId;
}

/** Whom a sign-in aimed at, as a security event names it: the account, or a digest of an unknown address. */
const signInTargetOf = (platform: Platform, userId: string | null | undefined, email: string, ip: string) =>
  userId
    ? { userId, ip }
    : { userId: null, addressDigest: addressDigest(platform.keys.limitSecret, email), ip };

/** The browser a sign-in came from, as its cookies tell; an API client sends none. */
export interface SignInDevice {
  cookieHeader: string | undefined;
  /** Whether the site is https (the device cookie then has its __Host- name). */
  secure: boolean;
}

/**
 * The device hash of the browser a sign-in came from when that browser signed in to this account
 * before (its device cookie, devices.ts), else null. The cookie holds 128 random bits that only that
 * browser was ever sent, HttpOnly, and only its hash is stored: it cannot be made up or read out.
 * API clients, known only by User-Agent and address, are never trusted: both can be imitated.
 */
async function trustedDeviceOf(
  platform: Platform,
  userId: string | null,
  device: SignInDevice | undefined,
): Promise<string | null> {
  const browserId = device ? deviceIdOf(device.cookieHeader, device.secure) : null;
  if (!userId || !browserId) return null;
  const hash = deviceHashOf({ browserId });
  const known = await platform.database.db
    .selectFrom('known_devices')
    .select('device_hash')
    .where('user_id', '=', userId)
    .where('device_hash', '=', hash)
    .executeTakeFirst();
  return known ? hash : null;
}

/**
 * Mails the account an unlock code, unless one is still good: the owner's mail is not outdated by
 * every further attempt of a guesser. A new code goes out when the last expired or was spent by
 * wrong tries, at most `mailPerEmail` a time. An unknown address (`userId` null) runs the same
 * statement on a stand-in and mails nothing, so a locked address's answer takes as long either way.
 */
async function offerUnlockCode(platform: Platform, userId: string | null, email: string) {
  await transaction(platform.database.db, async (trx) => {
    const now = new Date();
    const code = await issueCodeUnlessLive(trx, userId ?? NO_ACCOUNT, 'unlock', now);
    if (!code || !userId) return;
    const [count, seconds] = limits.mailPerEmail;
    await hit(trx, platform.keys.limitSecret, `mail:${email}`, count, seconds, now);
    await platform.jobs.sendMail(trx, { kind: 'account', userId, template: 'unlock', code });
  }).catch((error: unknown) => {
    // Past the mails an address may get: no new code now (the transaction took it back).
    if (!(error instanceof DomainError && error.code === 'RATE_LIMITED')) throw error;
  });
}

const wrongCredentials = () => new DomainError('UNAUTHENTICATED', 'auth.wrongCredentials');

/**
 * Checks e-mail and password; 401 for any mismatch (same answer for an unknown address), 403 when
 * unverified. Guessing is bounded by counting every attempt *before* its password is checked (one
 * statement returns the counts, so parallel attempts each see their own), and a right password
 * gives its attempt back:
 *
 * - from one client, for one address (10 in 15 minutes) and over all addresses (50): that client
 *   is refused for the rest of the window (429 auth.tooManyAttempts), unless the account is locked:
 *   then the lock answers, and its code lets the owner in from any client;
 * - for one account from everywhere together, 10 in 15 minutes and 100 in an hour: past either,
 *   the account is locked (429 auth.accountLocked) and no password is checked until the code mailed
 *   to its address comes with it (`unlockCode`); with the right password that signs in and starts
 *   the counts afresh. An unknown address locks alike (and gets no mail), so the answer tells nothing;
 * - a browser that signed in to the account before (a trusted device) counts on its own, 10 in 15
 *   minutes, and neither the account's lock nor the per-client limits stop it: guessers elsewhere
 *   cannot keep the owner out. Its failures count for the account too.
 */
export async function checkCredentials(
  platform: Platform,
  input: z.output<typeof signInSchema>,
  ip: string,
  log: SecurityLog = platform.log,
  device?: SignInDevice,
) {
  const db = platform.database.db;
  const secret = platform.keys.limitSecret;
  const now = new Date();
  const userId = await findUserIdByEmail(db, input.email);
  const target = signInTargetOf(platform, userId, input.email, ip);
  const trusted = await trustedDeviceOf(platform, userId, device);
  const accountCounters = [
    { key: `signin:${input.email}`, windowSeconds: limits.signInPerAccount[1] },
    { key: `signin-hour:${input.email}`, windowSeconds: limits.signInPerAccountHourly[1] },
  ];
  /** Counts attempts on the account's two windows; logs the one attempt that locks it. */
  const countOnAccount = async () => {
    const [quarter = 0, hour = 0] = await reserve(db, secret, accountCounters, now);
    const [quarterLimit] = limits.signInPerAccount;
    const [hourLimit] = limits.signInPerAccountHourly;
    const locked = quarter > quarterLimit || hour > hourLimit;
    // The one attempt that found it open last time: one lock, one line, whichever window closed it.
    const opening =
      (quarter === quarterLimit + 1 && hour <= hourLimit + 1) ||
      (hour === hourLimit + 1 && quarter <= quarterLimit);
    if (opening) securityEvent(log, 'account-locked', target);
    return locked;
  };

  /** The counts this attempt took: given back when the password is right. */
  let counted: string[];
  /** The counts the owner's unlock code starts afresh. */
  let lockKeys: string[];
  let locked: boolean;
  if (trusted) {
    const deviceKey = `signin-device:${userId}:${trusted}`;
    const [fromDevice = 0] = await reserve(
      db,
      secret,
      [{ key: deviceKey, windowSeconds: limits.signInPerTrustedDevice[1] }],
      now,
    );
    counted = [deviceKey];
    lockKeys = [deviceKey, ...accountCounters.map((counter) => counter.key)];
    locked = fromDevice > limits.signInPerTrustedDevice[0];
  } else {
    const clientCounters = [
      {
        key: `signin-client:${JSON.stringify([input.email, ip])}`,
        windowSeconds: limits.signInPerEmailAndClient[1],
      },
      { key: `signin-ip:${ip}`, windowSeconds: limits.signInPerIp[1] },
    ];
    const [fromClient = 0, fromIp = 0] = await reserve(db, secret, clientCounters, now);
    locked = await countOnAccount();
    counted = [...clientCounters, ...accountCounters].map((counter) => counter.key);
    lockKeys = accountCounters.map((counter) => counter.key);
    // A locked account answers with its lock instead, whose code lets the owner in from any client
    // (even one that guessers share): past a right code, passwords are bounded by the code's tries.
    if (!locked && (fromClient > limits.signInPerEmailAndClient[0] || fromIp > limits.signInPerIp[0])) {
      securityEvent(log, 'sign-in-throttled', target);
      throw new DomainError('RATE_LIMITED', 'auth.tooManyAttempts');
    }
  }

  if (locked) {
    await offerUnlockCode(platform, userId, input.email);
    if (!input.unlockCode) {
      securityEvent(log, 'sign-in-throttled', { ...target, reason: 'account-locked' });
      throw new DomainError('RATE_LIMITED', 'auth.accountLocked');
    }
    // The code first: without it no password is checked. Its tries are bounded like every code's.
    await limit(platform, `code:${input.email}:${ip}`, limits.codePerEmailAndClient);
    await limit(platform, `code-ip:${ip}`, perAddress(platform));
    const rightCode = await tryCode(db, userId, 'unlock', input.unlockCode, now);
    if (!rightCode || !userId)
      throw invalid('auth.codeWrong', [{ path: 'unlockCode', key: 'auth.codeWrong' }]);
  }

  const stored = userId
    ? await db
        .selectFrom('credentials')
        .select('password_hash')
        .where('user_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  const valid = stored
    ? await verifyPassword(input.password, stored.password_hash)
    : await verifyAgainstNothing(input.password);
  if (!userId || !valid) {
    // A trusted device's failures count for the account too: they may lock it for everyone else.
    if (trusted) await countOnAccount();
    securityEvent(log, 'sign-in-failed', target);
    throw wrongCredentials();
  }
  if (locked && input.unlockCode) {
    // Of two parallel sign-ins with the same code, one unlocks.
    if (!(await spendCode(db, userId, 'unlock', input.unlockCode))) throw wrongCredentials();
    await forget(db, secret, lockKeys);
    await giveBack(
      db,
      secret,
      counted.filter((key) => !lockKeys.includes(key)),
    );
    securityEvent(log, 'account-unlocked', target);
  } else {
    await giveBack(db, secret, counted);
  }
  const access = await userAccess(db, userId);
  if (!access?.verified) throw new DomainError('FORBIDDEN', 'auth.notVerified');
  return userId;
}
