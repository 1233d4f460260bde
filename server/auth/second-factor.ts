import { createHash, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { z } from 'zod';
import type { CommandMeta } from '../../events/command';
import { conflict, DomainError, forbidden, invalid, unauthenticated } from '../../events/errors';
import { requireAdminForAdmin } from '../../events/escalation';
import { type Actor, requireCan } from '../../events/permissions';
import { openValue, sealValue } from '../../events/personal-data';
import type { reauthSchema, secondFactorSignInSchema } from '../../events/user/commands';
import { findUserById, userAccess } from '../../projections/user/users';
import type { Db } from '../db/tables';
import { type SecurityLog, securityEvent } from '../ops/security-events';
import type { Platform } from '../platform';
import { sessionOfActor } from '../plugins/request-actor';
import { executeUser } from '../user/execute-user';
import { checkCredentials, type SignInDevice } from './account';
import { PROOF_TTL_SECONDS, signProof, verifyProof } from './proofs';
import { hit, limitKey } from './rate-limit';
import { hasSecondFactor, secondFactorRequiredFor } from './second-factor-policy';

/**
 * The second factor: time-based one-time codes (RFC 6238: HMAC-SHA1, six digits, 30-second steps,
 * what every authenticator app reads from the QR code), and ten recovery codes for a lost phone.
 *
 * - The secret is private state, sealed with the person's own key (events/personal-data.ts): an
 *   erasure destroys the key, and with it every copy of the secret (backups included).
 * - A code is good once: the step it belongs to is remembered, and that step and older ones are
 *   refused afterwards (RFC 6238, 5.2), atomically, so the same code sent twice in parallel wins once.
 * - One step either side of now is accepted, for clocks a little off.
 * - Recovery codes are stored as hashes and spent by the statement that checks them.
 * - Guessing is bounded per account, whatever the source: every code tried counts before it is
 *   checked (so parallel guesses count too), and a right one gives its try back.
 */

const PERIOD_SECONDS = 30;
const totpOf = (secret: string, label?: { issuer: string; email: string }) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    ...(label ? { issuer: label.issuer, label: label.email } : {}),
  });

/** The time step a code belongs to (now, or one step either side), or null for a wrong code. */
function stepOf(secret: string, code: string, now: Date): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

/** How long a secret shown for enrolment waits for its first code. */
const PENDING_MINUTES = 30;

const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/i/l: a recovery code is typed from paper. 31 signs, 12 of them: about 59 bits. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 12; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return code;
}

/** As shown: three groups of four. */
const shown = (code: string) => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
const recoveryHash = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');

/**
 * Codes tried per account, right or wrong, whatever the source: at most 10 in 15 minutes and 30 in a
 * day. Three codes in a million are right at any moment, so a guesser who has the password gets
 * through with a chance of about one in ten thousand a day, and the owner is told by the log.
 */
const attemptLimits = [
  { name: 'quarter', count: 10, seconds: 15 * 60 },
  { name: 'day', count: 30, seconds: 24 * 60 * 60 },
] as const;

/** Counts a code tried for the account before it is checked; the answer gives a right code's try back. */
async function countAttempt(platform: Platform, userId: string, now: Date) {
  const keys = attemptLimits.map((limit) => `second-factor:${limit.name}:${userId}`);
  for (const [index, limit] of attemptLimits.entries())
    await hit(platform.database.db, platform.keys.limitSecret, keys[index]!, limit.count, limit.seconds, now);
  return async () => {
    const hashed = keys.map((key) => limitKey(platform.keys.limitSecret, key));
    await sql`update rate_limits set count = count - 1 where key in (${sql.join(hashed)}) and count > 0`.execute(
      platform.database.db,
    );
  };
}

/** Spends a code of the account's app: true when it is right and was not used before. */
async function spendCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('second_factors')
    .select('secret')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const secret = row?.secret ? await openValue(db, userId, row.secret) : null;
  if (typeof secret !== 'string') return false;
  const step = stepOf(secret, code, now);
  if (step === null) return false;
  const spent = await db
    .updateTable('second_factors')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .returning('user_id')
    .executeTakeFirst();
  return spent !== undefined;
}

async function spendRecoveryCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  const spent = await db
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryHash(userId, code))
    .where('used_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return spent !== undefined;
}

async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.left ?? 0);
}

type SecondFactorInput = { code?: string; recoveryCode?: string };

/**
 * Checks the second factor of an account that has one: an app's code or a recovery code, each good
 * once. Refuses (401 secondFactor.wrongCode) anything else, and 429 past the attempts allowed.
 */
async function checkSecondFactor(
  platform: Platform,
  userId: string,
  input: SecondFactorInput,
  log: SecurityLog,
  now = new Date(),
): Promise<'code' | 'recovery-code'> {
  if (!input.code && !input.recoveryCode)
    throw invalid('secondFactor.codeRequired', [{ path: 'code', key: 'validation.required' }]);
  const method = input.code ? 'code' : 'recovery-code';
  const giveBack = await countAttempt(platform, userId, now).catch((error: unknown) => {
    securityEvent(log, 'second-factor-failed', { userId, method, throttled: true });
    throw error;
  });
  const db = platform.database.db;
  const right = input.code
    ? await spendCode(db, userId, input.code, now)
    : await spendRecoveryCode(db, userId, input.recoveryCode!, now);
  if (!right) {
    securityEvent(log, 'second-factor-failed', { userId, method });
    throw new DomainError('UNAUTHENTICATED', 'secondFactor.wrongCode');
  }
  await giveBack();
  if (method === 'recovery-code')
    securityEvent(log, 'recovery-code-used', { userId, left: await recoveryCodesLeft(db, userId) });
  return method;
}

/** Sign-in's first step for an account with a second factor: a challenge instead of tokens. */
export async function secondFactorChallenge(platform: Platform, userId: string, keepSignedIn: boolean) {
  const access = await userAccess(platform.database.db, userId);
  if (!access) throw unauthenticated();
  const challenge = await signProof(platform.keys, 'second-factor', {
    userId,
    sessionId: null,
    credentialVersion: access.credentialVersion,
    keepSignedIn,
  });
  return {
    secondFactor: 'required' as const,
    challenge,
    expiresIn: PROOF_TTL_SECONDS['second-factor'],
  };
}

/**
 * Sign-in's second step: the challenge of the first (minutes old at most, the password unchanged
 * since) and a code. Answers whom to issue tokens for, and how the first step asked for them.
 */
export async function finishSecondFactor(
  platform: Platform,
  input: z.output<typeof secondFactorSignInSchema>,
  log: SecurityLog,
): Promise<{ userId: string; keepSignedIn: boolean }> {
  const proof = await verifyProof(platform.keys, 'second-factor', input.challenge);
  const access = proof ? await userAccess(platform.database.db, proof.userId) : null;
  if (!proof || !access?.verified || access.credentialVersion !== proof.credentialVersion)
    throw new DomainError('UNAUTHENTICATED', 'secondFactor.challengeExpired');
  await checkSecondFactor(platform, proof.userId, input, log);
  return { userId: proof.userId, keepSignedIn: proof.keepSignedIn };
}

/**
 * Signing in again inside a session: the account's password (counted like any sign-in) and, when it
 * has one, its second factor. Answers a proof a sensitive change asks for, good for a few minutes,
 * for this account in this session only.
 */
export async function reauthenticate(
  platform: Platform,
  actor: Actor,
  input: z.output<typeof reauthSchema>,
  ip: string,
  log: SecurityLog,
  device?: SignInDevice,
) {
  const db = platform.database.db;
  const user = await findUserById(db, actor.userId);
  if (!user) throw unauthenticated();
  try {
    // Counted like a sign-in; from the owner's trusted browser, not stopped by a lock others caused.
    await checkCredentials(platform, { email: user.email, password: input.password }, ip, log, device);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'UNAUTHENTICATED')
      throw invalid('auth.wrongPassword', [{ path: 'password', key: 'auth.wrongPassword' }]);
    throw error;
  }
  if (await hasSecondFactor(db, actor.userId)) await checkSecondFactor(platform, actor.userId, input, log);
  const access = await userAccess(db, actor.userId);
  if (!access) throw unauthenticated();
  const reauth = await signProof(platform.keys, 'recent-auth', {
    userId: actor.userId,
    sessionId: sessionOfActor(actor),
    credentialVersion: access.credentialVersion,
    keepSignedIn: false,
  });
  return { reauth, expiresIn: PROOF_TTL_SECONDS['recent-auth'] };
}

/**
 * A sensitive change of one's own account (deleting it, enrolling or removing a second factor)
 * asks for a recent-auth proof: given to this account, in this session, minutes ago, and no new
 * password since. 403 auth.reauthRequired otherwise.
 */
export async function requireRecentAuth(platform: Platform, actor: Actor, token: string | null | undefined) {
  const proof = token ? await verifyProof(platform.keys, 'recent-auth', token) : null;
  const access = proof ? await userAccess(platform.database.db, actor.userId) : null;
  const valid =
    proof !== null &&
    proof.userId === actor.userId &&
    proof.sessionId === sessionOfActor(actor) &&
    access?.credentialVersion === proof.credentialVersion;
  if (!valid) throw forbidden('auth.reauthRequired');
}

/** What the profile page shows: whether a factor guards the account, codes left, and whether the roles ask for one. */
export async function secondFactorStatus(platform: Platform, actor: Actor) {
  const db = platform.database.db;
  const row = await db
    .selectFrom('second_factors')
    .select(['enrolled_at', 'secret'])
    .where('user_id', '=', actor.userId)
    .executeTakeFirst();
  const enrolled = Boolean(row?.secret);
  return {
    enrolled,
    enrolledAt: enrolled && row?.enrolled_at ? new Date(row.enrolled_at).toISOString() : null,
    recoveryCodesLeft: enrolled ? await recoveryCodesLeft(db, actor.userId) : 0,
    required: secondFactorRequiredFor(platform.config, actor.roles),
  };
}

/** Whether someone else's account has a second factor (manage_users, for the reset button). */
export async function secondFactorOfUser(platform: Platform, actor: Actor, userId: string) {
  requireCan(actor, 'manage_users');
  return { enrolled: await hasSecondFactor(platform.database.db, userId) };
}

/**
 * Enrolment, first half (after signing in again): a new secret, shown as a QR code and as text. It
 * guards nothing until its first code comes back (confirmEnrolment); an earlier factor stays until then.
 */
export async function beginEnrolment(platform: Platform, actor: Actor, reauth: string, now = new Date()) {
  await requireRecentAuth(platform, actor, reauth);
  const db = platform.database.db;
  const user = await findUserById(db, actor.userId);
  if (!user) throw unauthenticated();
  const secret = new Secret({ size: 20 }).base32;
  const sealed = await sealValue(db, actor.userId, secret);
  const pending = { pending_secret: sealed, pending_since: now.toISOString() };
  await db
    .insertInto('second_factors')
    .values({ user_id: actor.userId, secret: null, ...pending })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(pending))
    .execute();
  const uri = totpOf(secret, { issuer: platform.tenant.name, email: user.email }).toString();
  // Loaded when someone enrols, not at every start.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    secret: secret.replace(/(.{4})/g, '$1 ').trim(),
    uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Enrolment, second half: the app's first code proves the secret arrived. The secret then guards
 * the account (replacing an earlier one), and ten new recovery codes are answered, once: only their
 * hashes are kept.
 */
export async function confirmEnrolment(
  platform: Platform,
  actor: Actor,
  meta: CommandMeta,
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  const db = platform.database.db;
  const userId = actor.userId;
  const giveBack = await countAttempt(platform, userId, meta.now);
  const row = await db
    .selectFrom('second_factors')
    .select(['pending_secret', 'pending_since'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const since = row?.pending_since ? new Date(row.pending_since).getTime() : 0;
  const pending = row?.pending_secret ?? null;
  if (!pending || meta.now.getTime() - since > PENDING_MINUTES * 60_000)
    throw conflict('secondFactor.noEnrolment');
  const secret = await openValue(db, userId, pending);
  const step = typeof secret === 'string' ? stepOf(secret, code, meta.now) : null;
  if (step === null) {
    securityEvent(platform.log, 'second-factor-failed', {
      userId,
      method: 'enrolment',
      requestId: meta.requestId,
    });
    throw invalid('secondFactor.wrongCode', [{ path: 'code', key: 'secondFactor.wrongCode' }]);
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await executeUser(
    platform,
    meta,
    userId,
    { type: 'EnrolSecondFactor' },
    {
      before: async (trx) => {
        // Only the secret this code was checked against: another enrolment begun meanwhile wins.
        const confirmed = await trx
          .updateTable('second_factors')
          .set({
            secret: pending,
            enrolled_at: meta.now.toISOString(),
            last_step: step,
            pending_secret: null,
            pending_since: null,
          })
          .where('user_id', '=', userId)
          .where('pending_secret', '=', pending)
          .returning('user_id')
          .executeTakeFirst();
        if (!confirmed) throw conflict('secondFactor.noEnrolment');
        await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('recovery_codes')
          .values(codes.map((one) => ({ user_id: userId, code_hash: recoveryHash(userId, one) })))
          .execute();
      },
    },
  );
  await giveBack();
  securityEvent(platform.log, 'second-factor-enrolled', { userId, requestId: meta.requestId });
  return { recoveryCodes: codes.map(shown) };
}

async function forgetSecondFactor(trx: Db, userId: string) {
  await trx.deleteFrom('second_factors').where('user_id', '=', userId).execute();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/** The person removes their own second factor, after signing in again with it. */
export async function removeSecondFactor(
  platform: Platform,
  actor: Actor,
  meta: CommandMeta,
  reauth: string,
) {
  await requireRecentAuth(platform, actor, reauth);
  await executeUser(
    platform,
    meta,
    actor.userId,
    { type: 'RemoveSecondFactor' },
    { before: (trx) => forgetSecondFactor(trx, actor.userId) },
  );
  securityEvent(platform.log, 'second-factor-removed', { userId: actor.userId, requestId: meta.requestId });
}

/**
 * Someone with manage_users removes another person's second factor (a lost phone, no recovery code
 * left); only administrators reset an administrator's. One's own goes through the profile page,
 * which asks for the factor first.
 */
export async function resetSecondFactor(platform: Platform, actor: Actor, meta: CommandMeta, userId: string) {
  requireCan(actor, 'manage_users');
  if (actor.userId === userId) throw forbidden('secondFactor.resetOwn');
  await executeUser(
    platform,
    meta,
    userId,
    { type: 'ResetSecondFactor' },
    {
      authorize: (state) => requireAdminForAdmin(actor, state.status === 'absent' ? [] : state.roles),
      before: (trx) => forgetSecondFactor(trx, userId),
    },
  );
  securityEvent(platform.log, 'second-factor-reset', {
    userId,
    actorId: actor.userId,
    requestId: meta.requestId,
  });
}
