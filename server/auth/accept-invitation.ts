import type { z } from 'zod';
import type { CommandMeta } from '../../events/command';
import type { acceptInvitationSchema, forgotSchema } from '../../events/user/commands';
import { findUserIdByEmail, userAccess } from '../../projections/user/users';
import { transaction } from '../db/transaction';
import type { Platform } from '../platform';
import { executeUser } from '../user/execute-user';
import { inviteInTransaction } from '../user/invite';
import { setPassword } from './account';
import { invitedAccount, useInvitation } from './invitations';
import { hit, limits } from './rate-limit';

/**
 * The invited person chooses a password through the mailed link: the link is spent in the
 * transaction that sets the password (and verifies the address, which the link proves). Answers the
 * account, to sign in.
 */
export async function acceptInvitation(
  platform: Platform,
  input: z.output<typeof acceptInvitationSchema>,
  meta: CommandMeta,
): Promise<string> {
  const userId = await invitedAccount(platform.database.db, input.token, meta.now);
  await executeUser(
    platform,
    { ...meta, actorId: userId },
    userId,
    { type: 'ChangePassword', data: { by: 'reset-code' } },
    {
      before: async (trx) => {
        await useInvitation(trx, userId, input.token, meta.now);
        await setPassword(trx, userId, input.password);
      },
    },
  );
  return userId;
}

/**
 * 'Send me a new link', from the page of an expired or used link: a new invitation, only for an
 * account still waiting for its first password (made by an administrator, not verified, no password).
 * The same answer whatever the address, so the page does not tell who has an account.
 */
export async function resendInvitation(platform: Platform, input: z.output<typeof forgotSchema>, ip: string) {
  const db = platform.database.db;
  const now = new Date();
  await hit(db, platform.keys.limitSecret, `mail:${input.email}`, ...limits.mailPerEmail, now);
  await hit(
    db,
    platform.keys.limitSecret,
    `code-ip:${ip}`,
    platform.config.AUTH_LIMIT_PER_ADDRESS,
    15 * 60,
    now,
  );
  const userId = await findUserIdByEmail(db, input.email);
  const access = userId ? await userAccess(db, userId) : null;
  if (!userId || !access || access.verified) return;
  const password = await db
    .selectFrom('credentials')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (password) return;
  await transaction(db, (trx) => inviteInTransaction(platform, trx, userId, now));
}
