import type { CertificateConfig } from '../certificate/config';
import { assertNever, type Decider } from '../decider';
import { conflict, notFound } from '../errors';
import { inOrder, isLinked, type LinkedItems, noLinks, withLink, withoutLink } from '../shared/links';
import type { CourseCommand } from './commands';
import type { CourseDetails, CourseEvent } from './events';

export type CourseState =
  | { status: 'absent' }
  | {
      status: 'active' | 'deleted';
      courseId: string;
      path: string;
      /** What learners see. */
      details: CourseDetails;
      /** Settings changed but not yet published (docs/adr/0019-drafts-of-live-content.md). */
      draft: CourseDetails | null;
      published: boolean;
      owners: string[];
      /** The modules and files linked to the course, in their order. */
      links: LinkedItems;
      /** The certificate config; null until someone configures it. */
      certificateConfig: CertificateConfig | null;
    };

type Existing = Exclude<CourseState, { status: 'absent' }>;

function requireActive(state: CourseState): Existing {
  if (state.status !== 'active') throw notFound('course.notFound');
  return state;
}

function requireDraft(state: CourseState): Existing & { draft: CourseDetails } {
  const course = requireActive(state);
  if (course.draft === null) throw conflict('course.noDraft');
  return { ...course, draft: course.draft };
}

const ref = (state: Existing) => ({ courseId: state.courseId, path: state.path });

/** The event that brings the course to `published`; none when it is already there or nothing is asked. */
function publication(course: Existing, published: boolean | undefined): CourseEvent[] {
  if (published === undefined || published === course.published) return [];
  return [{ type: published ? 'CoursePublished' : 'CourseUnpublished', data: ref(course) }];
}

function decide(command: CourseCommand, state: CourseState): CourseEvent[] {
  switch (command.type) {
    case 'CreateCourse': {
      if (state.status !== 'absent') throw conflict('course.alreadyExists');
      const { courseId, path, details, ownerId, published = true } = command.data;
      const created: CourseEvent = {
        type: 'CourseCreated',
        data: { courseId, path, ...details, published },
      };
      // Whoever creates a course owns it, so they may go on editing it.
      return ownerId
        ? [created, { type: 'CourseOwnerAdded', data: { courseId, path, userId: ownerId } }]
        : [created];
    }
    case 'AddCourseOwner': {
      const course = requireActive(state);
      if (course.owners.includes(command.data.userId)) return [];
      return [{ type: 'CourseOwnerAdded', data: { ...ref(course), userId: command.data.userId } }];
    }
    case 'RemoveCourseOwner': {
      const course = requireActive(state);
      if (!course.owners.includes(command.data.userId)) return [];
      return [{ type: 'CourseOwnerRemoved', data: { ...ref(course), userId: command.data.userId } }];
    }
    case 'UpdateCourse': {
      const course = requireActive(state);
      return [
        { type: 'CourseUpdated', data: { ...ref(course), ...command.data.details } },
        ...publication(course, command.data.published),
      ];
    }
    case 'SaveCourseDraft': {
      const course = requireActive(state);
      return [{ type: 'CourseDraftSaved', data: { ...ref(course), ...command.data.details } }];
    }
    case 'DiscardCourseDraft': {
      const course = requireDraft(state);
      return [{ type: 'CourseDraftDiscarded', data: { ...ref(course), name: course.details.name } }];
    }
    case 'PublishCourseChanges': {
      const course = requireDraft(state);
      return [{ type: 'CourseChangesPublished', data: { ...ref(course), ...course.draft } }];
    }
    case 'PublishCourse':
      return publication(requireActive(state), true);
    case 'UnpublishCourse':
      return publication(requireActive(state), false);
    case 'OrderSections': {
      const course = requireActive(state);
      return [{ type: 'CourseSectionsOrdered', data: { ...ref(course), sections: command.data.sections } }];
    }
    case 'DeleteCourse': {
      const course = requireActive(state);
      return [{ type: 'CourseDeleted', data: { ...ref(course), name: course.details.name } }];
    }
    case 'ConfigureCourseCertificate': {
      const course = requireActive(state);
      return [{ type: 'CourseCertificateConfigured', data: { ...ref(course), config: command.data.config } }];
    }
    // Linking what is linked, or unlinking what is not, changes nothing.
    case 'LinkModule': {
      const course = requireActive(state);
      if (isLinked(course.links.modules, command.data.moduleId)) return [];
      return [{ type: 'CourseModuleLinked', data: { ...ref(course), ...command.data } }];
    }
    case 'UnlinkModule': {
      const course = requireActive(state);
      if (!isLinked(course.links.modules, command.data.moduleId)) return [];
      return [{ type: 'CourseModuleUnlinked', data: { ...ref(course), ...command.data } }];
    }
    case 'OrderModules': {
      const course = requireActive(state);
      return [{ type: 'CourseModulesOrdered', data: { ...ref(course), modules: command.data.modules } }];
    }
    case 'LinkFile': {
      const course = requireActive(state);
      if (isLinked(course.links.files, command.data.fileId)) return [];
      return [{ type: 'CourseFileLinked', data: { ...ref(course), ...command.data } }];
    }
    case 'UnlinkFile': {
      const course = requireActive(state);
      if (!isLinked(course.links.files, command.data.fileId)) return [];
      return [{ type: 'CourseFileUnlinked', data: { ...ref(course), ...command.data } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: CourseState, event: CourseEvent): CourseState {
  switch (event.type) {
    case 'CourseCreated': {
      const { courseId, path, published, ...details } = event.data;
      return {
        status: 'active',
        courseId,
        path,
        details,
        draft: null,
        published,
        owners: [],
        links: noLinks(),
        certificateConfig: null,
      };
    }
    case 'CourseUpdated': {
      if (state.status === 'absent') return state;
      const { courseId: _id, path: _path, ...details } = event.data;
      return { ...state, details };
    }
    case 'CourseDraftSaved': {
      if (state.status === 'absent') return state;
      const { courseId: _id, path: _path, ...draft } = event.data;
      return { ...state, draft };
    }
    case 'CourseDraftDiscarded':
      return state.status === 'absent' ? state : { ...state, draft: null };
    case 'CourseChangesPublished': {
      if (state.status === 'absent') return state;
      const { courseId: _id, path: _path, ...details } = event.data;
      return { ...state, details, draft: null };
    }
    case 'CoursePublished':
      return state.status === 'absent' ? state : { ...state, published: true };
    case 'CourseUnpublished':
      return state.status === 'absent' ? state : { ...state, published: false };
    case 'CourseDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    case 'CourseSectionsOrdered':
      return state;
    case 'CourseCertificateConfigured':
      return state.status === 'absent' ? state : { ...state, certificateConfig: event.data.config };
    case 'CourseOwnerAdded':
      return state.status === 'absent' ? state : { ...state, owners: [...state.owners, event.data.userId] };
    case 'CourseOwnerRemoved':
      return state.status === 'absent'
        ? state
        : { ...state, owners: state.owners.filter((owner) => owner !== event.data.userId) };
    case 'CourseModuleLinked':
    case 'CourseModuleUnlinked':
    case 'CourseModulesOrdered':
    case 'CourseFileLinked':
    case 'CourseFileUnlinked':
      return state.status === 'absent' ? state : { ...state, links: evolveLinks(state.links, event) };
    default:
      return assertNever(event);
  }
}

function evolveLinks(links: LinkedItems, event: CourseEvent): LinkedItems {
  switch (event.type) {
    case 'CourseModuleLinked':
      return {
        ...links,
        modules: withLink(links.modules, { id: event.data.moduleId, path: event.data.modulePath }),
      };
    case 'CourseModuleUnlinked':
      return { ...links, modules: withoutLink(links.modules, event.data.moduleId) };
    case 'CourseModulesOrdered':
      return { ...links, modules: inOrder(links.modules, event.data.modules) };
    case 'CourseFileLinked':
      return { ...links, files: withLink(links.files, { id: event.data.fileId, path: event.data.filePath }) };
    case 'CourseFileUnlinked':
      return { ...links, files: withoutLink(links.files, event.data.fileId) };
    default:
      return links;
  }
}

export const courseDecider: Decider<CourseCommand, CourseEvent, CourseState> = {
  initialState: () => ({ status: 'absent' }),
  evolve,
  decide,
  // 5: the state holds the draft.
  snapshot: { schemaVersion: 5, every: 50 },
};
