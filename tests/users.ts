import { v7 as uuidv7 } from 'uuid';
import { setPassword } from '../server/auth/account';
import { idTokenFor } from '../server/auth/id-tokens';
import type { Platform } from '../server/platform';
import { executeUser, systemMeta } from '../server/user/execute-user';

/** A verified account with these roles, made through the real command pipeline; with its token. */
export async function addTestUser(
  platform: Platform,
  options: { roles?: string[]; name?: string; email?: string; password?: string } = {},
) {
  const userId = uuidv7();
  const email = options.email ?? `user-${userId.slice(-12)}@example.org`;
  const meta = systemMeta('test');
  await executeUser(platform, meta, userId, {
    type: 'CreateUser',
    data: {
      userId,
      email,
      profile: {
        name: options.name ?? 'Test User',
        phone: null,
        profession: null,
        riziv: null,
        language: 'en',
      },
      roles: options.roles ?? [],
    },
  });
  await executeUser(
    platform,
    meta,
    userId,
    { type: 'ChangePassword', data: { by: 'bootstrap' } },
    {
      before: (trx) => setPassword(trx, userId, options.password ?? 'password-1234'),
    },
  );
  const token = (await idTokenFor(platform, userId))!;
  return { userId, email, token };
}
