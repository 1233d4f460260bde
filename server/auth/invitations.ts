import { createHash, randomBytes } from 'node:crypto';
import { invalid } from '../../events/errors';
import type { Db } from '../db/tables';

/**
 * The sign-up link an invited person gets (an account an administrator made or imported): a random
 * token in the link, stored only as its hash, one per account (a new one replaces the old), good for
 * INVITATION_TTL_DAYS and for one use. It sits beside the mailed codes, purpose 'invitation'.
 */
const hashToken = (token: string) => createHash('sha256').update(`invitation:${token}`).digest('hex');

export async function issueInvitation(db: Db, userId: string, now: Date, days: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const values = {
    user_id: userId,
    purpose: 'invitation' as const,
    code_hash: hashToken(token),
    expires_at: new Date(now.getTime() + days * 86_400_000).toISOString(),
    attempts: 0,
  };
  await db
    .insertInto('auth_codes')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'purpose']).doUpdateSet(values))
    .execute();
  return token;
}

/** An expired, used or unknown link: one answer, which says how to ask for a new one. */
const spent = () => invalid('auth.invitationSpent', [{ path: 'token', key: 'auth.invitationSpent' }]);

/** The account a live link belongs to (it stays usable: `useInvitation` spends it). */
export async function invitedAccount(db: Db, token: string, now: Date): Promise<string> {
  const row = await db
    .selectFrom('auth_codes')
    .select('user_id')
    .where('purpose', '=', 'invitation')
    .where('code_hash', '=', hashToken(token))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) throw spent();
  return row.user_id;
}

/** Spends the link, in the transaction that sets the password: of two parallel uses only one succeeds. */
export async function useInvitation(db: Db, userId: string, token: string, now: Date): Promise<void> {
  const used = await db
    .deleteFrom('auth_codes')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'invitation')
    .where('code_hash', '=', hashToken(token))
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (!used) throw spent();
}
