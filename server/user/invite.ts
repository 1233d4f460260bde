import type { Transaction } from 'kysely';
import { issueCode } from '../auth/codes';
import type { Database } from '../db';
import type { Platform } from '../platform';

/** Queues the invitation mail of an account an admin made (or imported), in the transaction that makes it. */
export async function inviteInTransaction(
  platform: Platform,
  trx: Transaction<Database>,
  userId: string,
  now: Date,
) {
  const code = await issueCode(trx, userId, 'reset', now);
  await platform.jobs.sendMail(trx, { kind: 'account', userId, template: 'invite', code });
}
