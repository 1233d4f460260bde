import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { userAccess } from '../../projections/user/users';
import { actorFor } from '../../server/auth/actor';
import { signProof } from '../../server/auth/proofs';
import { beginEnrolment, confirmEnrolment } from '../../server/auth/second-factor';
import { openSession, sessionPolicy } from '../../server/auth/sessions';
import type { TestPlatform } from '../harness';
import type { IdentityProvider } from '../support/identity-provider';
import { addTestUser } from '../users';

/**
 * The permission matrix's table and the inputs it sends (tests/server/permission-matrix.test.ts).
 * One row per tRPC procedure and per GraphQL mutation: who may call it (docs/guide/users-and-roles.md),
 * and how to build a valid call for each actor. Targets belong to `owner`, a user whose only role is
 * a custom one with the create right; mutations get fresh targets, so an allowed delete does not
 * change the next actor's call.
 */

export type ActorName = 'anonymous' | 'participant' | 'teacher' | 'custom' | 'owner' | 'admin';
export type SignedIn = Exclude<ActorName, 'anonymous'>;
export const actorNames: ActorName[] = ['anonymous', 'participant', 'teacher', 'custom', 'owner', 'admin'];

export interface Row {
  /** Who succeeds; everyone else is refused. */
  allowed: readonly ActorName[];
  /**
   * A refusal may read as 'not found': the target is hidden from who may not open it, as its read
   * query hides it (module.byPath, file.byPath), so a refusal does not reveal that it exists.
   */
  hidden?: boolean;
  /** A valid input for this actor; anything it needs is made beforehand. */
  input: (world: World, actor: ActorName) => Promise<unknown>;
  /** Calls as someone else than the shared actor (a fresh account with the actor's roles). */
  caller?: (world: World, actor: SignedIn) => Promise<string>;
}

const everyone: ActorName[] = ['anonymous', 'participant', 'teacher', 'custom', 'owner', 'admin'];
const signedIn: ActorName[] = ['participant', 'teacher', 'custom', 'owner', 'admin'];
const creators: ActorName[] = ['teacher', 'custom', 'owner', 'admin'];
const ownerOrAdmin: ActorName[] = ['owner', 'admin'];
/** The teacher role's assign_participants right, beside ownership and admin. */
const assigners: ActorName[] = ['teacher', 'owner', 'admin'];
const adminOnly: ActorName[] = ['admin'];

export const roleOf: Record<SignedIn, string[]> = {
  participant: [],
  teacher: ['teacher'],
  custom: ['creator'],
  owner: ['creator'],
  admin: ['admin'],
};

/** A scored radio question with one attempt, and an open question a teacher scores. */
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
  { type: 'textarea', questionType: 'open', name: 'why', label: 'Why?', schema: {} },
];

export interface Shared {
  course: string;
  section: string;
  /** A section of `course` (public) with a jitsi classroom, a 15-minute countdown and one breakout room. */
  classroomSection: string;
  closedCourse: string;
  module: string;
  page: string;
  closedModule: string;
  /** Linked to `course`, so everyone who may open the course opens it. */
  file: string;
  /** Linked to nothing: only who holds the view right opens it. */
  unlinkedFile: string;
  participant: { userId: string; token: string };
  certificateCode: string;
}

/** Tokens, ids and fixture makers, shared by every row of one database's run. */
export class World {
  tokens = {} as Record<SignedIn, string>;
  ids = {} as Record<SignedIn, string>;
  shared = {} as Shared;
  /** The external user pool the platform accepts tokens of (OIDC_ISSUER), for linking its identities. */
  identityProvider?: IdentityProvider;
  private counter = 0;

  constructor(
    readonly platform: TestPlatform,
    readonly app: FastifyInstance,
  ) {}

  next(): number {
    this.counter += 1;
    return this.counter;
  }

  /** A setup call through the API as `who` (a shared actor or a token), which must succeed. */
  async as<T = { path: string }>(who: SignedIn | { token: string }, procedure: string, input?: unknown) {
    const token = typeof who === 'string' ? this.tokens[who] : who.token;
    const response = await this.app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(input ?? null),
    });
    if (response.statusCode !== 200) throw new Error(`setup ${procedure}: ${response.body}`);
    return response.json().result.data as T;
  }

  user(roles: string[] = []) {
    return addTestUser(this.platform, { roles, name: `Person ${this.next()}` });
  }

  /** The teacher's own course (they hold create and assign_participants), else the shared one. */
  async courseLinkableBy(actor: ActorName): Promise<string> {
    if (actor !== 'teacher') return this.shared.course;
    const { path } = await this.as('teacher', 'course.create', {
      course: { name: `Taught ${this.next()}`, language: 'en' },
    });
    return path;
  }

  async course(options: { closed?: boolean } = {}): Promise<string> {
    const { path } = await this.as('owner', 'course.create', {
      course: { name: `Course ${this.next()}`, language: 'en', public: !options.closed },
    });
    if (options.closed) await this.as('owner', 'course.unpublish', { path });
    return path;
  }

  async section(course?: string): Promise<string> {
    const { path } = await this.as('owner', 'section.create', {
      parentType: 'course',
      parentPath: course ?? (await this.course()),
      section: { name: `Section ${this.next()}`, language: 'en' },
    });
    return path;
  }

  /** A section with a live classroom: jitsi, a breakout room, a 15-minute countdown. */
  async classroomSection(course?: string): Promise<string> {
    const { path } = await this.as('owner', 'section.create', {
      parentType: 'course',
      parentPath: course ?? (await this.course()),
      section: {
        name: `Live ${this.next()}`,
        language: 'en',
        classroom: {
          name: 'Live',
          type: 'jitsi',
          meetingId: `room-${this.counter}`,
          breakoutroomCountdown: 15,
          breakoutrooms: [
            {
              name: 'Room 1',
              startdate: null,
              jitsi: 'https://meet.jit.si/room-one',
              roomNumber: 1,
              breakoutroomInteriorInfo: '',
            },
          ],
        },
      },
    });
    return path;
  }

  /** The owner's module with one page of questions; closed: an unpublished, non-public exam. */
  async module(options: { closed?: boolean } = {}): Promise<{ module: string; page: string }> {
    const { path: module } = await this.as('owner', 'module.create', {
      module: {
        name: `Module ${this.next()}`,
        language: 'en',
        public: !options.closed,
        test: !!options.closed,
      },
    });
    const { path: page } = await this.as('owner', 'page.create', {
      parentType: 'module',
      parentPath: module,
      page: { name: `Questions ${this.next()}`, type: 'question', content: questions, estimatedTime: 3600 },
    });
    if (options.closed) await this.as('owner', 'module.unpublish', { path: module });
    return { module, page };
  }

  /** A fresh course of the owner's whose settings have a draft. */
  async courseWithDraft(): Promise<string> {
    const course = await this.course();
    await this.as('owner', 'course.saveDraft', {
      path: course,
      course: { name: `Draft ${this.next()}`, language: 'en' },
    });
    return course;
  }

  /** A fresh module of the owner's whose settings have a draft. */
  async moduleWithDraft(): Promise<string> {
    const { module } = await this.module();
    await this.as('owner', 'module.saveDraft', {
      path: module,
      module: { name: `Draft ${this.next()}`, language: 'en' },
    });
    return module;
  }

  /** A page of a fresh module of the owner's, with a draft kept beside it. */
  async pageWithDraft(): Promise<string> {
    const { page } = await this.module();
    await this.as('owner', 'page.saveDraft', {
      path: page,
      page: { name: `Draft ${this.next()}`, type: 'question', content: questions },
    });
    return page;
  }

  async file(parent?: { parentType: 'course' | 'section'; parentPath: string }): Promise<string> {
    const { path } = await this.as('owner', 'file.create', {
      file: { name: `File ${this.next()}`, url: `https://example.org/file-${this.counter}.pdf` },
      parent: parent ?? null,
    });
    return path;
  }

  /** A course with a module linked to it. */
  async courseWithModule(): Promise<{ course: string; module: string }> {
    const course = await this.course();
    const { module } = await this.module();
    await this.as('owner', 'link.addItemToParent', {
      parentType: 'course',
      parentPath: course,
      itemType: 'module',
      itemPath: module,
    });
    return { course, module };
  }

  /** A new participant who answered the shared module's page and used up the one attempt at `q`. */
  async answered(): Promise<string> {
    const participant = await this.user();
    await this.as(participant, 'result.save', {
      module: this.shared.module,
      page: this.shared.page,
      result: { answers: { q: 'wrong', why: 'Because.' }, confirm: ['q'] },
    });
    return participant.userId;
  }

  /** A new participant holding the shared module's certificate, given by its owner. */
  async certified(): Promise<string> {
    const participant = await this.user();
    await this.as('owner', 'certificate.certify', { module: this.shared.module, user: participant.userId });
    return participant.userId;
  }

  /** A participant on the review list of a fresh module: answered everything far faster than planned. */
  async flagged(): Promise<{ module: string; user: string }> {
    const { module, page } = await this.module();
    await this.as('owner', 'certificate.configureModule', {
      path: module,
      config: { auto: true, complete: true, checkFraud: true },
    });
    const participant = await this.user();
    await this.as(participant, 'result.save', {
      module,
      page,
      result: { answers: { q: 'right', why: 'Because.' }, confirm: ['q'] },
    });
    const { outcome } = await this.as<{ outcome: string }>(participant, 'certificate.claim', {
      path: module,
    });
    if (outcome !== 'flagged') throw new Error(`setup: the claim was ${outcome}, not flagged`);
    return { module, user: participant.userId };
  }

  async role(): Promise<string> {
    const name = `role-${this.next()}`;
    await this.as('admin', 'role.create', { name, actions: { view: true } });
    return name;
  }

  /** Made once per database: the targets of queries and of mutations that do not use them up. */
  async makeShared(): Promise<void> {
    const course = await this.course();
    const { module, page } = await this.module();
    const participant = await this.user();
    this.shared = {
      course,
      section: await this.section(course),
      classroomSection: await this.classroomSection(course),
      closedCourse: await this.course({ closed: true }),
      module,
      page,
      closedModule: (await this.module({ closed: true })).module,
      file: await this.file({ parentType: 'course', parentPath: course }),
      unlinkedFile: await this.file(),
      participant,
      certificateCode: '',
    };
    await this.as(participant, 'result.save', {
      module,
      page,
      result: { answers: { q: 'wrong', why: 'Because.' }, confirm: ['q'] },
    });
    this.shared.certificateCode = (
      await this.as<{ code: string }>('owner', 'certificate.certify', { module, user: participant.userId })
    ).code;
  }
}

const now = () => new Date().toISOString();
const profile = (name: string) => ({ name, language: 'en' });

/**
 * Sensitive changes of one's own account (deleting it, the second factor) are called as a fresh
 * account with the actor's roles, with the proof that it just signed in again: the input makes both
 * and hands the account on to `caller`.
 */
const freshAccounts = new Map<ActorName, { userId: string; token: string }>();
const freshAccount = async (w: World, actor: ActorName) => {
  const account = await w.user(actor === 'anonymous' ? [] : roleOf[actor]);
  freshAccounts.set(actor, account);
  return account;
};
const freshCaller = async (_w: World, actor: SignedIn) => freshAccounts.get(actor)!.token;
/** What /auth/reauth answers after the password (and code): this account, no session (a test token). */
const recentAuth = async (w: World, userId: string) =>
  signProof(w.platform.keys, 'recent-auth', {
    userId,
    sessionId: null,
    credentialVersion: (await userAccess(w.platform.database.db, userId))!.credentialVersion,
    keepSignedIn: false,
  });
/** Enrolment begun for the account: the code its app would show now. */
const pendingCode = async (w: World, userId: string) => {
  const actor = (await actorFor(w.platform, userId))!;
  const { secret } = await beginEnrolment(w.platform, actor, await recentAuth(w, userId));
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), digits: 6, period: 30 });
  return { actor, code: totp.generate() };
};
const enrolledAccount = async (w: World, actor: ActorName) => {
  const account = await freshAccount(w, actor);
  const pending = await pendingCode(w, account.userId);
  const meta = { actorId: account.userId, requestId: 'matrix', now: new Date() };
  await confirmEnrolment(w.platform, pending.actor, meta, pending.code);
  return account;
};

/**
 * A question about the owner's shared page: asked by `actor` (anonymous: by the participant), or by a
 * fresh learner, so no one reaches the hourly limit of questions.
 */
const askedThread = async (w: World, actor: ActorName | 'fresh') => {
  const asker = actor === 'fresh' ? await w.user() : actor === 'anonymous' ? 'participant' : actor;
  const { thread } = await w.as<{ thread: string }>(asker, 'message.ask', {
    page: w.shared.page,
    text: 'Why?',
  });
  return thread;
};

/** Every tRPC procedure of appRouter. Queries read the shared targets; mutations get fresh ones. */
export const trpcRows: Record<string, Row> = {
  // Modules open only after signing in (the one visibility rule), so reads of a module, its pages,
  // results and certificates refuse anonymous callers even for a published, public module.
  // Certificates (server/certificate): module certificates need ownership of the module (or the
  // edit right); course certificates also assign_participants (the teacher role) or manage_users.
  'certificate.mine': { allowed: signedIn, input: async () => undefined },
  'certificate.forModule': { allowed: signedIn, input: async (w) => ({ path: w.shared.module }) },
  'certificate.ofParticipant': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ module: w.shared.module, user: w.shared.participant.userId }),
  },
  'certificate.forCourse': { allowed: everyone, input: async (w) => ({ path: w.shared.course }) },
  'certificate.claim': { allowed: signedIn, input: async (w) => ({ path: w.shared.module }) },
  'certificate.verify': { allowed: everyone, input: async (w) => ({ code: w.shared.certificateCode }) },
  'certificate.config': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ kind: 'module', path: w.shared.module }),
  },
  'certificate.configureModule': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ path: (await w.module()).module, config: { auto: true } }),
  },
  'certificate.configureCourse': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ path: await w.course(), config: { auto: true } }),
  },
  'certificate.certify': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ module: w.shared.module, user: (await w.user()).userId }),
  },
  'certificate.revokeModule': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ module: w.shared.module, user: await w.certified(), reason: 'Test' }),
  },
  // The course's owners and admins only: assign_participants alone gives no course certificate.
  'certificate.addToUser': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ _id: (await w.user()).userId, course: w.shared.course }),
  },
  'certificate.removeFromUser': {
    allowed: ownerOrAdmin,
    input: async (w) => {
      const { userId } = await w.user();
      await w.as('owner', 'certificate.addToUser', { _id: userId, course: w.shared.course });
      return { _id: userId, course: w.shared.course };
    },
  },
  // Readable by the view right and manage_users too, which none of the personas but admin holds.
  'certificate.courseList': { allowed: ownerOrAdmin, input: async (w) => ({ path: w.shared.course }) },
  // Filtered: the cases of the modules one owns (all with the view or edit right), else none.
  'certificate.reviews': { allowed: signedIn, input: async () => undefined },
  'certificate.expiring': { allowed: adminOnly, input: async () => undefined },
  'certificate.dismissReview': { allowed: ownerOrAdmin, input: async (w) => w.flagged() },
  // Open Badges (server/certificate/badges): a certificate's credential goes to who may download its PDF (the
  // holder, the view right, the item's owners; the holder is checked in tests/server/badges); the
  // check of a pasted credential is public, like the verification page.
  'badge.credential': {
    allowed: ownerOrAdmin,
    hidden: true,
    input: async (w) => ({ code: w.shared.certificateCode }),
  },
  'badge.verify': { allowed: everyone, input: async () => ({ credential: 'not a credential' }) },

  // Courses: edit, publish and delete by their owners; copies need create and opening the original
  // (an unpublished, non-public course opens only for its owners and the view right).
  'course.list': { allowed: everyone, input: async () => ({ onAdmin: true }) },
  'course.byPath': { allowed: everyone, input: async (w) => ({ path: w.shared.course }) },
  'course.team': { allowed: everyone, input: async (w) => ({ path: w.shared.course }) },
  'course.history': { allowed: ownerOrAdmin, input: async (w) => ({ path: w.shared.course }) },
  'course.asOf': { allowed: ownerOrAdmin, input: async (w) => ({ path: w.shared.course, at: now() }) },
  'course.create': {
    allowed: creators,
    input: async (w) => ({ course: { name: `Created ${w.next()}`, language: 'en' } }),
  },
  'course.update': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ path: await w.course(), course: { name: 'Renamed', language: 'nl' } }),
  },
  'course.publish': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ path: await w.course({ closed: true }) }),
  },
  'course.unpublish': { allowed: ownerOrAdmin, input: async (w) => ({ path: await w.course() }) },
  // Drafts of a live course's settings: exactly the course's edit right (docs/adr/0019-drafts-of-live-content.md).
  'course.draft': { allowed: ownerOrAdmin, input: async (w) => ({ path: w.shared.course }) },
  'course.saveDraft': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ path: await w.course(), course: { name: 'Draft', language: 'en' } }),
  },
  'course.publishChanges': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ path: await w.courseWithDraft() }),
  },
  'course.discardDraft': { allowed: ownerOrAdmin, input: async (w) => ({ path: await w.courseWithDraft() }) },
  'course.delete': { allowed: ownerOrAdmin, input: async (w) => ({ path: await w.course() }) },
  'course.owners': { allowed: ownerOrAdmin, input: async (w) => ({ path: w.shared.course }) },
  'course.addOwner': {
    allowed: adminOnly,
    input: async (w) => ({ path: await w.course(), userId: w.ids.teacher }),
  },
  'course.removeOwner': {
    allowed: adminOnly,
    input: async (w) => {
      const path = await w.course();
      await w.as('admin', 'course.addOwner', { path, userId: w.ids.teacher });
      return { path, userId: w.ids.teacher };
    },
  },
  'course.duplicate': {
    allowed: ownerOrAdmin,
    hidden: true,
    input: async (w) => ({ path: w.shared.closedCourse }),
  },
  'course.translate': {
    allowed: ownerOrAdmin,
    hidden: true,
    input: async (w) => ({
      path: w.shared.closedCourse,
      course: { name: `Traduit ${w.next()}`, language: 'fr' },
    }),
  },

  // Files have no owners: changing or deleting one takes the edit or delete right.
  'file.list': { allowed: everyone, input: async (w) => ({ course: w.shared.course }) },
  'file.byPath': { allowed: everyone, input: async (w) => ({ path: w.shared.file }) },
  'file.history': { allowed: adminOnly, input: async (w) => ({ path: w.shared.file }) },
  'file.asOf': { allowed: adminOnly, input: async (w) => ({ path: w.shared.file, at: now() }) },
  'file.create': {
    allowed: creators,
    input: async (w) => ({ file: { name: `New file ${w.next()}`, url: 'https://example.org/new.pdf' } }),
  },
  'file.update': {
    allowed: adminOnly,
    input: async (w) => ({
      path: await w.file(),
      file: { name: 'Renamed', url: 'https://example.org/r.pdf' },
    }),
  },
  // A copy needs opening the original: a file linked to nothing opens only with the view right.
  'file.duplicate': {
    allowed: adminOnly,
    hidden: true,
    input: async (w) => ({ path: w.shared.unlinkedFile }),
  },
  'file.delete': { allowed: adminOnly, input: async (w) => ({ path: await w.file() }) },

  // Links change the parent: its edit right or owning it.
  'link.addItemToParent': {
    allowed: ownerOrAdmin,
    input: async (w) => ({
      parentType: 'course',
      parentPath: await w.course(),
      itemType: 'module',
      itemPath: w.shared.module,
    }),
  },
  'link.removeItemFromParent': {
    allowed: ownerOrAdmin,
    input: async (w) => {
      const { course, module } = await w.courseWithModule();
      return { parentType: 'course', parentPath: course, itemType: 'module', itemPath: module };
    },
  },
  'link.orderModules': {
    allowed: ownerOrAdmin,
    input: async (w) => {
      const { course, module } = await w.courseWithModule();
      return { parentType: 'course', parentPath: course, modules: [module] };
    },
  },
  'link.modulesOf': {
    allowed: everyone,
    input: async (w) => ({ parentType: 'course', parentPath: w.shared.course }),
  },
  'link.teachers': { allowed: adminOnly, input: async () => undefined },

  // Modules: as courses; the closed one is an unpublished, non-public exam.
  'module.list': { allowed: everyone, input: async () => ({ onAdmin: true }) },
  'module.byPath': { allowed: signedIn, input: async (w) => ({ path: w.shared.module }) },
  'module.translations': { allowed: signedIn, input: async (w) => ({ path: w.shared.module }) },
  'module.history': { allowed: ownerOrAdmin, input: async (w) => ({ path: w.shared.module }) },
  'module.asOf': { allowed: ownerOrAdmin, input: async (w) => ({ path: w.shared.module, at: now() }) },
  'module.create': {
    allowed: creators,
    input: async (w) => ({ module: { name: `Created ${w.next()}`, language: 'en' } }),
  },
  'module.update': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ path: (await w.module()).module, module: { name: 'Renamed', language: 'nl' } }),
  },
  'module.publish': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ path: (await w.module({ closed: true })).module }),
  },
  'module.unpublish': { allowed: ownerOrAdmin, input: async (w) => ({ path: (await w.module()).module }) },
  'module.delete': { allowed: ownerOrAdmin, input: async (w) => ({ path: (await w.module()).module }) },
  'module.duplicate': {
    allowed: ownerOrAdmin,
    hidden: true,
    input: async (w) => ({ path: w.shared.closedModule }),
  },
  'module.translate': {
    allowed: ownerOrAdmin,
    hidden: true,
    input: async (w) => ({
      path: w.shared.closedModule,
      module: { name: `Traduit ${w.next()}`, language: 'fr' },
    }),
  },
  'module.orderPages': {
    allowed: ownerOrAdmin,
    input: async (w) => {
      const { module, page } = await w.module();
      return { path: module, pages: [page] };
    },
  },
  'module.addOwner': {
    allowed: adminOnly,
    input: async (w) => ({ path: (await w.module()).module, userId: w.ids.teacher }),
  },
  'module.removeOwner': {
    allowed: adminOnly,
    input: async (w) => {
      const { module } = await w.module();
      await w.as('admin', 'module.addOwner', { path: module, userId: w.ids.teacher });
      return { path: module, userId: w.ids.teacher };
    },
  },

  // Pages live in their module: its edit right or owning it; the answer key only for them.
  'page.listByModule': { allowed: signedIn, input: async (w) => ({ path: w.shared.module }) },
  'page.byPath': { allowed: signedIn, input: async (w) => ({ path: w.shared.page }) },
  'page.editable': { allowed: ownerOrAdmin, input: async (w) => ({ path: w.shared.page }) },
  'page.history': { allowed: ownerOrAdmin, input: async (w) => ({ path: w.shared.page }) },
  'page.asOf': { allowed: ownerOrAdmin, input: async (w) => ({ path: w.shared.page, at: now() }) },
  'page.create': {
    allowed: ownerOrAdmin,
    input: async (w) => ({
      parentType: 'module',
      parentPath: (await w.module()).module,
      page: { name: `Page ${w.next()}`, type: 'markdown', content: [] },
    }),
  },
  'page.update': {
    allowed: ownerOrAdmin,
    input: async (w) => ({
      path: (await w.module()).page,
      page: { name: 'Renamed', type: 'question', content: questions },
    }),
  },
  'page.delete': { allowed: ownerOrAdmin, input: async (w) => ({ path: (await w.module()).page }) },
  'page.duplicate': { allowed: ownerOrAdmin, input: async (w) => ({ path: (await w.module()).page }) },
  // Drafts of live pages: exactly the page's edit right (docs/adr/0019-drafts-of-live-content.md).
  'module.draft': { allowed: ownerOrAdmin, input: async (w) => ({ path: w.shared.module }) },
  'module.saveDraft': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ path: (await w.module()).module, module: { name: 'Draft', language: 'en' } }),
  },
  'module.publishChanges': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ path: await w.moduleWithDraft() }),
  },
  'module.discardDraft': { allowed: ownerOrAdmin, input: async (w) => ({ path: await w.moduleWithDraft() }) },
  'page.draft': { allowed: ownerOrAdmin, input: async (w) => ({ path: w.shared.page }) },
  'page.draftsOfModule': { allowed: ownerOrAdmin, input: async (w) => ({ path: w.shared.module }) },
  'page.saveDraft': {
    allowed: ownerOrAdmin,
    input: async (w) => ({
      path: (await w.module()).page,
      page: { name: 'Draft', type: 'question', content: questions },
    }),
  },
  'page.publishChanges': { allowed: ownerOrAdmin, input: async (w) => ({ path: await w.pageWithDraft() }) },
  'page.discardDraft': { allowed: ownerOrAdmin, input: async (w) => ({ path: await w.pageWithDraft() }) },

  // Results: everyone answers for themselves; the module's owners (or the view or edit right)
  // read, score and grant attempts.
  'result.module': { allowed: signedIn, input: async (w) => ({ module: w.shared.module }) },
  'result.page': {
    allowed: signedIn,
    input: async (w) => ({ module: w.shared.module, page: w.shared.page }),
  },
  'result.save': {
    allowed: signedIn,
    input: async (w) => ({
      module: w.shared.module,
      page: w.shared.page,
      result: { answers: { why: `Answer ${w.next()}` } },
      // The answer queue's key (docs/adr/0008-saves-carry-an-idempotency-key.md): the same rule with or without it.
      idempotencyKey: randomUUID(),
    }),
  },
  'result.latestActivity': { allowed: everyone, input: async () => undefined },
  'result.participants': { allowed: ownerOrAdmin, input: async (w) => ({ module: w.shared.module }) },
  'result.questionStats': { allowed: ownerOrAdmin, input: async (w) => ({ module: w.shared.module }) },
  'result.participant': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ module: w.shared.module, user: w.shared.participant.userId }),
  },
  'result.toGrade': { allowed: ownerOrAdmin, input: async (w) => ({ module: w.shared.module }) },
  'result.history': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ module: w.shared.module, user: w.shared.participant.userId }),
  },
  'result.score': {
    allowed: ownerOrAdmin,
    input: async (w) => ({
      module: w.shared.module,
      page: w.shared.page,
      user: w.shared.participant.userId,
      result: { feedback: { why: `Feedback ${w.next()}` } },
    }),
  },
  'result.grantAttempt': {
    allowed: ownerOrAdmin,
    input: async (w) => ({
      module: w.shared.module,
      page: w.shared.page,
      user: await w.answered(),
      question: 'q',
    }),
  },

  // Roles: manage_roles.
  'role.list': { allowed: adminOnly, input: async () => undefined },
  'role.byName': { allowed: adminOnly, input: async () => ({ name: 'teacher' }) },
  'role.history': { allowed: adminOnly, input: async () => ({ name: 'teacher' }) },
  'role.create': {
    allowed: adminOnly,
    input: async (w) => ({ name: `new-role-${w.next()}`, actions: { view: true } }),
  },
  'role.update': {
    allowed: adminOnly,
    input: async (w) => {
      const name = await w.role();
      return { name, doc: { name, actions: { view: true, create: true } } };
    },
  },
  'role.delete': { allowed: adminOnly, input: async (w) => ({ name: await w.role() }) },
  'role.duplicate': {
    allowed: adminOnly,
    input: async (w) => ({ name: 'teacher', copyName: `teacher-copy-${w.next()}` }),
  },

  // Sections live in their course: its edit right or owning it.
  'section.listByCourse': { allowed: everyone, input: async (w) => ({ path: w.shared.course }) },
  'section.byPath': { allowed: everyone, input: async (w) => ({ path: w.shared.section }) },
  'section.history': { allowed: ownerOrAdmin, input: async (w) => ({ path: w.shared.section }) },
  'section.asOf': { allowed: ownerOrAdmin, input: async (w) => ({ path: w.shared.section, at: now() }) },
  'section.duplicate': { allowed: ownerOrAdmin, input: async (w) => ({ path: await w.section() }) },
  'section.create': {
    allowed: ownerOrAdmin,
    input: async (w) => ({
      parentType: 'course',
      parentPath: await w.course(),
      section: { name: `Section ${w.next()}`, language: 'en' },
    }),
  },
  'section.update': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ path: await w.section(), section: { name: 'Renamed', language: 'nl' } }),
  },
  'section.publish': {
    allowed: ownerOrAdmin,
    input: async (w) => {
      const path = await w.section();
      await w.as('owner', 'section.unpublish', { path });
      return { path };
    },
  },
  'section.unpublish': { allowed: ownerOrAdmin, input: async (w) => ({ path: await w.section() }) },
  'section.delete': { allowed: ownerOrAdmin, input: async (w) => ({ path: await w.section() }) },
  // Live classrooms: who may enter (signed in, course public here) reads; the countdown runs
  // with the section's edit right or owning its course.
  'section.classroom': {
    allowed: signedIn,
    input: async (w) => ({ course: w.shared.course, section: w.shared.classroomSection }),
  },
  'section.breakoutRoom': {
    allowed: signedIn,
    input: async (w) => ({ course: w.shared.course, section: w.shared.classroomSection, room: 1 }),
  },
  'section.countdown': { allowed: signedIn, input: async (w) => ({ path: w.shared.classroomSection }) },
  'section.startCountdown': {
    allowed: ownerOrAdmin,
    input: async (w) => ({ path: await w.classroomSection() }),
  },
  'section.stopCountdown': {
    allowed: ownerOrAdmin,
    input: async (w) => {
      const path = await w.classroomSection();
      await w.as('owner', 'section.startCountdown', { path });
      return { path };
    },
  },
  'section.order': {
    allowed: ownerOrAdmin,
    input: async (w) => {
      const course = await w.course();
      const first = await w.section(course);
      const second = await w.section(course);
      return { path: course, sections: [second, first] };
    },
  },

  'tenant.get': { allowed: everyone, input: async () => undefined },
  // The effective configuration (docs/operations/monitoring.md#the-effective-settings): who administers the platform, the manage_roles right.
  'settings.effective': { allowed: adminOnly, input: async () => undefined },

  // 'Your sessions': each signed-in person's own, and nobody else's (an id of someone else's is not found).
  'session.list': { allowed: signedIn, input: async () => undefined },
  'session.end': {
    allowed: signedIn,
    input: async (w, actor) => ({
      id:
        actor === 'anonymous'
          ? 'no-such-session'
          : (
              await openSession(w.platform.database.db, w.ids[actor], {
                policy: sessionPolicy(w.platform.config),
                browser: true,
              })
            ).familyId,
    }),
  },
  'session.endAll': { allowed: signedIn, input: async () => undefined },

  // The private calendar feed and reminder mails: self only, no procedure names another person
  // (tests/server/calendar/feed.test.ts checks what each answers and that a feed holds only one's own).
  'calendar.settings': { allowed: signedIn, input: async () => undefined },
  'calendar.issueFeed': { allowed: signedIn, input: async () => undefined },
  'calendar.revokeFeed': {
    allowed: signedIn,
    // A feed to revoke: the caller's own, made just before.
    input: async (w, actor) => {
      if (actor !== 'anonymous') await w.as(actor, 'calendar.issueFeed', undefined);
      return undefined;
    },
  },
  'calendar.setReminders': { allowed: signedIn, input: async () => ({ on: true }) },

  // Search: signed-in readers, each finding only what they may open (tests/server/search/).
  'search.query': { allowed: signedIn, input: async () => ({ q: 'module' }) },

  // API clients: administrators only; what a client itself may reach is the scope part of the matrix.
  'apiClient.list': { allowed: adminOnly, input: async () => undefined },
  'apiClient.create': {
    allowed: adminOnly,
    input: async (w) => ({ name: `Integration ${w.next()}`, scopes: ['content:read'] }),
  },
  'apiClient.revoke': {
    allowed: adminOnly,
    // A working client for each call: an administrator's revocation uses it up.
    input: async (w) => ({
      clientId: (
        await w.as<{ clientId: string }>('admin', 'apiClient.create', {
          name: `To revoke ${w.next()}`,
          scopes: ['content:read'],
        })
      ).clientId,
    }),
  },

  // LTI platforms: administrators only (a registered platform makes accounts and links them to items).
  'lti.platforms': { allowed: adminOnly, input: async () => undefined },
  'lti.registerPlatform': {
    allowed: adminOnly,
    input: async (w) => ({
      name: `Moodle ${w.next()}`,
      issuer: `https://moodle-${w.next()}.example`,
      clientId: 'tool',
      authLoginUrl: 'https://moodle.example/mod/lti/auth.php',
      tokenUrl: 'https://moodle.example/mod/lti/token.php',
      jwksUrl: 'https://moodle.example/mod/lti/certs.php',
    }),
  },
  'lti.removePlatform': {
    allowed: adminOnly,
    // A registered platform for each call: an administrator's removal uses it up.
    input: async (w) => ({
      platformId: (
        await w.as<{ platformId: string }>('admin', 'lti.registerPlatform', {
          name: `To remove ${w.next()}`,
          issuer: `https://canvas-${w.next()}.example`,
          clientId: 'tool',
          authLoginUrl: 'https://canvas.example/api/lti/authorize_redirect',
          tokenUrl: 'https://canvas.example/login/oauth2/token',
          jwksUrl: 'https://canvas.example/api/lti/security/jwks',
        })
      ).platformId,
    }),
  },

  // Two-step sign-in: one's own, after signing in again; manage_users sees and resets others'.
  'secondFactor.status': { allowed: signedIn, input: async () => undefined },

  // External accounts: one's own; linking a pool identity of one's own address, after signing in again.
  'externalAccount.list': { allowed: signedIn, input: async () => undefined },
  'externalAccount.link': {
    allowed: signedIn,
    input: async (w, actor) => {
      const account = await freshAccount(w, actor);
      const token = await w.identityProvider!.sign({ email: account.email, email_verified: true });
      return { token, reauth: await recentAuth(w, account.userId) };
    },
    caller: freshCaller,
  },
  'secondFactor.begin': {
    allowed: signedIn,
    input: async (w, actor) => ({ reauth: await recentAuth(w, (await freshAccount(w, actor)).userId) }),
    caller: freshCaller,
  },
  'secondFactor.confirm': {
    allowed: signedIn,
    input: async (w, actor) => ({ code: (await pendingCode(w, (await freshAccount(w, actor)).userId)).code }),
    caller: freshCaller,
  },
  'secondFactor.remove': {
    allowed: signedIn,
    input: async (w, actor) => ({ reauth: await recentAuth(w, (await enrolledAccount(w, actor)).userId) }),
    caller: freshCaller,
  },
  'secondFactor.ofUser': { allowed: adminOnly, input: async (w) => ({ _id: w.shared.participant.userId }) },
  'secondFactor.reset': {
    allowed: adminOnly,
    input: async (w) => ({ _id: (await enrolledAccount(w, 'participant')).userId }),
  },

  // Tracking: people track themselves; a log is read by its person, manage_users or the view right.
  'tracking.update': {
    allowed: signedIn,
    input: async (w) => ({ type: 'course', path: w.shared.course }),
  },
  'tracking.log': { allowed: adminOnly, input: async (w) => ({ user: w.shared.participant.userId }) },
  // Refused as opening the page is (result.page): an unpublished module that is not public opens
  // only for its owners and who holds view or edit; the others are told it does not exist.
  'tracking.pageSeen': {
    allowed: ownerOrAdmin,
    hidden: true,
    input: async (w) => w.module({ closed: true }),
  },

  // Ask the teacher: a learner's own threads (another's reads as not found, tests/server/message-api.test.ts);
  // the owner's inbox holds only threads about their items, the others are told a thread does not exist.
  'message.ask': { allowed: signedIn, input: async (w) => ({ page: w.shared.page, text: 'A question?' }) },
  'message.mine': { allowed: signedIn, input: async () => undefined },
  'message.thread': {
    allowed: signedIn,
    input: async (w, actor) => ({ thread: await askedThread(w, actor) }),
  },
  'message.followUp': {
    allowed: signedIn,
    input: async (w, actor) => ({ thread: await askedThread(w, actor), text: 'And more?' }),
  },
  'message.markRead': {
    allowed: signedIn,
    input: async (w, actor) => ({ thread: await askedThread(w, actor) }),
  },
  'message.inbox': { allowed: signedIn, input: async () => ({ status: 'open' }) },
  'message.inboxThread': {
    allowed: ownerOrAdmin,
    hidden: true,
    input: async (w) => ({ thread: await askedThread(w, 'fresh') }),
  },
  'message.reply': {
    allowed: ownerOrAdmin,
    hidden: true,
    input: async (w) => ({ thread: await askedThread(w, 'fresh'), text: 'Because.' }),
  },
  'message.close': {
    allowed: ownerOrAdmin,
    hidden: true,
    input: async (w) => ({ thread: await askedThread(w, 'fresh') }),
  },

  'translation.groups': { allowed: adminOnly, input: async () => undefined },
  'translation.ofCourse': { allowed: everyone, input: async (w) => ({ path: w.shared.course }) },

  // Users: oneself, or manage_users; lists also for assign_participants (the teacher role).
  'user.me': { allowed: everyone, input: async () => undefined },
  'user.updateProfile': { allowed: signedIn, input: async (w) => profile(`Renamed ${w.next()}`) },
  // Erasing oneself asks for signing in again.
  'user.deleteMe': {
    allowed: signedIn,
    input: async (w, actor) => ({ reauth: await recentAuth(w, (await freshAccount(w, actor)).userId) }),
    caller: freshCaller,
  },
  'user.list': { allowed: ['teacher', 'admin'], input: async () => ({ search: 'Person' }) },
  'user.byId': { allowed: adminOnly, input: async (w) => ({ _id: w.shared.participant.userId }) },
  'user.history': { allowed: adminOnly, input: async (w) => ({ _id: w.shared.participant.userId }) },
  // 'Download my data' takes no user id: every signed-in person gets only their own.
  'user.myData': { allowed: signedIn, input: async () => ({ format: 'json' }) },
  // A subject access request on someone else's data: manage_users (and it is recorded).
  'user.exportData': {
    allowed: adminOnly,
    input: async (w) => ({ _id: w.shared.participant.userId, format: 'html' }),
  },
  'user.create': {
    allowed: adminOnly,
    input: async (w) => ({ name: 'New person', email: `new-${w.next()}@example.org` }),
  },
  'user.setRoles': {
    allowed: adminOnly,
    input: async (w) => ({ _id: (await w.user()).userId, roles: ['teacher'] }),
  },
  'user.update': {
    allowed: adminOnly,
    input: async (w) => ({ _id: (await w.user()).userId, doc: profile('Changed by someone') }),
  },
  // assign_participants on a course one may edit: the teacher links participants to their own
  // course (the shared one belongs to `owner`, who lacks assign_participants); admins to any.
  'user.link': {
    allowed: ['teacher', 'admin'],
    input: async (w, actor) => ({
      _id: (await w.user()).userId,
      itemType: 'course',
      itemPath: await w.courseLinkableBy(actor),
      linked: true,
    }),
  },
  'user.linkMany': {
    allowed: ['teacher', 'admin'],
    input: async (w, actor) => ({
      userIds: [(await w.user()).userId, (await w.user()).userId],
      itemType: 'course',
      itemPath: await w.courseLinkableBy(actor),
      linked: true,
    }),
  },
  // The participant right on the course, as user.link: the person is linked first.
  'user.setGroup': {
    allowed: ['teacher', 'admin'],
    input: async (w, actor) => {
      const { userId } = await w.user();
      const course = await w.courseLinkableBy(actor);
      await w.as('admin', 'user.link', { _id: userId, itemType: 'course', itemPath: course, linked: true });
      return { userIds: [userId], coursePath: course, group: `Group ${w.next()}` };
    },
  },
  'user.delete': { allowed: adminOnly, input: async (w) => ({ _id: (await w.user()).userId }) },
  'user.resendInvite': { allowed: adminOnly, input: async (w) => ({ _id: (await w.user()).userId }) },
  // Importing makes accounts: manage_users, as user.create (tests/server/user/import-users.test.ts).
  'user.previewImport': {
    allowed: adminOnly,
    input: async (w) => ({ text: `name,email,language\nImported,import-${w.next()}@example.org,en\n` }),
  },
  'user.import': {
    allowed: adminOnly,
    input: async (w) => ({ text: `name;email;language\nImported;import-${w.next()}@example.org;nl\n` }),
  },
};

/** Every GraphQL mutation: the same rules as the tRPC procedure each maps to; variables by name. */
export const graphqlRows: Record<string, Row> = {
  addCertificateToUser: {
    allowed: ownerOrAdmin,
    input: async (w) => ({ _id: (await w.user()).userId, course: w.shared.course }),
  },
  removeCertificateFromUser: trpcRows['certificate.removeFromUser']!,
  certify: trpcRows['certificate.certify']!,
  addItemToParent: {
    allowed: ownerOrAdmin,
    input: async (w) => ({
      parentType: 'course',
      parentPath: await w.course(),
      itemType: 'module',
      itemPath: w.shared.module,
    }),
  },
  removeItemFromParent: trpcRows['link.removeItemFromParent']!,
  addItemToUser: {
    allowed: ['teacher', 'admin'],
    input: async (w, actor) => ({
      _id: (await w.user()).userId,
      itemType: 'course',
      itemPath: await w.courseLinkableBy(actor),
    }),
  },
  removeItemFromUser: {
    allowed: ['teacher', 'admin'],
    input: async (w, actor) => {
      const { userId } = await w.user();
      const course = await w.courseLinkableBy(actor);
      await w.as('admin', 'user.link', { _id: userId, itemType: 'course', itemPath: course, linked: true });
      return { _id: userId, itemType: 'course', itemPath: course };
    },
  },
  createCourse: {
    allowed: creators,
    input: async (w) => ({ doc: { name: `Created ${w.next()}`, language: 'en' } }),
  },
  createModule: {
    allowed: creators,
    input: async (w) => ({ doc: { name: `Created ${w.next()}`, language: 'en' } }),
  },
  createFile: {
    allowed: creators,
    input: async (w) => ({ doc: { name: `New file ${w.next()}`, url: 'https://example.org/new.pdf' } }),
  },
  createPage: {
    allowed: ownerOrAdmin,
    input: async (w) => ({
      doc: {
        parentType: 'module',
        parentPath: (await w.module()).module,
        name: `Page ${w.next()}`,
        type: 'markdown',
        content: [],
      },
    }),
  },
  createSection: {
    allowed: ownerOrAdmin,
    input: async (w) => ({
      doc: {
        parentType: 'course',
        parentPath: await w.course(),
        name: `Section ${w.next()}`,
        language: 'en',
      },
    }),
  },
  createRole: {
    allowed: adminOnly,
    input: async (w) => ({ role: { name: `gql-role-${w.next()}`, actions: { view: true } } }),
  },
  updateRole: {
    allowed: adminOnly,
    input: async (w) => ({ name: await w.role(), doc: { actions: { view: true, create: true } } }),
  },
  deleteByName: { allowed: adminOnly, input: async (w) => ({ name: await w.role() }) },
  updateCourse: {
    allowed: ownerOrAdmin,
    input: async (w) => ({ path: await w.course(), doc: { name: 'Renamed' } }),
  },
  deleteCourse: { allowed: ownerOrAdmin, input: async (w) => ({ path: await w.course() }) },
  updateModule: {
    allowed: ownerOrAdmin,
    input: async (w) => ({ path: (await w.module()).module, doc: { name: 'Renamed' } }),
  },
  deleteModule: { allowed: ownerOrAdmin, input: async (w) => ({ path: (await w.module()).module }) },
  updatePage: {
    allowed: ownerOrAdmin,
    input: async (w) => ({ path: (await w.module()).page, doc: { name: 'Renamed' } }),
  },
  deletePage: { allowed: ownerOrAdmin, input: async (w) => ({ path: (await w.module()).page }) },
  updateSection: {
    allowed: ownerOrAdmin,
    input: async (w) => ({ path: await w.section(), doc: { name: 'Renamed' } }),
  },
  deleteSection: { allowed: ownerOrAdmin, input: async (w) => ({ path: await w.section() }) },
  updateFile: {
    allowed: adminOnly,
    input: async (w) => ({ path: await w.file(), doc: { name: 'Renamed' } }),
  },
  deleteFile: { allowed: adminOnly, input: async (w) => ({ path: await w.file() }) },
  // Another person's account: manage_users (erasing oneself is user.deleteMe's row).
  deleteUser: { allowed: adminOnly, input: async (w) => ({ _id: (await w.user()).userId }) },
  updateUser: {
    allowed: adminOnly,
    input: async (w) => ({ _id: (await w.user()).userId, doc: { name: 'Changed by someone' } }),
  },
  saveResult: trpcRows['result.save']!,
  updateResult: trpcRows['result.score']!,
  grantAttempt: trpcRows['result.grantAttempt']!,
  updateLog: {
    allowed: signedIn,
    input: async (w) => ({ tracking: { type: 'course', path: w.shared.course } }),
  },
};

/**
 * What a refused GraphQL read answers, as its resolver refuses: a refusal error (forbidden, signed
 * out, or not found for a hidden target), null, or an empty list.
 */
export type Refusal = 'error' | 'null' | 'empty';

/** A GraphQL read: a field of Query, or a field of a type that names people or gives answers. */
export interface QueryRow extends Row {
  /** The fields asked of the answer; none for a scalar. */
  select?: string;
  /** A field of a type: the query reaching it (variables from `input`) and where it sits in `data`. */
  through?: { query: string; at: string[] };
  /** Every way a refusal may read; an allowed caller gets an answer that reads as none of them. */
  refusal: readonly Refusal[];
}

/** Fixtures a read needs, made once per database however many actors ask. */
const made = new WeakMap<World, Map<string, Promise<unknown>>>();
function once<T>(w: World, key: string, make: () => Promise<T>): Promise<T> {
  let byKey = made.get(w);
  if (!byKey) {
    byKey = new Map();
    made.set(w, byKey);
  }
  if (!byKey.has(key)) byKey.set(key, make());
  return byKey.get(key) as Promise<T>;
}

/** The shared participant linked to the shared course and module, so their participant lists name someone. */
const participantLinked = (w: World) =>
  once(w, 'participant linked', async () => {
    for (const [itemType, itemPath] of [
      ['course', w.shared.course],
      ['module', w.shared.module],
    ] as const) {
      await w.as('admin', 'user.link', {
        _id: w.shared.participant.userId,
        itemType,
        itemPath,
        linked: true,
      });
    }
  });

/** An unpublished, non-public exam with a page. */
const closedExam = (w: World) => once(w, 'closed exam', () => w.module({ closed: true }));

/** An unpublished section of the shared (public) course. */
const closedSection = (w: World) =>
  once(w, 'closed section', async () => {
    const path = await w.section(w.shared.course);
    await w.as('owner', 'section.unpublish', { path });
    return path;
  });

const signedInActor = (actor: ActorName): actor is SignedIn => actor !== 'anonymous';

/**
 * Every field of Query, and every field of a type that names people (a User) or gives answers
 * (ResultAnswer, or a result read with a `user` argument): who reads it (the others are refused as
 * `refusal` says) and a valid input per actor. The same rules as the tRPC query each mirrors, and
 * a row where GraphQL has no tRPC twin.
 */
export const graphqlQueryRows: Record<string, QueryRow> = {
  // Public, like the verification page.
  checkCertificateStatus: {
    allowed: everyone,
    refusal: ['null'],
    select: '{ path status name }',
    input: async (w) => ({ path: w.shared.certificateCode }),
  },
  course: {
    allowed: ownerOrAdmin,
    hidden: true,
    refusal: ['error'],
    select: '{ path name }',
    input: async (w) => ({ path: w.shared.closedCourse }),
  },
  // One's own course certificate; nobody else's.
  courseCertificate: {
    allowed: signedIn,
    refusal: ['null'],
    select: '{ path item status }',
    input: async (w, actor) => {
      if (signedInActor(actor)) {
        await once(w, `course certificate of ${actor}`, () =>
          w.as('admin', 'certificate.addToUser', { _id: w.ids[actor], course: w.shared.course }),
        );
      }
      return { path: w.shared.course };
    },
  },
  courseTranslationsPaths: {
    allowed: ownerOrAdmin,
    hidden: true,
    refusal: ['error'],
    select: '{ path name language }',
    input: async (w) => ({ path: w.shared.closedCourse }),
  },
  // Published, public courses, for everyone.
  courses: { allowed: everyone, refusal: ['empty'], select: '{ path name }', input: async () => ({}) },
  currentUser: {
    allowed: signedIn,
    refusal: ['null'],
    select: '{ _id name email }',
    input: async () => ({}),
  },
  currentUserWithRules: {
    allowed: signedIn,
    refusal: ['null'],
    select: '{ _id roles rules { view create } }',
    input: async () => ({}),
  },
  // Without a parent: every file for the view right, the files of their own courses for other
  // editors (none for an editor who owns no course with files), refused to learners.
  files: {
    allowed: ownerOrAdmin,
    refusal: ['error', 'empty'],
    select: '{ path name }',
    input: async () => ({}),
  },
  // The module one last answered in: signed-in people who answered somewhere.
  latestActivity: {
    allowed: signedIn,
    refusal: ['null'],
    select: '{ path name }',
    input: async (w, actor) => {
      if (signedInActor(actor)) {
        await once(w, `answered as ${actor}`, () =>
          w.as(actor, 'result.save', {
            module: w.shared.module,
            page: w.shared.page,
            result: { answers: { why: `Read by ${actor}` } },
          }),
        );
      }
      return {};
    },
  },
  log: {
    allowed: adminOnly,
    refusal: ['error'],
    select: '{ user tracking { courses { path } } }',
    input: async (w) => ({ user: w.shared.participant.userId }),
  },
  module: {
    allowed: ownerOrAdmin,
    hidden: true,
    refusal: ['error'],
    select: '{ path name }',
    input: async (w) => ({ path: w.shared.closedModule }),
  },
  // By verification code: its holder, admins and the module's teachers; null for anyone else.
  moduleCertificate: {
    allowed: ownerOrAdmin,
    refusal: ['null'],
    select: '{ path item status }',
    input: async (w) => ({ path: w.shared.certificateCode }),
  },
  moduleTranslationsPaths: {
    allowed: ownerOrAdmin,
    hidden: true,
    refusal: ['error'],
    select: '{ path name language }',
    input: async (w) => ({ path: w.shared.closedModule }),
  },
  // Modules open only after signing in: anonymous callers get none.
  modules: { allowed: signedIn, refusal: ['empty'], select: '{ path name }', input: async () => ({}) },
  page: {
    allowed: ownerOrAdmin,
    hidden: true,
    refusal: ['error'],
    select: '{ path name content }',
    input: async (w) => ({ path: (await closedExam(w)).page }),
  },
  resultCSV: {
    allowed: ownerOrAdmin,
    refusal: ['error'],
    input: async (w) => ({ path: w.shared.module }),
  },
  role: {
    allowed: adminOnly,
    refusal: ['error'],
    select: '{ name actions { view } }',
    input: async () => ({ name: 'teacher' }),
  },
  roles: { allowed: adminOnly, refusal: ['error'], select: '{ name }', input: async () => ({}) },
  section: {
    allowed: ownerOrAdmin,
    hidden: true,
    refusal: ['error'],
    select: '{ path name }',
    input: async (w) => ({ path: await closedSection(w) }),
  },
  // Translation groups: the view right. A translation of the closed module makes one.
  translations: {
    allowed: adminOnly,
    refusal: ['error'],
    select: '{ _id kind items { path } }',
    input: async (w) => {
      await once(w, 'a translation', () =>
        w.as('owner', 'module.translate', {
          path: w.shared.closedModule,
          module: { name: `Traduit ${w.next()}`, language: 'fr' },
        }),
      );
      return {};
    },
  },
  user: {
    allowed: adminOnly,
    refusal: ['error'],
    select: '{ _id name email phone }',
    input: async (w) => ({ _id: w.shared.participant.userId }),
  },
  users: {
    allowed: ['teacher', 'admin'],
    refusal: ['error'],
    select: '{ _id name email }',
    input: async () => ({ search: 'Person' }),
  },
  usersCSV: { allowed: adminOnly, refusal: ['error'], input: async () => ({}) },

  // The people and answers a course, section or module carries.
  'Course.owners': {
    allowed: everyone,
    refusal: ['empty'],
    through: {
      query: 'query ($path: String!) { course(path: $path) { owners { _id name } } }',
      at: ['course', 'owners'],
    },
    input: async (w) => ({ path: w.shared.course }),
  },
  // Participants: assign_participants or manage_users, the view right, the course's owners.
  'Course.users': {
    allowed: assigners,
    refusal: ['empty'],
    through: {
      query: 'query ($path: String!) { course(path: $path) { users { _id name } } }',
      at: ['course', 'users'],
    },
    input: async (w) => {
      await participantLinked(w);
      return { path: w.shared.course };
    },
  },
  // Sections have no owners of their own: always none.
  'Section.owners': {
    allowed: [],
    refusal: ['empty'],
    through: {
      query: 'query ($path: String!) { section(path: $path) { owners { _id name } } }',
      at: ['section', 'owners'],
    },
    input: async (w) => ({ path: w.shared.section }),
  },
  'Module.owners': {
    allowed: signedIn,
    refusal: ['error'],
    through: {
      query: 'query ($path: String!) { module(path: $path) { owners { _id name } } }',
      at: ['module', 'owners'],
    },
    input: async (w) => ({ path: w.shared.module }),
  },
  'Module.users': {
    allowed: assigners,
    refusal: ['error', 'empty'],
    through: {
      query: 'query ($path: String!) { module(path: $path) { users { _id name } } }',
      at: ['module', 'users'],
    },
    input: async (w) => {
      await participantLinked(w);
      return { path: w.shared.module };
    },
  },
  // Another participant's results: the module's teachers (its owners, the view or edit right).
  'Module.activeUsers': {
    allowed: ownerOrAdmin,
    refusal: ['error', 'null'],
    through: {
      query: 'query ($path: String!) { module(path: $path) { activeUsers { _id name } } }',
      at: ['module', 'activeUsers'],
    },
    input: async (w) => ({ path: w.shared.module }),
  },
  'Module.result': {
    allowed: ownerOrAdmin,
    refusal: ['error', 'null'],
    through: {
      query: 'query ($path: String!, $user: ID) { module(path: $path) { result(user: $user) } }',
      at: ['module', 'result'],
    },
    input: async (w) => ({ path: w.shared.module, user: w.shared.participant.userId }),
  },
  'Module.resultAnswers': {
    allowed: ownerOrAdmin,
    refusal: ['error', 'null'],
    through: {
      query:
        'query ($path: String!, $user: ID) { module(path: $path) { resultAnswers(user: $user) { question text } } }',
      at: ['module', 'resultAnswers'],
    },
    input: async (w) => ({ path: w.shared.module, user: w.shared.participant.userId }),
  },
};
