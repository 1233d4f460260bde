import { assertNever, type Decider } from '../decider';
import { conflict, notFound } from '../errors';
import type { PageCommand } from './commands';
import type { PageDetails, PageEvent } from './events';

export type PageState =
  | { status: 'absent' }
  | {
      status: 'active' | 'deleted';
      pageId: string;
      path: string;
      parentPath: string;
      details: PageDetails;
    };

type Existing = Exclude<PageState, { status: 'absent' }>;

function requireActive(state: PageState): Existing {
  if (state.status !== 'active') throw notFound('page.notFound');
  return state;
}

const ref = (state: Existing) => ({ pageId: state.pageId, path: state.path });

function decide(command: PageCommand, state: PageState): PageEvent[] {
  switch (command.type) {
    case 'CreatePage': {
      if (state.status !== 'absent') throw conflict('page.alreadyExists');
      const { pageId, path, parentPath, details } = command.data;
      return [{ type: 'PageCreated', data: { pageId, path, parentType: 'module', parentPath, ...details } }];
    }
    case 'UpdatePage':
      return [{ type: 'PageUpdated', data: { ...ref(requireActive(state)), ...command.data.details } }];
    case 'DeletePage': {
      const page = requireActive(state);
      return [
        { type: 'PageDeleted', data: { ...ref(page), name: page.details.name, parentPath: page.parentPath } },
      ];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: PageState, event: PageEvent): PageState {
  switch (event.type) {
    case 'PageCreated': {
      const { pageId, path, parentType: _type, parentPath, ...details } = event.data;
      return { status: 'active', pageId, path, parentPath, details };
    }
    case 'PageUpdated': {
      if (state.status === 'absent') return state;
      const { pageId: _id, path: _path, ...details } = event.data;
      return { ...state, details };
    }
    case 'PageDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    default:
      return assertNever(event);
  }
}

export const pageDecider: Decider<PageCommand, PageEvent, PageState> = {
  initialState: () => ({ status: 'absent' }),
  evolve,
  decide,
  snapshot: { schemaVersion: 1, every: 50 },
};
