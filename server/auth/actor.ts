import type { DomainError } from '../../events/errors';
import { type Actor, rulesFor } from '../../events/permissions';
import { userAccessWithActions } from '../../projections/user/users';
import type { Platform } from '../platform';
import {
  externalAccountExists,
  ownerOfIdentity,
  provisionOrAdopt,
  verifyExternalToken,
} from './external-identities';
import { tokenFromHeader, verifyIdToken } from './keys';

/**
 * The actor for a user id: roles and their rules read fresh, so a role change counts at once. With
 * the credential version an ID token carries, null when the account's has moved on since (a new
 * password or a removed role ends every token issued before).
 */
export async function actorFor(
  platform: Platform,
  userId: string,
  credentialVersion?: number,
): Promise<Actor | null> {
  const access = await userAccessWithActions(platform.database.db, userId);
  if (!access) return null;
  if (credentialVersion !== undefined && credentialVersion !== access.credentialVersion) return null;
  return { userId, roles: access.roles, rules: rulesFor(access.roles, access.actions) };
}

/**
 * Why each request's external token opened nothing, when the answer should say (keyed by the
 * request's headers, which live as long as the request): the transports refuse such a request with
 * this reason instead of running it signed out.
 */
const refusals = new WeakMap<object, DomainError>();
export const externalRefusalOf = (headers: object): DomainError | null => refusals.get(headers) ?? null;

/** A token of the external user pool (external-identities.ts): its account by (issuer, subject). */
async function externalActor(
  platform: Platform,
  token: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<Actor | null> {
  const identity = await verifyExternalToken(platform, token);
  if (!identity) return null;
  const userId =
    (await ownerOfIdentity(platform.database.db, identity)) ?? (await provisionOrAdopt(platform, identity));
  if (!userId) {
    refusals.set(headers, externalAccountExists());
    return null;
  }
  return actorFor(platform, userId);
}

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
  if (claims) return actorFor(platform, claims.sub, claims.credentialVersion);
  return externalActor(platform, token, headers);
}
