import { assertNever, type Decider } from '../decider';
import { conflict, invalid, notFound } from '../errors';
import type { ApiClientCommand } from './commands';
import type { ApiClientEvent } from './events';

export interface ApiClientState {
  exists: boolean;
  revoked: boolean;
}

/** Decisions on one API client; who may ask is the transport's check (administrators only). */
function decide(command: ApiClientCommand, state: ApiClientState): ApiClientEvent[] {
  switch (command.type) {
    case 'CreateApiClient': {
      if (state.exists) throw conflict('apiClient.exists');
      const { now, ...data } = command.data;
      if (data.expiresAt !== null && Date.parse(data.expiresAt) <= now.getTime())
        throw invalid('apiClient.expiryPast', [{ path: 'expiresAt', key: 'apiClient.expiryPast' }]);
      return [{ type: 'ApiClientCreated', data }];
    }
    case 'RevokeApiClient':
      if (!state.exists) throw notFound('apiClient.notFound');
      if (state.revoked) throw conflict('apiClient.alreadyRevoked');
      return [{ type: 'ApiClientRevoked', data: command.data }];
    case 'RecordApiClientUse':
      // A use that raced the revocation is not recorded: the client no longer works.
      if (!state.exists || state.revoked) return [];
      return [{ type: 'ApiClientUsed', data: command.data }];
    default:
      return assertNever(command);
  }
}

function evolve(state: ApiClientState, event: ApiClientEvent): ApiClientState {
  switch (event.type) {
    case 'ApiClientCreated':
      return { ...state, exists: true };
    case 'ApiClientRevoked':
      return { ...state, revoked: true };
    case 'ApiClientUsed':
      return state;
    default:
      return assertNever(event);
  }
}

export const apiClientDecider: Decider<ApiClientCommand, ApiClientEvent, ApiClientState> = {
  initialState: () => ({ exists: false, revoked: false }),
  evolve,
  decide,
};
