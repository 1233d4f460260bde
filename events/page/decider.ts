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
      /** What learners see. */
      details: PageDetails;
      /** The author's changes not yet published (docs/adr/0019-drafts-of-live-content.md). */
      draft: PageDetails | null;
    };

type Existing = Exclude<PageState, { status: 'absent' }>;

function requireActive(state: PageState): Existing {
  if (state.status !== 'active') throw notFound('page.notFound');
  return state;
}

function requireDraft(state: PageState): Existing & { draft: PageDetails } {
  const page = requireActive(state);
  if (page.draft === null) throw conflict('page.noDraft');
  return { ...page, draft: page.draft };
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
    case 'SavePageDraft':
      return [{ type: 'PageDraftSaved', data: { ...ref(requireActive(state)), ...command.data.details } }];
    case 'DiscardPageDraft': {
      const page = requireDraft(state);
      return [{ type: 'PageDraftDiscarded', data: { ...ref(page), name: page.details.name } }];
    }
    case 'PublishPageChanges': {
      const page = requireDraft(state);
      return [{ type: 'PageChangesPublished', data: { ...ref(page), ...page.draft } }];
    }
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
      return { status: 'active', pageId, path, parentPath, details, draft: null };
    }
    case 'PageUpdated': {
      if (state.status === 'absent') return state;
      const { pageId: _id, path: _path, ...details } = event.data;
      return { ...state, details };
    }
    case 'PageDraftSaved': {
      if (state.status === 'absent') return state;
      const { pageId: _id, path: _path, ...draft } = event.data;
      return { ...state, draft };
    }
    case 'PageDraftDiscarded':
      return state.status === 'absent' ? state : { ...state, draft: null };
    case 'PageChangesPublished': {
      if (state.status === 'absent') return state;
      const { pageId: _id, path: _path, ...details } = event.data;
      return { ...state, details, draft: null };
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
  // 2: the state holds the draft.
  snapshot: { schemaVersion: 2, every: 50 },
};
