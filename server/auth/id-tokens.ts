import type { Platform } from '../platform';
import { signIdToken } from './keys';

/**
 * A fresh ID token for an account, carrying its e-mail, roles and current credential version, all
 * read in one statement, and the session family it belongs to; null when the account is gone.
 */
export async function idTokenFor(
  platform: Pick<Platform, 'database' | 'keys' | 'config'>,
  userId: string,
  ttlSeconds = platform.config.ID_TOKEN_TTL_SECONDS,
  sessionId?: string,
): Promise<string | null> {
  const row = await platform.database.db
    .selectFrom('users')
    .select(['email', 'roles', 'credential_version'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return signIdToken(
    platform.keys,
    {
      sub: userId,
      email: row.email,
      roles: row.roles,
      credentialVersion: row.credential_version,
      sessionId,
    },
    ttlSeconds,
  );
}
