import type { Transaction } from 'kysely';
import { issueInvitation } from '../auth/invitations';
import type { Database } from '../db';
import type { Platform } from '../platform';

/**
 * Queues the invitation mail of an account an admin made (or imported), in the transaction that
 * makes it: a sign-up link, in the person's language, good for INVITATION_TTL_DAYS and for one use.
 */
export async function inviteInTransaction(
  platform: Platform,
  trx: Transaction<Database>,
  userId: string,
  now: Date,
) {
  const days = platform.config.INVITATION_TTL_DAYS;
  const token = await issueInvitation(trx, userId, now, days);
  await platform.jobs.sendMail(trx, { kind: 'invitation', userId, token, days });
}
