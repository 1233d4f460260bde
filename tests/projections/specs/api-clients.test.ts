import { describe, it } from 'vitest';
import { apiClientsProjection } from '../../../projections/api-client/api-clients';
import { databaseKinds } from '../../harness';
import { event, projectionSpec } from '../given-events';

const mirror = '5f0c1e2d-3b4a-4c5d-8e6f-7a8b9c0d1e21';
const reports = '5f0c1e2d-3b4a-4c5d-8e6f-7a8b9c0d1e22';

function clientOf(clientId: string, name: string, digit: string) {
  const stream = `api-client-${clientId}`;
  return {
    created: (at = '2026-11-29T10:00:00.000Z') =>
      event(
        'ApiClientCreated',
        {
          clientId,
          name,
          scopes: ['content:read', 'xapi:read'],
          expiresAt: '2027-01-01T00:00:00.000Z',
          allowedIps: ['192.0.2.0/24'],
          secretHash: digit.repeat(64),
          createdBy: 'admin-1',
        },
        { stream, at },
      ),
    used: (at: string) => event('ApiClientUsed', { clientId, via: 'token' }, { stream, at }),
    revoked: (at: string) => event('ApiClientRevoked', { clientId, revokedBy: 'admin-2' }, { stream, at }),
  };
}

describe.each(databaseKinds)('api_clients on %s', (kind) => {
  const spec = projectionSpec(apiClientsProjection, kind);
  const a = clientOf(mirror, 'Mirror', 'a');
  const b = clientOf(reports, 'Reports', 'b');

  it('a client is a row with its form, the hash of its secret and who made it, never used yet', () =>
    spec
      .given()
      .when(a.created())
      .thenRows({
        api_clients: [
          {
            client_id: mirror,
            name: 'Mirror',
            scopes: ['content:read', 'xapi:read'],
            expires_at: '2027-01-01T00:00:00.000Z',
            allowed_ips: ['192.0.2.0/24'],
            secret_hash: 'a'.repeat(64),
            created_by: 'admin-1',
            created_at: '2026-11-29T10:00:00.000Z',
            revoked_at: null,
            revoked_by: null,
            last_used_at: null,
          },
        ],
      }));

  it('a use moves its last use; a revocation keeps the row with when and by whom', () =>
    spec
      .given(a.created(), b.created())
      .when(
        a.used('2026-11-29T11:00:00.000Z'),
        a.used('2026-11-29T11:30:00.000Z'),
        b.revoked('2026-11-29T12:00:00.000Z'),
      )
      .thenRows({
        api_clients: [
          { client_id: mirror, last_used_at: '2026-11-29T11:30:00.000Z', revoked_at: null },
          {
            client_id: reports,
            last_used_at: null,
            revoked_at: '2026-11-29T12:00:00.000Z',
            revoked_by: 'admin-2',
          },
        ],
      }));
});
