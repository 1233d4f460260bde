import { v7 as uuidv7 } from 'uuid';
import { allRules } from '../../../events/permissions';
import { event } from '../given-events';

/**
 * Valid events of each aggregate for the projection specs, with fresh ids: a spec names only what
 * its case is about and overrides the rest.
 */

const courseDetails = {
  name: 'Family planning',
  language: 'en',
  info: '',
  originId: null,
  showUserList: false,
  showTeam: false,
  location: '',
  startdate: null,
  enddate: null,
  teacher: '',
  public: true,
  onHome: false,
  image: null,
};

export function aCourse(path = 'family-planning') {
  const courseId = uuidv7();
  const ref = { courseId, path };
  const stream = `course-${courseId}`;
  return {
    courseId,
    path,
    ref,
    created: (details: Record<string, unknown> = {}) =>
      event('CourseCreated', { ...ref, ...courseDetails, published: false, ...details }, { stream }),
    updated: (details: Record<string, unknown>) =>
      event('CourseUpdated', { ...ref, ...courseDetails, ...details }, { stream }),
    published: () => event('CoursePublished', ref, { stream }),
    unpublished: () => event('CourseUnpublished', ref, { stream }),
    deleted: () => event('CourseDeleted', { ...ref, name: courseDetails.name }, { stream }),
    draftSaved: (details: Record<string, unknown>) =>
      event('CourseDraftSaved', { ...ref, ...courseDetails, ...details }, { stream }),
    draftDiscarded: () => event('CourseDraftDiscarded', { ...ref, name: courseDetails.name }, { stream }),
    changesPublished: (details: Record<string, unknown>) =>
      event('CourseChangesPublished', { ...ref, ...courseDetails, ...details }, { stream }),
    ownerAdded: (userId: string) => event('CourseOwnerAdded', { ...ref, userId }, { stream }),
    ownerRemoved: (userId: string) => event('CourseOwnerRemoved', { ...ref, userId }, { stream }),
    moduleLinked: (module: { moduleId: string; path: string }) =>
      event('CourseModuleLinked', { ...ref, moduleId: module.moduleId, modulePath: module.path }, { stream }),
    moduleUnlinked: (module: { moduleId: string; path: string }) =>
      event(
        'CourseModuleUnlinked',
        { ...ref, moduleId: module.moduleId, modulePath: module.path },
        { stream },
      ),
    modulesOrdered: (modules: string[]) => event('CourseModulesOrdered', { ...ref, modules }, { stream }),
    fileLinked: (file: { fileId: string; path: string }) =>
      event('CourseFileLinked', { ...ref, fileId: file.fileId, filePath: file.path }, { stream }),
    fileUnlinked: (file: { fileId: string; path: string }) =>
      event('CourseFileUnlinked', { ...ref, fileId: file.fileId, filePath: file.path }, { stream }),
    sectionsOrdered: (sections: string[]) => event('CourseSectionsOrdered', { ...ref, sections }, { stream }),
    certificateConfigured: (config: Record<string, unknown>) =>
      event('CourseCertificateConfigured', { ...ref, config }, { stream }),
  };
}

const moduleDetails = {
  name: 'Hygiene',
  language: 'en',
  info: '',
  originId: null,
  public: true,
  onHome: false,
  showCorrect: false,
  checkReveals: 'nothing',
  test: false,
  anonymousPages: false,
  randomized: [],
  gateProgress: false,
  gateConfig: [],
  image: null,
};

export function aModule(path = 'hygiene') {
  const moduleId = uuidv7();
  const ref = { moduleId, path };
  const stream = `module-${moduleId}`;
  return {
    moduleId,
    path,
    ref,
    stream,
    created: (details: Record<string, unknown> = {}) =>
      event('ModuleCreated', { ...ref, ...moduleDetails, published: false, ...details }, { stream }),
    updated: (details: Record<string, unknown>) =>
      event('ModuleUpdated', { ...ref, ...moduleDetails, ...details }, { stream }),
    published: () => event('ModulePublished', ref, { stream }),
    unpublished: () => event('ModuleUnpublished', ref, { stream }),
    deleted: () => event('ModuleDeleted', { ...ref, name: moduleDetails.name }, { stream }),
    ownerAdded: (userId: string) => event('ModuleOwnerAdded', { ...ref, userId }, { stream }),
    ownerRemoved: (userId: string) => event('ModuleOwnerRemoved', { ...ref, userId }, { stream }),
    pagesOrdered: (pages: string[]) => event('ModulePagesOrdered', { ...ref, pages }, { stream }),
    certificateConfigured: (config: Record<string, unknown>) =>
      event('ModuleCertificateConfigured', { ...ref, config }, { stream }),
    draftSaved: (details: Record<string, unknown>) =>
      event('ModuleDraftSaved', { ...ref, ...moduleDetails, ...details }, { stream }),
    draftDiscarded: () => event('ModuleDraftDiscarded', { ...ref, name: moduleDetails.name }, { stream }),
    changesPublished: (details: Record<string, unknown>) =>
      event('ModuleChangesPublished', { ...ref, ...moduleDetails, ...details }, { stream }),
  };
}

const pageDetails = {
  name: 'Washing hands',
  type: 'markdown',
  content: [],
  interactiveVideo: null,
  estimatedTime: 5,
};

export function aPage(module: { path: string }, path = 'washing') {
  const pageId = uuidv7();
  const ref = { pageId, path };
  const stream = `page-${pageId}`;
  return {
    pageId,
    path,
    ref,
    created: (details: Record<string, unknown> = {}) =>
      event(
        'PageCreated',
        { ...ref, parentType: 'module', parentPath: module.path, ...pageDetails, ...details },
        { stream },
      ),
    updated: (details: Record<string, unknown>) =>
      event('PageUpdated', { ...ref, ...pageDetails, ...details }, { stream }),
    deleted: () =>
      event('PageDeleted', { ...ref, name: pageDetails.name, parentPath: module.path }, { stream }),
    draftSaved: (details: Record<string, unknown>) =>
      event('PageDraftSaved', { ...ref, ...pageDetails, ...details }, { stream }),
    draftDiscarded: () => event('PageDraftDiscarded', { ...ref, name: pageDetails.name }, { stream }),
    changesPublished: (details: Record<string, unknown>) =>
      event('PageChangesPublished', { ...ref, ...pageDetails, ...details }, { stream }),
  };
}

const sectionDetails = {
  name: 'Session one',
  language: 'en',
  info: '',
  originId: null,
  date: null,
  location: '',
  teacher: '',
  public: true,
  image: null,
  classroom: null,
};

export function aSection(course: { path: string }, path = 'session-one') {
  const sectionId = uuidv7();
  const ref = { sectionId, path };
  const stream = `section-${sectionId}`;
  return {
    sectionId,
    path,
    ref,
    created: (details: Record<string, unknown> = {}) =>
      event(
        'SectionCreated',
        {
          ...ref,
          parentType: 'course',
          parentPath: course.path,
          ...sectionDetails,
          published: false,
          ...details,
        },
        { stream },
      ),
    updated: (details: Record<string, unknown>) =>
      event('SectionUpdated', { ...ref, ...sectionDetails, ...details }, { stream }),
    published: () => event('SectionPublished', ref, { stream }),
    deleted: () =>
      event('SectionDeleted', { ...ref, name: sectionDetails.name, parentPath: course.path }, { stream }),
    moduleLinked: (module: { moduleId: string; path: string }) =>
      event(
        'SectionModuleLinked',
        { ...ref, moduleId: module.moduleId, modulePath: module.path },
        { stream },
      ),
    moduleUnlinked: (module: { moduleId: string; path: string }) =>
      event(
        'SectionModuleUnlinked',
        { ...ref, moduleId: module.moduleId, modulePath: module.path },
        { stream },
      ),
    fileLinked: (file: { fileId: string; path: string }) =>
      event('SectionFileLinked', { ...ref, fileId: file.fileId, filePath: file.path }, { stream }),
  };
}

export function aFile(path = 'leaflet') {
  const fileId = uuidv7();
  const ref = { fileId, path };
  const stream = `file-${fileId}`;
  const details = { name: 'Leaflet', url: 'https://example.org/leaflet.pdf', type: 'pdf' };
  return {
    fileId,
    path,
    ref,
    created: (more: Record<string, unknown> = {}) =>
      event('FileCreated', { ...ref, ...details, ...more }, { stream }),
    updated: (more: Record<string, unknown>) =>
      event('FileUpdated', { ...ref, ...details, ...more }, { stream }),
    deleted: () => event('FileDeleted', { ...ref, name: details.name, url: details.url }, { stream }),
  };
}

export function aUser(userId = `user-${uuidv7()}`) {
  const stream = `user-${userId}`;
  const profile = { name: 'Ann Peeters', phone: null, profession: null, riziv: null, language: 'nl' };
  return {
    userId,
    created: (more: Record<string, unknown> = {}) =>
      event(
        'UserCreated',
        { userId, email: `${userId}@example.org`, ...profile, roles: [], ...more },
        { stream },
      ),
    signedUp: () => event('UserSignedUp', { userId, email: `${userId}@example.org`, ...profile }, { stream }),
    verified: () => event('UserVerified', { userId }, { stream }),
    profileUpdated: (more: Record<string, unknown>) =>
      event(
        'UserProfileUpdated',
        { userId, ...profile, description: null, image: null, fullPrivacy: false, ...more },
        { stream },
      ),
    rolesChanged: (roles: string[], previous: string[] = []) =>
      event('UserRolesChanged', { userId, roles, previous }, { stream }),
    linked: (itemType: 'course' | 'module', itemPath: string) =>
      event('UserLinkedToItem', { userId, itemType, itemPath }, { stream }),
    unlinked: (itemType: 'course' | 'module', itemPath: string) =>
      event('UserUnlinkedFromItem', { userId, itemType, itemPath }, { stream }),
    deleted: () => event('UserDeleted', { userId }, { stream }),
  };
}

export function aRole(name = 'Reviewer') {
  const roleId = uuidv7();
  const stream = `role-${roleId}`;
  const actions = {
    ...Object.fromEntries(Object.keys(allRules()).map((action) => [action, false])),
    view: true,
  };
  return {
    roleId,
    name,
    actions,
    created: () => event('RoleCreated', { roleId, name, actions, origin: null }, { stream }),
    updated: (to: string, more: Record<string, boolean> = {}) =>
      event(
        'RoleUpdated',
        { roleId, name: to, previousName: name, actions: { ...actions, ...more } },
        { stream },
      ),
    deleted: (current = name) => event('RoleDeleted', { roleId, name: current }, { stream }),
  };
}

/** A participant's answer, draft, score and extra attempt on one question of a module's page. */
export function anAnswer(
  userId: string,
  module: { moduleId: string; path: string },
  page: { pageId: string; path: string },
  question = 'q1',
) {
  const ref = {
    userId,
    moduleId: module.moduleId,
    modulePath: module.path,
    pageId: page.pageId,
    pagePath: page.path,
    question,
  };
  const stream = `module_result-${module.moduleId}.${userId}`;
  const drafts = `answer_draft-${module.moduleId}.${userId}`;
  return {
    ref,
    saved: (
      attempt: number,
      answer: string,
      score: number,
      options: { at?: string; key?: string | null } = {},
    ) =>
      event(
        'AnswerSaved',
        {
          ...ref,
          questionType: 'single',
          answer,
          attempt,
          score,
          maxScore: 1,
          idempotencyKey: options.key ?? null,
        },
        { stream, at: options.at },
      ),
    drafted: (answer: string, options: { at?: string; key?: string | null } = {}) =>
      event(
        'AnswerDrafted',
        { ...ref, questionType: 'open', answer, idempotencyKey: options.key ?? null },
        { stream: drafts, at: options.at },
      ),
    scored: (score: number, feedback: string | null, options: { at?: string; scored?: boolean } = {}) =>
      event(
        'AnswerScored',
        {
          ...ref,
          score,
          maxScore: 1,
          previousScore: 0,
          scored: options.scored ?? true,
          feedback,
          previousFeedback: null,
          scoredBy: 'teacher',
        },
        { stream, at: options.at },
      ),
    granted: (extraAttempts: number, options: { at?: string } = {}) =>
      event(
        'AttemptGranted',
        { ...ref, attemptsUsed: 1, extraAttempts, attemptsAllowed: 1 + extraAttempts, grantedBy: 'teacher' },
        { stream, at: options.at },
      ),
  };
}

/** A certificate of one person for one module or course, with the events about it. */
export function aCertificate(
  userId: string,
  item: { id: string; path: string },
  kind: 'module' | 'course' = 'module',
) {
  const certificateId = uuidv7();
  const code = certificateId.replaceAll('-', '').slice(-16);
  const subject = { kind, itemId: item.id, itemPath: item.path, userId };
  const stream = `certificate-${kind}.${item.id}.${userId}`;
  return {
    certificateId,
    code,
    subject,
    issued: (options: { issuedAt?: string; expiresAt?: string | null; position?: number } = {}) =>
      event(
        'CertificateIssued',
        {
          certificateId,
          code,
          ...subject,
          issuedAt: options.issuedAt ?? '2026-11-24T08:00:00.000Z',
          expiresAt: options.expiresAt ?? null,
          how: 'auto',
          issuedBy: null,
        },
        { stream, position: options.position },
      ),
    revoked: (reason: string | null = null) =>
      event(
        'CertificateRevoked',
        {
          certificateId,
          code,
          ...subject,
          revokedBy: 'admin',
          revokedAt: '2026-11-25T08:00:00.000Z',
          reason,
        },
        { stream },
      ),
    reminded: (daysBefore: number, sentAt = '2026-11-26T08:00:00.000Z') =>
      event(
        'CertificateReminderSent',
        { certificateId, ...subject, expiresAt: '2027-11-24T08:00:00.000Z', daysBefore, sentAt },
        { stream },
      ),
    flagged: () =>
      event(
        'CertificateFlagged',
        { ...subject, secondsSpent: 60, estimatedSeconds: 600, flaggedAt: '2026-11-24T07:59:00.000Z' },
        { stream },
      ),
    dismissed: () =>
      event(
        'CertificateReviewDismissed',
        { ...subject, dismissedBy: 'teacher', dismissedAt: '2026-11-24T09:00:00.000Z' },
        { stream },
      ),
  };
}
