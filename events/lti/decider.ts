import { assertNever, type Decider } from '../decider';
import { conflict, notFound } from '../errors';
import type { LtiCommand } from './commands';
import type { LtiEvent } from './events';

export interface LtiPlatformState {
  exists: boolean;
  removed: boolean;
  /** The platform's name, which its history names it by. */
  details: { name: string } | null;
}

/** Decisions on one registered platform; who may ask is the transport's check (administrators only). */
function decide(command: LtiCommand, state: LtiPlatformState): LtiEvent[] {
  switch (command.type) {
    case 'RegisterLtiPlatform':
      if (state.exists) throw conflict('lti.platformExists');
      return [{ type: 'LtiPlatformRegistered', data: command.data }];
    case 'RemoveLtiPlatform':
      if (!state.exists) throw notFound('lti.platformNotFound');
      if (state.removed) throw conflict('lti.platformRemoved');
      return [{ type: 'LtiPlatformRemoved', data: command.data }];
    default:
      return assertNever(command);
  }
}

function evolve(state: LtiPlatformState, event: LtiEvent): LtiPlatformState {
  switch (event.type) {
    case 'LtiPlatformRegistered':
      return { ...state, exists: true, details: { name: event.data.name } };
    case 'LtiPlatformRemoved':
      return { ...state, removed: true };
    default:
      return assertNever(event);
  }
}

export const ltiPlatformDecider: Decider<LtiCommand, LtiEvent, LtiPlatformState> = {
  initialState: () => ({ exists: false, removed: false, details: null }),
  evolve,
  decide,
};
