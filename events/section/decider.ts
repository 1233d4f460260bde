import { assertNever, type Decider } from '../decider';
import { conflict, notFound } from '../errors';
import type { SectionCommand } from './commands';
import type { SectionDetails, SectionEvent } from './events';

export type SectionState =
  | { status: 'absent' }
  | {
      status: 'active' | 'deleted';
      sectionId: string;
      path: string;
      parentPath: string;
      details: SectionDetails;
      published: boolean;
    };

type Existing = Exclude<SectionState, { status: 'absent' }>;

function requireActive(state: SectionState): Existing {
  if (state.status !== 'active') throw notFound('section.notFound');
  return state;
}

const ref = (state: Existing) => ({ sectionId: state.sectionId, path: state.path });

function decide(command: SectionCommand, state: SectionState): SectionEvent[] {
  switch (command.type) {
    case 'CreateSection': {
      if (state.status !== 'absent') throw conflict('section.alreadyExists');
      const { sectionId, path, parentPath, details } = command.data;
      return [
        {
          type: 'SectionCreated',
          data: { sectionId, path, parentType: 'course', parentPath, ...details, published: true },
        },
      ];
    }
    case 'UpdateSection':
      return [{ type: 'SectionUpdated', data: { ...ref(requireActive(state)), ...command.data.details } }];
    case 'PublishSection': {
      const section = requireActive(state);
      return section.published ? [] : [{ type: 'SectionPublished', data: ref(section) }];
    }
    case 'UnpublishSection': {
      const section = requireActive(state);
      return section.published ? [{ type: 'SectionUnpublished', data: ref(section) }] : [];
    }
    case 'DeleteSection': {
      const section = requireActive(state);
      return [
        {
          type: 'SectionDeleted',
          data: { ...ref(section), name: section.details.name, parentPath: section.parentPath },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: SectionState, event: SectionEvent): SectionState {
  switch (event.type) {
    case 'SectionCreated': {
      const { sectionId, path, parentType: _type, parentPath, published, ...details } = event.data;
      return { status: 'active', sectionId, path, parentPath, details, published };
    }
    case 'SectionUpdated': {
      if (state.status === 'absent') return state;
      const { sectionId: _id, path: _path, ...details } = event.data;
      return { ...state, details };
    }
    case 'SectionPublished':
      return state.status === 'absent' ? state : { ...state, published: true };
    case 'SectionUnpublished':
      return state.status === 'absent' ? state : { ...state, published: false };
    case 'SectionDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    default:
      return assertNever(event);
  }
}

export const sectionDecider: Decider<SectionCommand, SectionEvent, SectionState> = {
  initialState: () => ({ status: 'absent' }),
  evolve,
  decide,
  snapshot: { schemaVersion: 1, every: 50 },
};
