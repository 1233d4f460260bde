import type { CertificateConfig } from '../certificate/config';
import { assertNever, type Decider } from '../decider';
import { conflict, invalid, notFound } from '../errors';
import type { ModuleCommand } from './commands';
import type { ModuleDetails, ModuleEvent } from './events';

export type ModuleState =
  | { status: 'absent' }
  | {
      status: 'active' | 'deleted';
      moduleId: string;
      path: string;
      /** What learners see. */
      details: ModuleDetails;
      /** Settings changed but not yet published (docs/adr/0019-drafts-of-live-content.md). */
      draft: ModuleDetails | null;
      published: boolean;
      owners: string[];
      /** The last saved page order, as page paths. */
      pages: string[];
      /** The certificate config; null until someone configures it. */
      certificateConfig: CertificateConfig | null;
    };

type Existing = Exclude<ModuleState, { status: 'absent' }>;

function requireActive(state: ModuleState): Existing {
  if (state.status !== 'active') throw notFound('module.notFound');
  return state;
}

function requireDraft(state: ModuleState): Existing & { draft: ModuleDetails } {
  const module = requireActive(state);
  if (module.draft === null) throw conflict('module.noDraft');
  return { ...module, draft: module.draft };
}

/**
 * A test never blocks progress (docs/guide/gating-and-tests.md#tests-and-exams); the form refuses it
 * too, this guards the log.
 */
function requireConsistent(details: ModuleDetails): ModuleDetails {
  if (details.test && details.gateProgress) {
    throw invalid('module.gateWithTest', [{ path: 'gateProgress', key: 'module.gateWithTest' }]);
  }
  return details;
}

const ref = (state: Existing) => ({ moduleId: state.moduleId, path: state.path });

/** The event that brings the module to `published`; none when it is already there or nothing is asked. */
function publication(module: Existing, published: boolean | undefined): ModuleEvent[] {
  if (published === undefined || published === module.published) return [];
  return [{ type: published ? 'ModulePublished' : 'ModuleUnpublished', data: ref(module) }];
}

function decide(command: ModuleCommand, state: ModuleState): ModuleEvent[] {
  switch (command.type) {
    case 'CreateModule': {
      if (state.status !== 'absent') throw conflict('module.alreadyExists');
      const { moduleId, path, details, ownerId, published = true } = command.data;
      const created: ModuleEvent = {
        type: 'ModuleCreated',
        data: { moduleId, path, ...requireConsistent(details), published },
      };
      // Whoever creates a module owns it, so they may go on editing it.
      return ownerId
        ? [created, { type: 'ModuleOwnerAdded', data: { moduleId, path, userId: ownerId } }]
        : [created];
    }
    case 'UpdateModule': {
      const module = requireActive(state);
      return [
        { type: 'ModuleUpdated', data: { ...ref(module), ...requireConsistent(command.data.details) } },
        ...publication(module, command.data.published),
      ];
    }
    case 'SaveModuleDraft': {
      const module = requireActive(state);
      return [
        { type: 'ModuleDraftSaved', data: { ...ref(module), ...requireConsistent(command.data.details) } },
      ];
    }
    case 'DiscardModuleDraft': {
      const module = requireDraft(state);
      return [{ type: 'ModuleDraftDiscarded', data: { ...ref(module), name: module.details.name } }];
    }
    case 'PublishModuleChanges': {
      const module = requireDraft(state);
      return [{ type: 'ModuleChangesPublished', data: { ...ref(module), ...module.draft } }];
    }
    case 'PublishModule':
      return publication(requireActive(state), true);
    case 'UnpublishModule':
      return publication(requireActive(state), false);
    case 'DeleteModule': {
      const module = requireActive(state);
      return [{ type: 'ModuleDeleted', data: { ...ref(module), name: module.details.name } }];
    }
    case 'AddModuleOwner': {
      const module = requireActive(state);
      if (module.owners.includes(command.data.userId)) return [];
      return [{ type: 'ModuleOwnerAdded', data: { ...ref(module), userId: command.data.userId } }];
    }
    case 'RemoveModuleOwner': {
      const module = requireActive(state);
      if (!module.owners.includes(command.data.userId)) return [];
      return [{ type: 'ModuleOwnerRemoved', data: { ...ref(module), userId: command.data.userId } }];
    }
    case 'OrderPages': {
      const module = requireActive(state);
      return [{ type: 'ModulePagesOrdered', data: { ...ref(module), pages: command.data.pages } }];
    }
    case 'ConfigureModuleCertificate': {
      const module = requireActive(state);
      return [{ type: 'ModuleCertificateConfigured', data: { ...ref(module), config: command.data.config } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: ModuleState, event: ModuleEvent): ModuleState {
  switch (event.type) {
    case 'ModuleCreated': {
      const { moduleId, path, published, ...details } = event.data;
      return {
        status: 'active',
        moduleId,
        path,
        details,
        draft: null,
        published,
        owners: [],
        pages: [],
        certificateConfig: null,
      };
    }
    case 'ModuleUpdated': {
      if (state.status === 'absent') return state;
      const { moduleId: _id, path: _path, ...details } = event.data;
      return { ...state, details };
    }
    case 'ModuleDraftSaved': {
      if (state.status === 'absent') return state;
      const { moduleId: _id, path: _path, ...draft } = event.data;
      return { ...state, draft };
    }
    case 'ModuleDraftDiscarded':
      return state.status === 'absent' ? state : { ...state, draft: null };
    case 'ModuleChangesPublished': {
      if (state.status === 'absent') return state;
      const { moduleId: _id, path: _path, ...details } = event.data;
      return { ...state, details, draft: null };
    }
    case 'ModulePublished':
      return state.status === 'absent' ? state : { ...state, published: true };
    case 'ModuleUnpublished':
      return state.status === 'absent' ? state : { ...state, published: false };
    case 'ModuleDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    case 'ModuleOwnerAdded':
      return state.status === 'absent' ? state : { ...state, owners: [...state.owners, event.data.userId] };
    case 'ModuleOwnerRemoved':
      return state.status === 'absent'
        ? state
        : { ...state, owners: state.owners.filter((owner) => owner !== event.data.userId) };
    case 'ModulePagesOrdered':
      return state.status === 'absent' ? state : { ...state, pages: event.data.pages };
    case 'ModuleCertificateConfigured':
      return state.status === 'absent' ? state : { ...state, certificateConfig: event.data.config };
    default:
      return assertNever(event);
  }
}

export const moduleDecider: Decider<ModuleCommand, ModuleEvent, ModuleState> = {
  initialState: () => ({ status: 'absent' }),
  evolve,
  decide,
  // 3: the state holds the draft; 4: its details hold checkReveals.
  snapshot: { schemaVersion: 4, every: 50 },
};
