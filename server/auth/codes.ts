import { createHash, randomInt } from 'node:crypto';
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

export type CodeCheck = 'ok' | 'wrong' | 'expired';

/** Checks a code; a right one is used up, a wrong one counts, and too many wrong ones burn it. */
export async function consumeCode(
  db: AnyDb,
  userId: string,
  purpose: 'verify' | 'reset',
  code: string,
  now: Date,
): Promise<CodeCheck> {
  const row = await tables(db)
    .selectFrom('auth_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row || new Date(row.expires_at) < now || row.attempts >= MAX_CODE_ATTEMPTS) return 'expired';
  if (row.code_hash === hashCode(userId, code)) {
    await tables(db)
      .deleteFrom('auth_codes')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .execute();
    return 'ok';
  }
  await tables(db)
    .updateTable('auth_codes')
    .set({ attempts: row.attempts + 1 })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .execute();
  return 'wrong';
}
