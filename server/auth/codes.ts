import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/tables';

const CODE_TTL_MINUTES = 30;
export const MAX_CODE_ATTEMPTS = 5;

/** What a mailed code is for: verifying an address, choosing a password, or unlocking a locked account. */
export type CodePurpose = 'verify' | 'reset' | 'unlock';

const hashCode = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');

/** A fresh six-digit code for one purpose; an older one of the same purpose stops working. */
export async function issueCode(db: Db, userId: string, purpose: CodePurpose, now: Date): Promise<string> {
  const { code, values } = freshCode(userId, purpose, now);
  await db
    .insertInto('auth_codes')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'purpose']).doUpdateSet(values))
    .execute();
  return code;
}

function freshCode(userId: string, purpose: CodePurpose, now: Date) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const values = {
    user_id: userId,
    purpose,
    code_hash: hashCode(userId, code),
    expires_at: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000).toISOString(),
    attempts: 0,
  };
  return { code, values };
}

/**
 * A fresh code unless one of this purpose is still good (not expired, tries left): then null, and
 * the code already mailed keeps working. One statement, so of parallel callers one at most issues.
 */
export async function issueCodeUnlessLive(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  now: Date,
): Promise<string | null> {
  const { code, values } = freshCode(userId, purpose, now);
  const issued = await db
    .insertInto('auth_codes')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'purpose'])
        .doUpdateSet(values)
        .where((eb) =>
          eb.or([eb('auth_codes.expires_at', '<=', now), eb('auth_codes.attempts', '>=', MAX_CODE_ATTEMPTS)]),
        ),
    )
    .returning('user_id')
    .executeTakeFirst();
  return issued ? code : null;
}

/** Stands in for the account of an unknown address, so that path runs the same statements. */
export const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/**
 * Checks a code; a right one is used up, every try counts, and after MAX_CODE_ATTEMPTS tries the
 * code is spent. The count is kept by one conditional UPDATE, so parallel tries cannot slip past it
 * (PostgreSQL re-checks `attempts < max` on the row it waited for). An unknown address (`userId`
 * null) runs the same statement and gets the same answer as a wrong, expired or spent code.
 */
export async function consumeCode(
  db: Db,
  userId: string | null,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<boolean> {
  return (await tryCode(db, userId, purpose, code, now)) && spendCode(db, userId!, purpose, code);
}

/**
 * Counts a try of a code and answers whether it is the right one, leaving it in place (an unlock
 * code stays good for a mistyped password); `spendCode` uses it up. Same statements and answer for
 * an unknown address (`userId` null) as for a wrong, expired or spent code.
 */
export async function tryCode(
  db: Db,
  userId: string | null,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<boolean> {
  const account = userId ?? NO_ACCOUNT;
  const row = await db
    .updateTable('auth_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', account)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .where('attempts', '<', MAX_CODE_ATTEMPTS)
    .returning('code_hash')
    .executeTakeFirst();
  const given = Buffer.from(hashCode(account, code), 'hex');
  const stored = Buffer.from(row?.code_hash ?? '', 'hex');
  return row !== undefined && stored.length === given.length && timingSafeEqual(stored, given);
}

/** Uses a right code up: of two parallel right answers only the one that deletes the row succeeds. */
export async function spendCode(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<boolean> {
  const used = await db
    .deleteFrom('auth_codes')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('code_hash', '=', hashCode(userId, code))
    .returning('user_id')
    .executeTakeFirst();
  return used !== undefined;
}
