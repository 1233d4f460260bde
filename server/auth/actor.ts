import { type Actor, rulesFor } from '../../events/permissions';
import type { Platform } from '../platform';
import { tokenFromHeader, verifyIdToken } from './keys';

/**
 * The signed-in user behind a request, or null. A missing or invalid token is simply "signed out":
 * the spec asks that a missing session raises no message.
 */
export async function actorFromRequest(
  platform: Platform,
  headers: Record<string, string | string[] | undefined>,
): Promise<Actor | null> {
  const header = headers.authorization;
  const token = tokenFromHeader(Array.isArray(header) ? header[0] : header);
  if (!token) return null;
  const claims = await verifyIdToken(platform.keys, token);
  if (!claims) return null;
  return { userId: claims.sub, roles: claims.roles, rules: rulesFor(claims.roles, {}) };
}
