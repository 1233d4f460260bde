import { assertNever, type Decider } from '../decider';
import { conflict, invalid, notFound } from '../errors';
import { inOrder, isLinked, type LinkedItems, noLinks, withLink, withoutLink } from '../shared/links';
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
      /** The modules and files linked to the section, in their order. */
      links: LinkedItems;
    };

type Existing = Exclude<SectionState, { status: 'absent' }>;

function requireActive(state: SectionState): Existing {
  if (state.status !== 'active') throw notFound('section.notFound');
  return state;
}

const ref = (state: Existing) => ({ sectionId: state.sectionId, path: state.path });

/** The event that brings the section to `published`; none when it is already there or nothing is asked. */
function publication(section: Existing, published: boolean | undefined): SectionEvent[] {
  if (published === undefined || published === section.published) return [];
  return [{ type: published ? 'SectionPublished' : 'SectionUnpublished', data: ref(section) }];
}

/**
 * The countdown's start changes only through its own events: a form save (which may carry a value
 * read before someone started or stopped the countdown) keeps the stored start.
 */
function keepCountdown(section: Existing, details: SectionDetails): SectionDetails {
  if (!details.classroom) return details;
  const started = section.details.classroom?.breakoutroomCountdownStarted ?? null;
  return { ...details, classroom: { ...details.classroom, breakoutroomCountdownStarted: started } };
}

function decide(command: SectionCommand, state: SectionState): SectionEvent[] {
  switch (command.type) {
    case 'CreateSection': {
      if (state.status !== 'absent') throw conflict('section.alreadyExists');
      const { sectionId, path, parentPath, details, published = true } = command.data;
      // A new section (a copy or translation too) starts without a running countdown.
      const classroom = details.classroom && { ...details.classroom, breakoutroomCountdownStarted: null };
      return [
        {
          type: 'SectionCreated',
          data: { sectionId, path, parentType: 'course', parentPath, ...details, classroom, published },
        },
      ];
    }
    case 'UpdateSection': {
      const section = requireActive(state);
      return [
        {
          type: 'SectionUpdated',
          data: { ...ref(section), ...keepCountdown(section, command.data.details) },
        },
        ...publication(section, command.data.published),
      ];
    }
    case 'StartBreakoutCountdown': {
      const section = requireActive(state);
      const classroom = section.details.classroom;
      if (!classroom) throw invalid('section.noClassroom');
      if (classroom.breakoutroomCountdown === 0) throw invalid('section.noCountdown');
      return [
        {
          type: 'BreakoutCountdownStarted',
          data: {
            ...ref(section),
            startedAt: command.data.startedAt,
            minutes: classroom.breakoutroomCountdown,
          },
        },
      ];
    }
    case 'StopBreakoutCountdown': {
      const section = requireActive(state);
      if (!section.details.classroom?.breakoutroomCountdownStarted)
        throw conflict('section.countdownNotRunning');
      return [{ type: 'BreakoutCountdownStopped', data: ref(section) }];
    }
    case 'PublishSection':
      return publication(requireActive(state), true);
    case 'UnpublishSection':
      return publication(requireActive(state), false);
    case 'DeleteSection': {
      const section = requireActive(state);
      return [
        {
          type: 'SectionDeleted',
          data: { ...ref(section), name: section.details.name, parentPath: section.parentPath },
        },
      ];
    }
    // Linking what is linked, or unlinking what is not, changes nothing.
    case 'LinkModule': {
      const section = requireActive(state);
      if (isLinked(section.links.modules, command.data.moduleId)) return [];
      return [{ type: 'SectionModuleLinked', data: { ...ref(section), ...command.data } }];
    }
    case 'UnlinkModule': {
      const section = requireActive(state);
      if (!isLinked(section.links.modules, command.data.moduleId)) return [];
      return [{ type: 'SectionModuleUnlinked', data: { ...ref(section), ...command.data } }];
    }
    case 'OrderModules': {
      const section = requireActive(state);
      return [{ type: 'SectionModulesOrdered', data: { ...ref(section), modules: command.data.modules } }];
    }
    case 'LinkFile': {
      const section = requireActive(state);
      if (isLinked(section.links.files, command.data.fileId)) return [];
      return [{ type: 'SectionFileLinked', data: { ...ref(section), ...command.data } }];
    }
    case 'UnlinkFile': {
      const section = requireActive(state);
      if (!isLinked(section.links.files, command.data.fileId)) return [];
      return [{ type: 'SectionFileUnlinked', data: { ...ref(section), ...command.data } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: SectionState, event: SectionEvent): SectionState {
  switch (event.type) {
    case 'SectionCreated': {
      const { sectionId, path, parentType: _type, parentPath, published, ...details } = event.data;
      return { status: 'active', sectionId, path, parentPath, details, published, links: noLinks() };
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
    case 'SectionModuleLinked':
    case 'SectionModuleUnlinked':
    case 'SectionModulesOrdered':
    case 'SectionFileLinked':
    case 'SectionFileUnlinked':
      return state.status === 'absent' ? state : { ...state, links: evolveLinks(state.links, event) };
    case 'BreakoutCountdownStarted':
    case 'BreakoutCountdownStopped': {
      if (state.status === 'absent' || !state.details.classroom) return state;
      const started = event.type === 'BreakoutCountdownStarted' ? event.data.startedAt : null;
      return {
        ...state,
        details: {
          ...state.details,
          classroom: { ...state.details.classroom, breakoutroomCountdownStarted: started },
        },
      };
    }
    default:
      return assertNever(event);
  }
}

function evolveLinks(links: LinkedItems, event: SectionEvent): LinkedItems {
  switch (event.type) {
    case 'SectionModuleLinked':
      return {
        ...links,
        modules: withLink(links.modules, { id: event.data.moduleId, path: event.data.modulePath }),
      };
    case 'SectionModuleUnlinked':
      return { ...links, modules: withoutLink(links.modules, event.data.moduleId) };
    case 'SectionModulesOrdered':
      return { ...links, modules: inOrder(links.modules, event.data.modules) };
    case 'SectionFileLinked':
      return { ...links, files: withLink(links.files, { id: event.data.fileId, path: event.data.filePath }) };
    case 'SectionFileUnlinked':
      return { ...links, files: withoutLink(links.files, event.data.fileId) };
    default:
      return links;
  }
}

export const sectionDecider: Decider<SectionCommand, SectionEvent, SectionState> = {
  initialState: () => ({ status: 'absent' }),
  evolve,
  decide,
  snapshot: { schemaVersion: 2, every: 50 },
};
