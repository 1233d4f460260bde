import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { type ApiScope, apiScopes } from '../../events/api-client/events';
import type { TokenKeys } from '../auth/keys';

/** RFC 9068's type for OAuth access tokens: an ID token (typ JWT, with `email` and `cv`) never passes for one. */
const TYPE = 'at+jwt';
const ISSUER = 'srhr-platform';
const AUDIENCE = 'srhr-platform-api';

/** How long an access token from /oauth/token lives, unless its client ends sooner. */
export const ACCESS_TOKEN_SECONDS = 900;

export async function signAccessToken(
  keys: TokenKeys,
  grant: { clientId: string; scopes: readonly ApiScope[]; ttlSeconds: number },
): Promise<string> {
  return new SignJWT({ scope: grant.scopes.join(' '), client_id: grant.clientId })
    .setProtectedHeader({ alg: 'ES256', kid: keys.kid, typ: TYPE })
    .setSubject(grant.clientId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(`${grant.ttlSeconds}s`)
    .sign(keys.privateKey);
}

/** Whether a bearer token says it is an access token (it is then checked as one, and only as one). */
export function isAccessToken(token: string): boolean {
  try {
    return decodeProtectedHeader(token).typ === TYPE;
  } catch {
    return false;
  }
}

/** The client and scopes of a valid access token, or null (expired, forged, another type). */
export async function verifyAccessToken(
  keys: TokenKeys,
  token: string,
): Promise<{ clientId: string; scopes: ApiScope[] } | null> {
  try {
    const { payload } = await jwtVerify(token, keys.publicKey, {
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: TYPE,
      algorithms: ['ES256'],
      requiredClaims: ['sub', 'exp', 'iat'],
      maxTokenAge: ACCESS_TOKEN_SECONDS + 5,
      clockTolerance: 5,
    });
    if (typeof payload.sub !== 'string' || typeof payload.scope !== 'string') return null;
    const scopes = payload.scope
      .split(' ')
      .filter((scope): scope is ApiScope => (apiScopes as readonly string[]).includes(scope));
    return { clientId: payload.sub, scopes };
  } catch {
    return null;
  }
}
