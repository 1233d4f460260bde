import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../../server/app';
import { ensureTeacherRole } from '../../../server/auth/bootstrap';
import { translator } from '../../../server/i18n';
import { emptyClientRoot, graphql } from '../../graphql/client';
import { startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';

/**
 * The people and content of the gained-rights table (gained-rights.test.ts), and one way to send a
 * row's call over tRPC, GraphQL or plain HTTP and read what came back.
 *
 * Callers, each with exactly one way to have (or seem to have) a right:
 * - admin; owner: the teacher who owns the exams;
 * - teacher: the built-in teacher role (create, assign_participants), owner of a course of their own;
 * - creator: a custom role with only `create`, owner of a course of their own;
 * - viewer, roleEditor, userManager, ownerAssigner: custom roles with only view, manage_roles,
 *   manage_users, assign_owners (the role editor holds two roles with only manage_roles, so that
 *   deleting one leaves the right to try the other);
 * - courseTeacher: a teacher who owns the course `taughtCourse`, which lists the owner's module
 *   `taught` through a link the admin made;
 * - participant: linked to `taughtCourse` and to `taught`, where they answered.
 * The other people are only ever the subject of a call.
 */
export const callers = [
  'admin',
  'owner',
  'teacher',
  'creator',
  'viewer',
  'roleEditor',
  'userManager',
  'ownerAssigner',
  'courseTeacher',
  'participant',
] as const;
export type Caller = (typeof callers)[number];

/**
 * examTaker: answered the owner's exam; openTaker: answered the owner's public module and is linked
 * to the teacher's course; moduleOnly: answered `taught`, linked to it but not to `taughtCourse`;
 * hidden: fullPrivacy, linked to the teacher's course and holding its certificate; mainHolder and
 * secondHolder: hold the admin's main course certificate; otherAdmin and spareAdmin: administrators a
 * user manager aims at.
 */
export const subjects = [
  'examTaker',
  'openTaker',
  'moduleOnly',
  'hidden',
  'mainHolder',
  'secondHolder',
  'otherAdmin',
  'spareAdmin',
] as const;
export type Person = Caller | (typeof subjects)[number];

/** The custom roles, each holding one action; `spare-role` is only edited. */
const customRoles = {
  'create-only': { create: true },
  'view-only': { view: true },
  'roles-only': { manage_roles: true },
  'roles-also': { manage_roles: true },
  'users-only': { manage_users: true },
  'owners-only': { assign_owners: true },
  'spare-role': { view: true },
} as const;

const rolesOf: Record<Person, string[]> = {
  admin: ['admin'],
  owner: ['teacher'],
  teacher: ['teacher'],
  creator: ['create-only'],
  viewer: ['view-only'],
  roleEditor: ['roles-only', 'roles-also'],
  userManager: ['users-only'],
  ownerAssigner: ['owners-only'],
  courseTeacher: ['teacher'],
  participant: [],
  examTaker: [],
  openTaker: [],
  moduleOnly: [],
  hidden: [],
  mainHolder: [],
  secondHolder: [],
  otherAdmin: ['admin'],
  spareAdmin: ['admin'],
};

/** The fullPrivacy person's real name and address, which no teacher may read or search by. */
export const hiddenName = 'Zelda Verborgenheim';
export const hiddenEmail = 'zelda.verborgenheim@example.org';

/** A scored radio question with one attempt, and an open question a teacher scores out of 5. */
const questions = [
  {
    type: 'radio',
    questionType: 'single',
    name: 'q',
    label: 'Right or wrong?',
    schema: { attempts: 1 },
    options: [
      { label: 'Right', value: 'right', score: 1 },
      { label: 'Wrong', value: 'wrong', score: 0 },
    ],
  },
  { type: 'textarea', questionType: 'open', name: 'why', label: 'Why?', schema: { maxScore: 5 } },
];

export interface Paths {
  /** The owner's unpublished, non-public exam, answered by examTaker while it was published. */
  exam: string;
  examPage: string;
  /** The owner's published, public module, answered by openTaker; the teacher lists it in their course. */
  open: string;
  openPage: string;
  /** The owner's published, non-public module, listed in taughtCourse by the admin. */
  taught: string;
  taughtPage: string;
  taughtCourse: string;
  /** The teacher's own course (with a section) and module. */
  teacherCourse: string;
  teacherSection: string;
  teacherModule: string;
  /** The create-only user's own course, with a section. */
  creatorCourse: string;
  creatorSection: string;
  /** A course of the owner's own, where they may link their exam. */
  ownerCourse: string;
  /** The admin's main course (its certificate is the recognised one), and a course nobody uses. */
  mainCourse: string;
  spareCourse: string;
}

export interface Outcome {
  ok: boolean;
  /**
   * Why it was refused: the tRPC or GraphQL error code, the HTTP status as FORBIDDEN or NOT_FOUND,
   * NULL for a GraphQL field that answers null to who may not read it; for a GraphQL mutation that
   * answered `success: false`, the code its message stands for (messageCodes), else REFUSED.
   */
  code: string | null;
  /** The answer as text, to look for what must (not) be in it. */
  body: string;
}

export type Call =
  | { via: 'trpc'; procedure: string; input: (w: World) => unknown; mutation: boolean }
  | {
      via: 'graphql';
      field: string;
      query: string;
      variables: (w: World) => Record<string, unknown>;
      mutation: boolean;
      /** The part of `data` the row is about (default: the field itself). */
      pick?: (data: Record<string, unknown>) => unknown;
    }
  | { via: 'http'; label: string; url: (w: World) => string };

/**
 * A GraphQL mutation answers a refusal as a message only: the messages that say something else than
 * 'you may not' are read back to their codes, so a row cannot pass on a missing target or a spent
 * attempt.
 */
const t = translator('en');
const messageCodes = new Map<string, string>([
  [t('errors.generic'), 'ERROR'],
  [t('errors.invalidInput'), 'INVALID'],
  [t('result.attemptsLeft', { question: 'Right or wrong?' }), 'CONFLICT'],
  [t('result.noAttemptsLeft', { question: 'q' }), 'CONFLICT'],
  ...(
    [
      'module.notFound',
      'page.notFound',
      'course.notFound',
      'section.notFound',
      'user.notFound',
      'role.notFound',
      'certificates.errors.notAssigned',
    ] as const
  ).map((key): [string, string] => [t(key), 'NOT_FOUND']),
]);

export class World {
  readonly ids = {} as Record<Person, string>;
  readonly emails = {} as Record<Person, string>;
  readonly tokens = {} as Record<Person, string>;
  readonly paths = {} as Paths;

  private constructor(
    readonly platform: TestPlatform,
    readonly app: FastifyInstance,
  ) {}

  static async start(kind: 'pglite' | 'postgres'): Promise<World> {
    const platform = await startTestPlatform(kind);
    const app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    const world = new World(platform, app);
    await world.build();
    return world;
  }

  async dispose() {
    await this.app.close();
    await this.platform.dispose();
  }

  /** A setup call through the API, which must succeed. */
  async as<T = { path: string }>(who: Person, procedure: string, input?: unknown): Promise<T> {
    const response = await this.app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      headers: { authorization: `Bearer ${this.tokens[who]}`, 'content-type': 'application/json' },
      payload: JSON.stringify(input ?? null),
    });
    if (response.statusCode !== 200) throw new Error(`setup ${procedure} as ${who}: ${response.body}`);
    return response.json().result.data as T;
  }

  async eventCount(): Promise<number> {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from events`.execute(
      this.platform.database.db,
    );
    return rows[0]!.n;
  }

  /** Sends one row's call as `who` and reads the answer the same way whatever the transport. */
  async perform(who: Caller, call: Call): Promise<Outcome> {
    const authorization = `Bearer ${this.tokens[who]}`;
    if (call.via === 'trpc') {
      const input = call.input(this);
      const response = call.mutation
        ? await this.app.inject({
            method: 'POST',
            url: `/trpc/${call.procedure}`,
            headers: { authorization, 'content-type': 'application/json' },
            payload: JSON.stringify(input ?? null),
          })
        : await this.app.inject({
            url: `/trpc/${call.procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
            headers: { authorization },
          });
      const body = response.json();
      return body.error
        ? { ok: false, code: body.error.data.code, body: response.body }
        : { ok: true, code: null, body: JSON.stringify(body.result.data ?? null) };
    }
    if (call.via === 'http') {
      const response = await this.app.inject({ url: call.url(this), headers: { authorization } });
      if (response.statusCode === 200) return { ok: true, code: null, body: response.body };
      const code =
        response.statusCode === 403
          ? 'FORBIDDEN'
          : response.statusCode === 404
            ? 'NOT_FOUND'
            : `HTTP_${response.statusCode}`;
      return { ok: false, code, body: response.body };
    }
    const answer = await graphql(this.app, call.query, {
      token: this.tokens[who],
      variables: call.variables(this),
    });
    if (answer.errors?.length) {
      return { ok: false, code: answer.errors[0]!.extensions?.code ?? 'ERROR', body: answer.raw };
    }
    const data = answer.data ?? {};
    if (call.mutation) {
      const payload = data[call.field] as { success: boolean; message: string | null };
      if (payload.success) return { ok: true, code: null, body: answer.raw };
      return { ok: false, code: messageCodes.get(payload.message ?? '') ?? 'REFUSED', body: answer.raw };
    }
    const picked = call.pick ? call.pick(data) : data[call.field];
    return picked === null || picked === undefined
      ? { ok: false, code: 'NULL', body: answer.raw }
      : { ok: true, code: null, body: JSON.stringify(picked) };
  }

  private async person(who: Person) {
    const email = who === 'hidden' ? hiddenEmail : `${who.toLowerCase()}@example.org`;
    const name = who === 'hidden' ? hiddenName : `The ${who}`;
    const user = await addTestUser(this.platform, { roles: rolesOf[who], name, email });
    this.ids[who] = user.userId;
    this.emails[who] = email;
    this.tokens[who] = user.token;
  }

  private async moduleWithPage(who: Person, module: Record<string, unknown>) {
    const { path } = await this.as(who, 'module.create', { module: { language: 'en', ...module } });
    const page = await this.as(who, 'page.create', {
      parentType: 'module',
      parentPath: path,
      page: { name: `Questions of ${module.name}`, type: 'question', content: questions },
    });
    return { module: path, page: page.path };
  }

  private answer(who: Person, module: string, page: string) {
    return this.as(who, 'result.save', {
      module,
      page,
      result: { answers: { q: 'wrong', why: `Answer of ${who}.` }, confirm: ['q'] },
    });
  }

  private link(who: Person, itemType: 'course' | 'module', itemPath: string) {
    return this.as('admin', 'user.link', { _id: this.ids[who], itemType, itemPath, linked: true });
  }

  private async build() {
    const p = this.paths;
    await ensureTeacherRole(this.platform);
    await this.person('admin');
    for (const [name, actions] of Object.entries(customRoles)) {
      await this.as('admin', 'role.create', { name, actions });
    }
    for (const who of [...callers, ...subjects]) if (who !== 'admin') await this.person(who);
    await this.as('hidden', 'user.updateProfile', { name: hiddenName, language: 'en', fullPrivacy: true });

    // The exam: answered while published, then unpublished.
    ({ module: p.exam, page: p.examPage } = await this.moduleWithPage('owner', {
      name: 'Exam',
      public: false,
      test: true,
    }));
    await this.link('examTaker', 'module', p.exam);
    await this.answer('examTaker', p.exam, p.examPage);
    await this.as('owner', 'module.unpublish', { path: p.exam });

    ({ module: p.open, page: p.openPage } = await this.moduleWithPage('owner', {
      name: 'Open module',
      public: true,
    }));
    await this.answer('openTaker', p.open, p.openPage);

    // The course teacher's course lists the owner's module through the admin's link.
    ({ module: p.taught, page: p.taughtPage } = await this.moduleWithPage('owner', {
      name: 'Taught module',
      public: false,
    }));
    p.taughtCourse = (
      await this.as('courseTeacher', 'course.create', { course: { name: 'Taught course', language: 'en' } })
    ).path;
    await this.as('admin', 'link.addItemToParent', {
      parentType: 'course',
      parentPath: p.taughtCourse,
      itemType: 'module',
      itemPath: p.taught,
    });
    await this.link('participant', 'course', p.taughtCourse);
    await this.link('participant', 'module', p.taught);
    await this.link('moduleOnly', 'module', p.taught);
    await this.answer('participant', p.taught, p.taughtPage);
    await this.answer('moduleOnly', p.taught, p.taughtPage);

    // The teacher's own course, with a read-only link to the owner's public module.
    p.teacherCourse = (
      await this.as('teacher', 'course.create', { course: { name: "Teacher's course", language: 'en' } })
    ).path;
    p.teacherSection = (
      await this.as('teacher', 'section.create', {
        parentType: 'course',
        parentPath: p.teacherCourse,
        section: { name: "Teacher's section", language: 'en' },
      })
    ).path;
    p.teacherModule = (
      await this.as('teacher', 'module.create', { module: { name: "Teacher's module", language: 'en' } })
    ).path;
    await this.as('teacher', 'link.addItemToParent', {
      parentType: 'course',
      parentPath: p.teacherCourse,
      itemType: 'module',
      itemPath: p.open,
    });
    await this.link('openTaker', 'course', p.teacherCourse);
    await this.link('hidden', 'course', p.teacherCourse);
    await this.as('admin', 'certificate.addToUser', { _id: this.ids.hidden, course: p.teacherCourse });

    p.creatorCourse = (
      await this.as('creator', 'course.create', { course: { name: "Creator's course", language: 'en' } })
    ).path;
    p.creatorSection = (
      await this.as('creator', 'section.create', {
        parentType: 'course',
        parentPath: p.creatorCourse,
        section: { name: "Creator's section", language: 'en' },
      })
    ).path;
    p.ownerCourse = (
      await this.as('owner', 'course.create', { course: { name: "Owner's course", language: 'en' } })
    ).path;
    p.mainCourse = (
      await this.as('admin', 'course.create', {
        course: { name: 'Main course', language: 'en', public: true },
      })
    ).path;
    p.spareCourse = (
      await this.as('admin', 'course.create', { course: { name: 'Spare course', language: 'en' } })
    ).path;
    for (const holder of ['mainHolder', 'secondHolder'] as const) {
      await this.as('admin', 'certificate.addToUser', { _id: this.ids[holder], course: p.mainCourse });
    }
  }
}

// The calls the table sends, by transport, named by what they do.

export type ModuleKey = 'exam' | 'open' | 'taught' | 'teacherModule';
/** The modules with a page of questions someone answered. */
export type Answered = Exclude<ModuleKey, 'teacherModule'>;
export type CourseKey =
  | 'teacherCourse'
  | 'creatorCourse'
  | 'taughtCourse'
  | 'ownerCourse'
  | 'mainCourse'
  | 'spareCourse';
export type ParentKey = CourseKey | 'teacherSection' | 'creatorSection';

const pageOf: Record<Answered, keyof Paths> = { exam: 'examPage', open: 'openPage', taught: 'taughtPage' };
const moduleKeys: readonly string[] = ['exam', 'open', 'taught', 'teacherModule'];
const scoring = { scores: { why: 3 }, feedback: { why: 'Seen by a teacher.' } };

const onResult = (module: Answered, user: Person) => (w: World) => ({
  module: w.paths[module],
  user: w.ids[user],
});
const onPage = (module: Answered, user: Person) => (w: World) => ({
  ...onResult(module, user)(w),
  page: w.paths[pageOf[module]],
});
const withScoring = (module: Answered, user: Person, result: object) => (w: World) => ({
  ...onPage(module, user)(w),
  result,
});
const onQuestion = (module: Answered, user: Person) => (w: World) => ({
  ...onPage(module, user)(w),
  question: 'q',
});
const onCertificate = (module: ModuleKey, user: Person) => (w: World) => ({
  module: w.paths[module],
  user: w.ids[user],
});
const onCourseCertificate = (course: CourseKey, user: Person) => (w: World) => ({
  _id: w.ids[user],
  course: w.paths[course],
});
const onLink = (parent: ParentKey, module: ModuleKey) => (w: World) => ({
  parentType: parent.endsWith('Section') ? 'section' : 'course',
  parentPath: w.paths[parent],
  itemType: 'module',
  itemPath: w.paths[module],
});
const onUserLink = (user: Person, item: CourseKey | ModuleKey) => (w: World) => ({
  _id: w.ids[user],
  itemType: moduleKeys.includes(item) ? 'module' : 'course',
  itemPath: w.paths[item],
});
const byPath = (key: keyof Paths) => (w: World) => ({ path: w.paths[key] });

const query = (procedure: string, input: (w: World) => unknown): Call => ({
  via: 'trpc',
  procedure,
  input,
  mutation: false,
});
const mutation = (procedure: string, input: (w: World) => unknown): Call => ({
  via: 'trpc',
  procedure,
  input,
  mutation: true,
});

export const trpc = {
  openModule: (module: ModuleKey) => query('module.byPath', byPath(module)),
  listPages: (module: ModuleKey) => query('page.listByModule', byPath(module)),
  openPage: (module: Answered) => query('page.byPath', byPath(pageOf[module])),
  answerKey: (module: Answered) => query('page.editable', byPath(pageOf[module])),
  modulesOf: (course: CourseKey) =>
    query('link.modulesOf', (w) => ({ parentType: 'course', parentPath: w.paths[course], onAdmin: true })),
  moduleList: () => query('module.list', () => ({ onAdmin: true })),
  participants: (module: ModuleKey) => query('result.participants', (w) => ({ module: w.paths[module] })),
  result: (module: Answered, user: Person) => query('result.participant', onResult(module, user)),
  history: (module: Answered, user: Person) => query('result.history', onResult(module, user)),
  score: (module: Answered, user: Person, result: object = scoring) =>
    mutation('result.score', withScoring(module, user, result)),
  grant: (module: Answered, user: Person) => mutation('result.grantAttempt', onQuestion(module, user)),
  certify: (module: ModuleKey, user: Person) => mutation('certificate.certify', onCertificate(module, user)),
  certificateOf: (module: Answered, user: Person) =>
    query('certificate.ofParticipant', onCertificate(module, user)),
  configureCertificate: (module: ModuleKey) =>
    mutation('certificate.configureModule', (w) => ({ path: w.paths[module], config: { auto: true } })),
  duplicate: (module: ModuleKey) => mutation('module.duplicate', byPath(module)),
  updateModule: (module: ModuleKey) =>
    mutation('module.update', (w) => ({
      path: w.paths[module],
      module: { name: 'Mine now', language: 'en' },
    })),
  updatePage: (module: Answered) =>
    mutation('page.update', (w) => ({
      path: w.paths[pageOf[module]],
      page: { name: 'Mine now', type: 'markdown', content: [] },
    })),
  unpublish: (module: ModuleKey) => mutation('module.unpublish', byPath(module)),
  deleteModule: (module: ModuleKey) => mutation('module.delete', byPath(module)),
  addModuleOwner: (module: ModuleKey, user: Person) =>
    mutation('module.addOwner', (w) => ({ path: w.paths[module], userId: w.ids[user] })),
  addCourseOwner: (course: CourseKey, user: Person) =>
    mutation('course.addOwner', (w) => ({ path: w.paths[course], userId: w.ids[user] })),
  link: (parent: ParentKey, module: ModuleKey) => mutation('link.addItemToParent', onLink(parent, module)),
  giveCourseCertificate: (course: CourseKey, user: Person) =>
    mutation('certificate.addToUser', onCourseCertificate(course, user)),
  revokeCourseCertificate: (course: CourseKey, user: Person) =>
    mutation('certificate.removeFromUser', onCourseCertificate(course, user)),
  courseCertificates: (course: CourseKey) => query('certificate.courseList', byPath(course)),
  linkUser: (user: Person, item: CourseKey | ModuleKey) =>
    mutation('user.link', (w) => ({ ...onUserLink(user, item)(w), linked: true })),
  unlinkUser: (user: Person, item: CourseKey | ModuleKey) =>
    mutation('user.link', (w) => ({ ...onUserLink(user, item)(w), linked: false })),
  createRole: (name: string, actions: object) => mutation('role.create', () => ({ name, actions })),
  updateRole: (name: string, actions: object) =>
    mutation('role.update', () => ({ name, doc: { name, actions } })),
  duplicateRole: (name: string, copyName: string) => mutation('role.duplicate', () => ({ name, copyName })),
  deleteRole: (name: string) => mutation('role.delete', () => ({ name })),
  rename: (user: Person, name: string) =>
    mutation('user.update', (w) => ({ _id: w.ids[user], doc: { name, language: 'en' } })),
  setRoles: (user: Person, roles: string[]) =>
    mutation('user.setRoles', (w) => ({ _id: w.ids[user], roles })),
  exportData: (user: Person) => mutation('user.exportData', (w) => ({ _id: w.ids[user], format: 'json' })),
  deleteUser: (user: Person) => mutation('user.delete', (w) => ({ _id: w.ids[user] })),
  searchUsers: (search: string) => query('user.list', () => ({ search })),
  toGrade: (module: ModuleKey) => query('result.toGrade', (w) => ({ module: w.paths[module] })),
  questionStats: (module: ModuleKey) => query('result.questionStats', (w) => ({ module: w.paths[module] })),
  pageDraft: (module: Answered) => query('page.draft', byPath(pageOf[module])),
  savePageDraft: (module: Answered) =>
    mutation('page.saveDraft', (w) => ({
      path: w.paths[pageOf[module]],
      page: { name: 'Mine now', type: 'markdown', content: [] },
    })),
  moduleDraft: (module: ModuleKey) => query('module.draft', byPath(module)),
  courseDraft: (course: CourseKey) => query('course.draft', byPath(course)),
  saveCourseDraft: (course: CourseKey) =>
    mutation('course.saveDraft', (w) => ({
      path: w.paths[course],
      course: { name: 'Mine now', language: 'en' },
    })),
  saveModuleDraft: (module: ModuleKey) =>
    mutation('module.saveDraft', (w) => ({
      path: w.paths[module],
      module: { name: 'Mine now', language: 'en' },
    })),
  linkMany: (users: Person[], item: CourseKey | ModuleKey) =>
    mutation('user.linkMany', (w) => ({
      userIds: users.map((user) => w.ids[user]),
      itemType: moduleKeys.includes(item) ? 'module' : 'course',
      itemPath: w.paths[item],
      linked: true,
    })),
  setGroup: (users: Person[], course: CourseKey) =>
    mutation('user.setGroup', (w) => ({
      userIds: users.map((user) => w.ids[user]),
      coursePath: w.paths[course],
      group: 'Taken over',
    })),
};

/** The GraphQL mutations sent, with the types of their arguments. */
const signatures = {
  addItemToParent: { itemType: 'String!', itemPath: 'String!', parentType: 'String!', parentPath: 'String!' },
  addItemToUser: { _id: 'ID!', itemType: 'String!', itemPath: 'String!' },
  removeItemFromUser: { _id: 'ID!', itemType: 'String!', itemPath: 'String!' },
  certify: { module: 'String!', user: 'String!' },
  addCertificateToUser: { _id: 'String!', course: 'String!' },
  removeCertificateFromUser: { _id: 'String!', course: 'String!' },
  updateResult: { user: 'ID!', module: 'String!', page: 'String!', result: 'JSON' },
  grantAttempt: { user: 'ID!', module: 'String!', page: 'String!', question: 'String!' },
  updateModule: { path: 'String!', doc: 'JSON' },
  updatePage: { path: 'String!', doc: 'JSON' },
  createRole: { role: 'JSON' },
  updateRole: { name: 'String!', doc: 'JSON' },
  deleteByName: { name: 'String!' },
  updateUser: { _id: 'ID!', doc: 'JSON' },
  deleteUser: { _id: 'ID!' },
} as const;

function gqlMutation(field: keyof typeof signatures, variables: (w: World) => Record<string, unknown>): Call {
  const args = Object.entries(signatures[field]);
  const declared = args.map(([name, type]) => `$${name}: ${type}`).join(', ');
  const passed = args.map(([name]) => `${name}: $${name}`).join(', ');
  return {
    via: 'graphql',
    field,
    mutation: true,
    query: `mutation (${declared}) { ${field}(${passed}) { success message } }`,
    variables,
  };
}

const gqlQuery = (
  field: string,
  query: string,
  variables: (w: World) => Record<string, unknown> = () => ({}),
): Call => ({ via: 'graphql', field, mutation: false, query, variables });

/** A field of `module(path)`; null when the module or the field is closed to the caller. */
function moduleField(field: string, selection: string, module: ModuleKey, user?: Person): Call {
  const declared = user ? '$path: String!, $user: ID' : '$path: String!';
  const args = user ? '(user: $user)' : '';
  return {
    via: 'graphql',
    field: `module { ${field} }`,
    mutation: false,
    query: `query (${declared}) { module(path: $path) { path ${field}${args} ${selection} } }`,
    variables: (w) => (user ? { path: w.paths[module], user: w.ids[user] } : { path: w.paths[module] }),
    pick: (data) => (data.module as Record<string, unknown> | null)?.[field],
  };
}

export const gql = {
  openModule: (module: ModuleKey) =>
    gqlQuery('module', 'query ($path: String!) { module(path: $path) { path name } }', byPath(module)),
  openPage: (module: Answered) =>
    gqlQuery('page', 'query ($path: String!) { page(path: $path) { path content } }', byPath(pageOf[module])),
  activeUsers: (module: ModuleKey) => moduleField('activeUsers', '{ _id name email }', module),
  result: (module: ModuleKey, user: Person) => moduleField('result', '', module, user),
  answers: (module: ModuleKey, user: Person) =>
    moduleField('resultAnswers', '{ question text }', module, user),
  resultsCsv: (module: ModuleKey) =>
    gqlQuery('resultCSV', 'query ($path: String!) { resultCSV(path: $path) }', (w) => ({
      path: w.paths[module],
    })),
  usersCsv: () => gqlQuery('usersCSV', '{ usersCSV }'),
  searchUsers: (search: string) =>
    gqlQuery('users', 'query ($search: String) { users(search: $search) { _id name email } }', () => ({
      search,
    })),
  score: (module: Answered, user: Person, result: object = scoring) =>
    gqlMutation('updateResult', withScoring(module, user, result)),
  grant: (module: Answered, user: Person) => gqlMutation('grantAttempt', onQuestion(module, user)),
  certify: (module: ModuleKey, user: Person) => gqlMutation('certify', onCertificate(module, user)),
  link: (parent: ParentKey, module: ModuleKey) => gqlMutation('addItemToParent', onLink(parent, module)),
  giveCourseCertificate: (course: CourseKey, user: Person) =>
    gqlMutation('addCertificateToUser', onCourseCertificate(course, user)),
  revokeCourseCertificate: (course: CourseKey, user: Person) =>
    gqlMutation('removeCertificateFromUser', onCourseCertificate(course, user)),
  linkUser: (user: Person, item: CourseKey | ModuleKey) =>
    gqlMutation('addItemToUser', onUserLink(user, item)),
  unlinkUser: (user: Person, item: CourseKey | ModuleKey) =>
    gqlMutation('removeItemFromUser', onUserLink(user, item)),
  updateModule: (module: ModuleKey) =>
    gqlMutation('updateModule', (w) => ({ path: w.paths[module], doc: { name: 'Mine now' } })),
  updatePage: (module: Answered) =>
    gqlMutation('updatePage', (w) => ({ path: w.paths[pageOf[module]], doc: { name: 'Mine now' } })),
  createRole: (name: string, actions: object) =>
    gqlMutation('createRole', () => ({ role: { name, actions } })),
  updateRole: (name: string, actions: object) =>
    gqlMutation('updateRole', () => ({ name, doc: { actions } })),
  deleteRole: (name: string) => gqlMutation('deleteByName', () => ({ name })),
  rename: (user: Person, name: string) =>
    gqlMutation('updateUser', (w) => ({ _id: w.ids[user], doc: { name } })),
  deleteUser: (user: Person) => gqlMutation('deleteUser', (w) => ({ _id: w.ids[user] })),
};

export const http = {
  resultsCsv: (module: ModuleKey): Call => ({
    via: 'http',
    label: 'GET /api/results/<module>.csv',
    url: (w) => `/api/results/${w.paths[module]}.csv`,
  }),
  usersCsv: (): Call => ({ via: 'http', label: 'GET /api/users.csv', url: () => '/api/users.csv' }),
  questionStatsCsv: (module: ModuleKey): Call => ({
    via: 'http',
    label: 'GET /api/question-stats/<module>.csv',
    url: (w) => `/api/question-stats/${w.paths[module]}.csv`,
  }),
};
