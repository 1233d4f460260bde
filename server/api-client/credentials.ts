import type { ApiScope } from '../../events/api-client/events';
import { type Actor, ADMIN_ROLE, allRules } from '../../events/permissions';
import { type ApiClientRow, findApiClient } from '../../projections/api-client/api-clients';
import type { Platform } from '../platform';
import { isAccessToken, verifyAccessToken } from './access-tokens';
import { ipAllowed } from './allowed-ips';
import { noteApiClientUse } from './commands';
import { clientSecretHash, isClientSecret } from './secrets';

/** Whether the client works now for a caller at `ip`: not revoked, not past its expiry, from an allowed address. */
export const clientWorks = (client: ApiClientRow, ip: string, now = Date.now()): boolean =>
  client.revokedAt === null &&
  (client.expiresAt === null || new Date(client.expiresAt).getTime() > now) &&
  ipAllowed(client.allowedIps, ip);

/**
 * The actor an API client acts as: every right of an administrator, narrowed by its scopes to the
 * procedures, fields and routes that declare one of them (scopes.ts); nothing else opens to it.
 */
const clientActor = (clientId: string, scopes: readonly ApiScope[]): Actor => ({
  userId: clientId,
  roles: [ADMIN_ROLE],
  rules: allRules(),
  client: { clientId, scopes },
});

/**
 * The API client behind a bearer credential: its secret sent as a key, or an access token from
 * /oauth/token. Undefined when the credential is neither (an ID token, an external token); null when
 * it is one but opens nothing (unknown, revoked, expired, from an address the client may not use).
 * The client's row is read on every call, so a revocation counts at once.
 */
export async function apiClientActor(
  platform: Platform,
  token: string,
  request: { ip: string; id: string },
): Promise<Actor | null | undefined> {
  const db = platform.database.db;
  if (isClientSecret(token)) {
    const client = await findApiClient(db, { secretHash: clientSecretHash(token) });
    if (!client || !clientWorks(client, request.ip)) return null;
    noteApiClientUse(platform, client.clientId, 'key', request.id);
    return clientActor(client.clientId, client.scopes);
  }
  if (!isAccessToken(token)) return undefined;
  const grant = await verifyAccessToken(platform.keys, token);
  if (!grant) return null;
  const client = await findApiClient(db, { clientId: grant.clientId });
  if (!client || !clientWorks(client, request.ip)) return null;
  noteApiClientUse(platform, client.clientId, 'access-token', request.id);
  return clientActor(
    client.clientId,
    grant.scopes.filter((scope) => client.scopes.includes(scope)),
  );
}
