import { assertNever, type Decider } from '../decider';
import { conflict, notFound } from '../errors';
import type { FileCommand } from './commands';
import type { FileDetails, FileEvent } from './events';

export type FileState =
  | { status: 'absent' }
  | { status: 'active' | 'deleted'; fileId: string; path: string; details: FileDetails };

type Existing = Exclude<FileState, { status: 'absent' }>;

function requireActive(state: FileState): Existing {
  if (state.status !== 'active') throw notFound('file.notFound');
  return state;
}

const ref = (state: Existing) => ({ fileId: state.fileId, path: state.path });

function decide(command: FileCommand, state: FileState): FileEvent[] {
  switch (command.type) {
    case 'CreateFile': {
      if (state.status !== 'absent') throw conflict('file.alreadyExists');
      const { fileId, path, details } = command.data;
      return [{ type: 'FileCreated', data: { fileId, path, ...details } }];
    }
    case 'UpdateFile':
      return [{ type: 'FileUpdated', data: { ...ref(requireActive(state)), ...command.data.details } }];
    case 'DeleteFile': {
      const file = requireActive(state);
      return [
        { type: 'FileDeleted', data: { ...ref(file), name: file.details.name, url: file.details.url } },
      ];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: FileState, event: FileEvent): FileState {
  switch (event.type) {
    case 'FileCreated': {
      const { fileId, path, ...details } = event.data;
      return { status: 'active', fileId, path, details };
    }
    case 'FileUpdated': {
      if (state.status === 'absent') return state;
      const { fileId: _id, path: _path, ...details } = event.data;
      return { ...state, details };
    }
    case 'FileDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    default:
      return assertNever(event);
  }
}

export const fileDecider: Decider<FileCommand, FileEvent, FileState> = {
  initialState: () => ({ status: 'absent' }),
  evolve,
  decide,
  snapshot: { schemaVersion: 1, every: 50 },
};
