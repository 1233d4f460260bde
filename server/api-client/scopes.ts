import type { ApiScope } from '../../events/api-client/events';
import { DomainError } from '../../events/errors';
import type { Actor } from '../../events/permissions';

/**
 * The scope each procedure an API client may call needs (docs/integrating/api-clients.md). A
 * procedure missing here is for people only: an API client is refused it whatever its scopes, so a
 * new procedure is closed to machines until it is listed. Reads take a `:read` scope, writes a
 * `:write` one (a test holds every entry to its procedure's kind).
 */
const procedures: Record<ApiScope, readonly string[]> = {
  'content:read': [
    'course.list',
    'course.byPath',
    'course.draft',
    'course.team',
    'course.owners',
    'course.history',
    'course.asOf',
    'section.listByCourse',
    'section.byPath',
    'section.history',
    'section.asOf',
    'module.list',
    'module.byPath',
    'module.draft',
    'module.translations',
    'module.history',
    'module.asOf',
    'page.listByModule',
    'page.byPath',
    'page.editable',
    'page.draft',
    'page.draftsOfModule',
    'page.history',
    'page.asOf',
    'file.list',
    'file.byPath',
    'file.history',
    'file.asOf',
    'link.modulesOf',
    'link.teachers',
    'translation.groups',
    'translation.ofCourse',
  ],
  'content:write': [
    'course.create',
    'course.update',
    'course.delete',
    'course.duplicate',
    'course.publish',
    'course.unpublish',
    'course.saveDraft',
    'course.publishChanges',
    'course.discardDraft',
    'course.addOwner',
    'course.removeOwner',
    'course.translate',
    'section.create',
    'section.update',
    'section.delete',
    'section.duplicate',
    'section.publish',
    'section.unpublish',
    'section.order',
    'module.create',
    'module.update',
    'module.delete',
    'module.duplicate',
    'module.publish',
    'module.unpublish',
    'module.saveDraft',
    'module.publishChanges',
    'module.discardDraft',
    'module.translate',
    'module.orderPages',
    'module.addOwner',
    'module.removeOwner',
    'page.create',
    'page.update',
    'page.delete',
    'page.duplicate',
    'page.saveDraft',
    'page.publishChanges',
    'page.discardDraft',
    'file.create',
    'file.update',
    'file.delete',
    'file.duplicate',
    'link.addItemToParent',
    'link.removeItemFromParent',
    'link.orderModules',
  ],
  'results:read': [
    'result.module',
    'result.page',
    'result.latestActivity',
    'result.participants',
    'result.questionStats',
    'result.participant',
    'result.history',
    'result.toGrade',
    'tracking.log',
  ],
  'results:write': ['result.save', 'result.score', 'result.grantAttempt'],
  'users:read': ['user.list', 'user.byId', 'user.history', 'role.list', 'role.byName', 'role.history'],
  'xapi:read': [],
  'certificates:read': [
    'certificate.ofParticipant',
    'certificate.forCourse',
    'certificate.courseList',
    'certificate.expiring',
    'certificate.config',
  ],
};

/**
 * The scope each GraphQL root field needs; as for procedures, a field missing here is for people
 * only. `public`: anyone may call it, signed in or not, so a client needs no scope for it.
 */
const graphqlRootFields: Record<ApiScope | 'public', readonly string[]> = {
  public: ['checkCertificateStatus'],
  'content:read': [
    'course',
    'courses',
    'courseTranslationsPaths',
    'files',
    'module',
    'modules',
    'moduleTranslationsPaths',
    'page',
    'section',
    'translations',
  ],
  'content:write': [
    'createCourse',
    'updateCourse',
    'deleteCourse',
    'createSection',
    'updateSection',
    'deleteSection',
    'createModule',
    'updateModule',
    'deleteModule',
    'createPage',
    'updatePage',
    'deletePage',
    'createFile',
    'updateFile',
    'deleteFile',
    'addItemToParent',
    'removeItemFromParent',
  ],
  'results:read': ['latestActivity', 'resultCSV', 'log'],
  'results:write': ['saveResult', 'updateResult', 'grantAttempt', 'updateLog'],
  'users:read': ['user', 'users', 'usersCSV', 'role', 'roles'],
  'xapi:read': [],
  'certificates:read': ['courseCertificate', 'moduleCertificate'],
};

const invert = <K extends string>(table: Record<K, readonly string[]>) =>
  new Map(
    Object.entries(table).flatMap(([scope, names]) => (names as string[]).map((name) => [name, scope as K])),
  );

const procedureScopes = invert(procedures);
const rootFieldScopes = invert(graphqlRootFields);

/** The scope a tRPC procedure needs from an API client; undefined: people only. */
export const procedureScope = (path: string): ApiScope | undefined => procedureScopes.get(path);

/** The scope a GraphQL root field needs from an API client; `public`: none; undefined: people only. */
export const rootFieldScope = (name: string): ApiScope | 'public' | undefined => rootFieldScopes.get(name);

/**
 * The scope a field below the root needs, whatever the field that led to it: people (a `User`)
 * need `users:read`, answers (a `ResultAnswer`, or a read taking a `user`) need `results:read`.
 */
export function nestedFieldScope(field: { typeName: string; takesUser: boolean }): ApiScope | null {
  if (field.typeName === 'User') return 'users:read';
  if (field.typeName === 'ResultAnswer' || field.takesUser) return 'results:read';
  return null;
}

/** Every declared tRPC entry, for the test that holds each to an existing procedure of its kind. */
export const declaredProcedureScopes = (): [string, ApiScope][] => [...procedureScopes.entries()];
export const declaredRootFieldScopes = (): [string, ApiScope | 'public'][] => [...rootFieldScopes.entries()];

/** Whether the actor may use something that needs `scope`: people always (their rights decide), a client with it. */
export const scopeAllows = (actor: Actor | null, scope: ApiScope | 'public' | undefined): boolean =>
  !actor?.client || scope === 'public' || (scope !== undefined && actor.client.scopes.includes(scope));

/** Why a client is refused something: the scope it lacks, or that only a person may do it. */
export const scopeRefusal = (scope: ApiScope | 'public' | undefined): DomainError =>
  scope
    ? new DomainError('FORBIDDEN', 'apiClient.scopeMissing', { scope })
    : new DomainError('FORBIDDEN', 'apiClient.peopleOnly');
