import { describe, it } from 'vitest';
import type { CreateApiClient } from '../../../events/api-client/commands';
import { apiClientDecider } from '../../../events/api-client/decider';
import type { ApiClientEvent } from '../../../events/api-client/events';
import { deciderSpec } from '../decider-spec';

const given = deciderSpec(apiClientDecider);
const clientId = '5f0c1e2d-3b4a-4c5d-8e6f-7a8b9c0d1e2f';
const now = new Date('2026-06-01T10:00:00Z');
const form = {
  clientId,
  name: 'Results to the ministry',
  scopes: ['results:read' as const],
  expiresAt: null,
  allowedIps: ['192.0.2.0/24'],
  secretHash: 'a'.repeat(64),
  createdBy: 'admin-1',
};
const create = (overrides: Partial<CreateApiClient['data']> = {}): CreateApiClient => ({
  type: 'CreateApiClient',
  data: { ...form, now, ...overrides },
});
const created: ApiClientEvent = { type: 'ApiClientCreated', data: form };
const revoked: ApiClientEvent = { type: 'ApiClientRevoked', data: { clientId, revokedBy: 'admin-2' } };

describe('API client decider', () => {
  it('creates a client with everything the form said and who made it', () =>
    given([]).when(create()).thenEvents([created]));

  it('takes an expiry in the future and refuses one already past, at the field', () => {
    given([])
      .when(create({ expiresAt: '2026-07-01T00:00:00.000Z' }))
      .thenEvents([{ type: 'ApiClientCreated', data: { ...form, expiresAt: '2026-07-01T00:00:00.000Z' } }]);
    given([])
      .when(create({ expiresAt: '2026-06-01T10:00:00.000Z' }))
      .thenThrows('INVALID', 'apiClient.expiryPast');
  });

  it('does not create the same client twice', () =>
    given([created]).when(create()).thenThrows('CONFLICT', 'apiClient.exists'));

  it('revokes a working client once; a missing one is not found', () => {
    given([created])
      .when({ type: 'RevokeApiClient', data: { clientId, revokedBy: 'admin-2' } })
      .thenEvents([revoked]);
    given([created, revoked])
      .when({ type: 'RevokeApiClient', data: { clientId, revokedBy: 'admin-2' } })
      .thenThrows('CONFLICT', 'apiClient.alreadyRevoked');
    given([])
      .when({ type: 'RevokeApiClient', data: { clientId, revokedBy: 'admin-2' } })
      .thenThrows('NOT_FOUND', 'apiClient.notFound');
  });

  it('records a use of a working client, and nothing for a revoked or missing one', () => {
    given([created])
      .when({ type: 'RecordApiClientUse', data: { clientId, via: 'token' } })
      .thenEvents([{ type: 'ApiClientUsed', data: { clientId, via: 'token' } }]);
    given([created, revoked])
      .when({ type: 'RecordApiClientUse', data: { clientId, via: 'key' } })
      .thenEvents([]);
    given([])
      .when({ type: 'RecordApiClientUse', data: { clientId, via: 'key' } })
      .thenEvents([]);
  });
});
