import { createRemoteJWKSet, jwtVerify } from 'jose';
import { v7 as uuidv7 } from 'uuid';
import { type Actor, rulesFor } from '../../events/permissions';
import { findUserIdByEmail, userAccessWithActions } from '../../projections/user/users';
import type { Platform } from '../platform';
import { executeUser, systemMeta } from '../user/execute-user';
import { lockEmail } from './account';
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

let remoteKeys: { url: string; keys: ReturnType<typeof createRemoteJWKSet> } | null = null;

async function jwksUrl(platform: Platform): Promise<string> {
  const { OIDC_JWKS_URL, OIDC_ISSUER } = platform.config;
  if (OIDC_JWKS_URL) return OIDC_JWKS_URL;
  const discovery = await fetch(`${OIDC_ISSUER!.replace(/\/$/, '')}/.well-known/openid-configuration`);
  const { jwks_uri } = (await discovery.json()) as { jwks_uri?: string };
  if (!jwks_uri) throw new Error('the identity provider does not announce jwks_uri');
  return jwks_uri;
}

/** A token of the external user pool (Cognito-compatible): its e-mail claim is the username. */
async function externalActor(platform: Platform, token: string): Promise<Actor | null> {
  const { OIDC_ISSUER, OIDC_AUDIENCE } = platform.config;
  if (!OIDC_ISSUER || !OIDC_AUDIENCE) return null;
  try {
    const url = await jwksUrl(platform);
    if (remoteKeys?.url !== url) remoteKeys = { url, keys: createRemoteJWKSet(new URL(url)) };
    const { payload } = await jwtVerify(token, remoteKeys.keys, { issuer: OIDC_ISSUER });
    // Cognito ID tokens carry the client id in `aud`; its access tokens carry it in `client_id`.
    const audiences = [payload.aud, payload.client_id].flat().filter(Boolean);
    if (!audiences.includes(OIDC_AUDIENCE)) return null;
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null;
    if (!email) return null;
    const userId =
      (await findUserIdByEmail(platform.database.db, email)) ?? (await provision(platform, email, payload));
    return actorFor(platform, userId);
  } catch (error) {
    platform.log.debug({ err: error }, 'external token refused');
    return null;
  }
}

async function provision(
  platform: Platform,
  email: string,
  claims: Record<string, unknown>,
): Promise<string> {
  const userId = uuidv7();
  const name = typeof claims.name === 'string' ? claims.name : email.split('@')[0]!;
  let provisioned = userId;
  await executeUser(
    platform,
    systemMeta('provision'),
    userId,
    { type: 'Provision', data: { userId, email, name, issuer: String(claims.iss) } },
    {
      before: async (trx) => {
        await lockEmail(trx, email);
        const existing = await findUserIdByEmail(trx, email);
        if (existing) {
          provisioned = existing;
          throw new ProvisionedMeanwhile();
        }
      },
    },
  ).catch((error) => {
    if (!(error instanceof ProvisionedMeanwhile)) throw error;
  });
  return provisioned;
}

class ProvisionedMeanwhile extends Error {}

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
  return externalActor(platform, token);
}
