import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { LtiPlatformRow } from '../../projections/lti/lti-platforms';
import type { Db } from '../db/tables';
import { LTI_ALGORITHM, toolKey } from './tool-keys';

/** Access tokens the platforms gave, per platform and scopes, until a minute before they end. */
const tokens = new Map<string, { token: string; until: number }>();

/** A call to a platform that failed: its answer's status and first words, for the job's log. */
class PlatformCallFailed extends Error {}

/**
 * An access token for the platform's services (LTI Advantage, IMS Security Framework §4.1): the
 * client credentials grant with a JWT the tool signs (RFC 7523), for the scopes asked.
 */
async function accessToken(db: Db, platform: LtiPlatformRow, scopes: string[]): Promise<string> {
  const cacheKey = `${platform.platformId} ${[...scopes].sort().join(' ')}`;
  const cached = tokens.get(cacheKey);
  if (cached && cached.until > Date.now()) return cached.token;
  const key = await toolKey(db);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: LTI_ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setIssuer(platform.clientId)
    .setSubject(platform.clientId)
    .setAudience(platform.tokenUrl)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomUUID())
    .sign(key.privateKey);
  const response = await fetch(platform.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope: scopes.join(' '),
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok)
    throw new PlatformCallFailed(`token ${response.status}: ${(await response.text()).slice(0, 200)}`);
  const answer = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
  if (typeof answer.access_token !== 'string') throw new PlatformCallFailed('token: no access_token');
  const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : 3600;
  tokens.set(cacheKey, { token: answer.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 });
  return answer.access_token;
}

/** A call to one of the platform's services with an access token for `scope`. */
export async function callPlatform(
  db: Db,
  platform: LtiPlatformRow,
  scope: string,
  url: string,
  init: { method: 'GET' | 'POST'; accept?: string; contentType?: string; body?: string },
): Promise<Response> {
  const token = await accessToken(db, platform, [scope]);
  const response = await fetch(url, {
    method: init.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.accept ? { accept: init.accept } : {}),
      ...(init.contentType ? { 'content-type': init.contentType } : {}),
    },
    body: init.body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok)
    throw new PlatformCallFailed(
      `${init.method} ${url} ${response.status}: ${(await response.text()).slice(0, 200)}`,
    );
  return response;
}
