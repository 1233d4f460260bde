import { assertNever, type Decider } from '../decider';
import { conflict, notFound } from '../errors';
import type { RoleCommand } from './commands';
import type { RoleActions, RoleEvent } from './events';

export type RoleState =
  | { status: 'absent' }
  | { status: 'active' | 'deleted'; roleId: string; name: string; actions: RoleActions };

function decide(command: RoleCommand, state: RoleState): RoleEvent[] {
  switch (command.type) {
    case 'CreateRole':
      if (state.status !== 'absent') throw conflict('role.alreadyExists');
      return [{ type: 'RoleCreated', data: { ...command.data, origin: null } }];
    case 'DuplicateRole':
      // The origin was read by the handler (another stream); the copy is an ordinary new role.
      if (state.status !== 'absent') throw conflict('role.alreadyExists');
      return [{ type: 'RoleCreated', data: command.data }];
    case 'UpdateRole': {
      if (state.status !== 'active') throw notFound('role.notFound');
      const { name, actions } = command.data;
      const same = name === state.name && JSON.stringify(actions) === JSON.stringify(state.actions);
      return same
        ? []
        : [{ type: 'RoleUpdated', data: { roleId: state.roleId, name, previousName: state.name, actions } }];
    }
    case 'DeleteRole':
      if (state.status !== 'active') throw notFound('role.notFound');
      return [{ type: 'RoleDeleted', data: { roleId: state.roleId, name: state.name } }];
    default:
      return assertNever(command);
  }
}

function evolve(state: RoleState, event: RoleEvent): RoleState {
  switch (event.type) {
    case 'RoleCreated': {
      const { roleId, name, actions } = event.data;
      return { status: 'active', roleId, name, actions };
    }
    case 'RoleUpdated':
      return state.status === 'absent'
        ? state
        : { ...state, name: event.data.name, actions: event.data.actions };
    case 'RoleDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    default:
      return assertNever(event);
  }
}

export const roleDecider: Decider<RoleCommand, RoleEvent, RoleState> = {
  initialState: () => ({ status: 'absent' }),
  evolve,
  decide,
};
