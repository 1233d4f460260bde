import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PrivateTables } from './private-tables';

// biome-ignore lint/suspicious/noExplicitAny: the db or a transaction of the full schema
type AnyDb = Kysely<any>;
const tables = (db: AnyDb) => db as Kysely<PrivateTables>;

export const CODE_TTL_MINUTES = 30;
export const MAX_CODE_ATTEMPTS = 5;

const hashCode = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');

/** A fresh six-digit code for one purpose; an older one of the same purpose stops working. */
export async function issueCode(
  db: AnyDb,
  userId: string,
  purpose: 'verify' | 'reset',
  now: Date,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const values = {
    user_id: userId,
    purpose,
    code_hash: hashCode(userId, code),
    expires_at: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000).toISOString(),
    attempts: 0,
  };
  await tables(db)
    .insertInto('auth_codes')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'purpose']).doUpdateSet(values))
    .execute();
  return code;
}

/** Stands in for the account of an unknown address, so that path runs the same statements. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/**
 * Checks a code; a right one is used up, every try counts, and after MAX_CODE_ATTEMPTS tries the
 * code is spent. The count is kept by one conditional UPDATE, so parallel tries cannot slip past it
 * (PostgreSQL re-checks `attempts < max` on the row it waited for). An unknown address (`userId`
 * null) runs the same statement and gets the same answer as a wrong, expired or spent code.
 */
export async function consumeCode(
  db: AnyDb,
  userId: string | null,
  purpose: 'verify' | 'reset',
  code: string,
  now: Date,
): Promise<boolean> {
  const account = userId ?? NO_ACCOUNT;
  const row = await tables(db)
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
  if (!row || stored.length !== given.length || !timingSafeEqual(stored, given)) return false;
  // Used up: of two parallel right answers only the one that deletes the row succeeds.
  const used = await tables(db)
    .deleteFrom('auth_codes')
    .where('user_id', '=', account)
    .where('purpose', '=', purpose)
    .where('code_hash', '=', row.code_hash)
    .returning('user_id')
    .executeTakeFirst();
  return used !== undefined;
}
