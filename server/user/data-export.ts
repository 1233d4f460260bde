import type { EventMeta } from '../../events/store';
import type { TrackingCategory } from '../../events/tracking/events';

/**
 * 'Download my data' (GDPR articles 15 and 20): everything the platform holds about one person, read
 * from the event log and folded here without I/O, so given events → then export is testable.
 *
 * Every event type is classified below (a test checks the list against events/registry.ts, so a new
 * type cannot slip in unclassified). The types of the first group carry the person's id in
 * `data.userId` and are theirs: they appear in full in their section. Every other type is only
 * about content (courses, sections, modules, pages, files, roles, certificate settings, countdowns)
 * or about someone else; it appears under `activity` when the person made that change, as its type,
 * time and the item's path, and not even the path when it concerns another person (a teacher who
 * scored someone's answer sees that they scored, not whose).
 *
 * Nothing about anyone else is exported: people who acted on the person's data (a teacher scoring,
 * an administrator changing roles, the platform issuing a certificate) appear as their part
 * (`Party`), never as a name, e-mail or id; fields naming them (`scoredBy`, `grantedBy`, `issuedBy`,
 * `revokedBy`, `dismissedBy`) become that part too. Private state outside the log (the password
 * hash, sign-in sessions, codes) is a secret or short-lived, and not exported.
 */
export const exportedAs = {
  // The account's own stream: the profile as given and changed, roles, links, verification,
  // password changes (when and how, never the password), erasure, and earlier exports.
  UserSignedUp: 'account',
  UserCreated: 'account',
  UserProvisioned: 'account',
  UserVerified: 'account',
  UserPasswordChanged: 'account',
  UserProfileUpdated: 'account',
  UserRolesChanged: 'account',
  UserLinkedToItem: 'account',
  UserUnlinkedFromItem: 'account',
  ParticipantGroupSet: 'account',
  UserDeleted: 'account',
  PersonalDataExported: 'account',
  // Whether a second factor guarded the account, from when (never its secret or codes).
  SecondFactorEnrolled: 'account',
  SecondFactorRemoved: 'account',
  SecondFactorReset: 'account',
  // Whether a private calendar feed worked, from when to when (its token only as a hash), and the
  // choice of reminder mails before live sessions.
  CalendarFeedIssued: 'account',
  CalendarFeedRevoked: 'account',
  LiveRemindersTurnedOn: 'account',
  LiveRemindersTurnedOff: 'account',
  // Learning records: every confirmed answer (time, attempt, score), drafts, teachers' scores and
  // feedback, extra attempts given.
  AnswerSaved: 'answers',
  AnswerDrafted: 'drafts',
  AnswerScored: 'scores',
  AttemptGranted: 'extraAttempts',
  // Certificates held, revoked, reminded of before expiry, flagged for review or dismissed.
  CertificateIssued: 'certificates',
  CertificateRevoked: 'certificates',
  CertificateReminderSent: 'certificates',
  CertificateFlagged: 'certificates',
  CertificateReviewDismissed: 'certificates',
  // Courses and modules the person teaches (ownership).
  CourseOwnerAdded: 'teaching',
  CourseOwnerRemoved: 'teaching',
  ModuleOwnerAdded: 'teaching',
  ModuleOwnerRemoved: 'teaching',
  // What they saw, when (updateLog), and the module pages they opened (kept apart: no category).
  ItemSeen: 'tracking',
  PageSeen: 'pages',
  // Questions the person asked their teachers, the answers, and when a teacher closed one.
  QuestionAsked: 'messages',
  QuestionFollowedUp: 'messages',
  QuestionReplied: 'messages',
  RepliesRead: 'messages',
  ThreadClosed: 'messages',
  // Content, roles and settings: only as changes the person made.
  CourseCreated: 'activity',
  CourseUpdated: 'activity',
  CoursePublished: 'activity',
  CourseUnpublished: 'activity',
  CourseDeleted: 'activity',
  CourseSectionsOrdered: 'activity',
  CourseModuleLinked: 'activity',
  CourseModuleUnlinked: 'activity',
  CourseModulesOrdered: 'activity',
  CourseFileLinked: 'activity',
  CourseFileUnlinked: 'activity',
  CourseCertificateConfigured: 'activity',
  SectionCreated: 'activity',
  SectionUpdated: 'activity',
  SectionPublished: 'activity',
  SectionUnpublished: 'activity',
  SectionDeleted: 'activity',
  SectionModuleLinked: 'activity',
  SectionModuleUnlinked: 'activity',
  SectionModulesOrdered: 'activity',
  SectionFileLinked: 'activity',
  SectionFileUnlinked: 'activity',
  BreakoutCountdownStarted: 'activity',
  BreakoutCountdownStopped: 'activity',
  ModuleCreated: 'activity',
  ModuleUpdated: 'activity',
  ModulePublished: 'activity',
  ModuleUnpublished: 'activity',
  ModuleDeleted: 'activity',
  ModulePagesOrdered: 'activity',
  ModuleCertificateConfigured: 'activity',
  PageCreated: 'activity',
  PageUpdated: 'activity',
  PageDeleted: 'activity',
  CourseDraftSaved: 'activity',
  CourseDraftDiscarded: 'activity',
  CourseChangesPublished: 'activity',
  ModuleDraftSaved: 'activity',
  ModuleDraftDiscarded: 'activity',
  ModuleChangesPublished: 'activity',
  PageDraftSaved: 'activity',
  PageDraftDiscarded: 'activity',
  PageChangesPublished: 'activity',
  FileCreated: 'activity',
  FileUpdated: 'activity',
  FileDeleted: 'activity',
  // API clients an administrator made or revoked (a client's own use is no person's).
  ApiClientCreated: 'activity',
  ApiClientRevoked: 'activity',
  ApiClientUsed: 'activity',
  LtiPlatformRegistered: 'activity',
  LtiPlatformRemoved: 'activity',
  RoleCreated: 'activity',
  RoleUpdated: 'activity',
  RoleDeleted: 'activity',
} as const;

/** The event types about one person, found by `data.userId` (every one of them carries it). */
export const personalEventTypes = Object.entries(exportedAs)
  .filter(([, section]) => section !== 'activity')
  .map(([type]) => type);

/** How someone else than the person appears: by their part, never by who they are. */
export type Party = 'self' | 'system' | 'administrator' | 'teacher';

/**
 * Events where someone else acting, without the admin role, does a teacher's part: scoring, extra
 * attempts, certificates, and linking participants (assign_participants). Everything else done to
 * a person's account by someone else needs manage_users: an administrator's part.
 */
const teachersPart = new Set([
  'AnswerScored',
  'AttemptGranted',
  'CertificateIssued',
  'CertificateRevoked',
  'UserLinkedToItem',
  'UserUnlinkedFromItem',
  'ParticipantGroupSet',
  'QuestionReplied',
  'ThreadClosed',
]);

/**
 * The part of whoever made an event about the person: the person themself, the platform (no actor:
 * seed, jobs, the automatic certificate), an administrator (the admin role), else by what they did.
 */
export function partyOf(
  type: string,
  actorId: string | null,
  subjectId: string,
  rolesOf: ReadonlyMap<string, readonly string[]>,
): Party {
  // Signing up is the person's own doing, though the request had no signed-in actor yet.
  if (type === 'UserSignedUp' || actorId === subjectId) return 'self';
  if (actorId === null || actorId === 'system') return 'system';
  if (rolesOf.get(actorId)?.includes('admin')) return 'administrator';
  return teachersPart.has(type) ? 'teacher' : 'administrator';
}

/** An event about the person, personal fields opened (the export is refused once they are erased). */
export interface PersonEvent {
  type: string;
  data: unknown;
  meta: EventMeta;
}

/** A change the person made to something not theirs: its type, time and item path (if any, and not about someone). */
export interface ActivityRow {
  type: string;
  at: string;
  item: string | null;
}

type Answer = string | string[];
type Image = { name: string; alt: string };

export interface PersonalDataExport {
  format: 'personal-data-export';
  version: 1;
  exportedAt: string;
  /** The language the readable file is written in. */
  language: string;
  userId: string;
  profile: {
    email: string | null;
    name: string | null;
    phone: string | null;
    profession: string | null;
    riziv: string | null;
    description: string | null;
    image: Image | null;
    language: string | null;
    fullPrivacy: boolean;
    verified: boolean;
    createdAt: string | null;
    createdBy: Party | null;
    /** The external user pool that first signed the person in, if any. */
    identityProvider: string | null;
  };
  roles: string[];
  links: { courses: string[]; modules: string[] };
  teaching: { courses: string[]; modules: string[] };
  /** Every event of the account's stream: what, when, by whom (as a part), with its own values. */
  account: { at: string; event: string; by: Party; details: Record<string, unknown> }[];
  answers: {
    at: string;
    module: string;
    page: string;
    question: string;
    questionType: string;
    answer: Answer | null;
    attempt: number;
    score: number;
    maxScore: number;
  }[];
  drafts: { at: string; module: string; page: string; question: string; answer: Answer | null }[];
  scores: {
    at: string;
    module: string;
    page: string;
    question: string;
    score: number;
    maxScore: number;
    previousScore: number;
    feedback: string | null;
    previousFeedback: string | null;
    by: Party;
  }[];
  extraAttempts: {
    at: string;
    module: string;
    page: string;
    question: string;
    attemptsUsed: number;
    attemptsAllowed: number;
    by: Party;
  }[];
  certificates: {
    at: string;
    event: 'issued' | 'revoked' | 'reminded' | 'flagged' | 'dismissed';
    kind: string;
    item: string;
    code: string | null;
    expiresAt: string | null;
    how: string | null;
    reason: string | null;
    by: Party;
  }[];
  tracking: { at: string; category: TrackingCategory; path: string }[];
  /** Module pages seen (PageSeen), by path. */
  pages: { at: string; module: string; page: string }[];
  /** The messages of the person's questions to teachers, theirs and the answers (teachers as their part). */
  messages: {
    at: string;
    event: 'asked' | 'followedUp' | 'replied' | 'closed';
    module: string;
    page: string;
    text: string | null;
    by: Party;
  }[];
  activity: ActivityRow[];
}

/** The answer when the person was erased: nothing personal is left to export. */
export interface ErasedPerson {
  erased: true;
  userId: string;
  erasedAt: string;
}

type Loose = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number => (typeof value === 'number' ? value : 0);
const answerOf = (value: unknown): Answer | null =>
  typeof value === 'string' || Array.isArray(value) ? (value as Answer) : null;

/** When the person was erased (their stream's UserDeleted), or null. */
export function erasedAt(events: readonly PersonEvent[], userId: string): string | null {
  const deleted = events.find(
    (event) => event.type === 'UserDeleted' && (event.data as Loose).userId === userId,
  );
  return deleted ? deleted.meta.at : null;
}

/**
 * The export of one person from the events about them (`personalEventTypes` with their id, in log
 * order), the changes they made elsewhere, and the roles of whoever acted on their data.
 */
export function personalDataExport(input: {
  userId: string;
  events: readonly PersonEvent[];
  activity: readonly ActivityRow[];
  rolesOf: ReadonlyMap<string, readonly string[]>;
  exportedAt: string;
  language: string;
}): PersonalDataExport | ErasedPerson {
  const { userId, rolesOf } = input;
  const gone = erasedAt(input.events, userId);
  if (gone) return { erased: true, userId, erasedAt: gone };

  const result: PersonalDataExport = {
    format: 'personal-data-export',
    version: 1,
    exportedAt: input.exportedAt,
    language: input.language,
    userId,
    profile: {
      email: null,
      name: null,
      phone: null,
      profession: null,
      riziv: null,
      description: null,
      image: null,
      language: null,
      fullPrivacy: false,
      verified: false,
      createdAt: null,
      createdBy: null,
      identityProvider: null,
    },
    roles: [],
    links: { courses: [], modules: [] },
    teaching: { courses: [], modules: [] },
    account: [],
    answers: [],
    drafts: [],
    scores: [],
    extraAttempts: [],
    certificates: [],
    tracking: [],
    pages: [],
    messages: [],
    activity: [...input.activity],
  };
  const profile = result.profile;
  const threads = new Map<string, { module: string; page: string }>();
  const toggle = (list: string[], item: string, on: boolean) => {
    const without = list.filter((entry) => entry !== item);
    return on ? [...without, item] : without;
  };

  for (const event of input.events) {
    const data = event.data as Loose;
    // Only the person's own events: a stray one about someone else is never shown.
    if (data.userId !== userId) continue;
    const at = event.meta.at;
    const by = partyOf(event.type, event.meta.actorId, userId, rolesOf);
    const ref = {
      module: String(data.modulePath),
      page: String(data.pagePath),
      question: String(data.question),
    };
    switch (event.type) {
      case 'UserSignedUp':
      case 'UserCreated':
      case 'UserProvisioned':
      case 'UserProfileUpdated': {
        for (const field of ['email', 'name', 'phone', 'profession', 'riziv', 'description'] as const)
          if (field in data) profile[field] = str(data[field]);
        if ('language' in data) profile.language = str(data.language);
        if ('image' in data) profile.image = (data.image as Image | null) ?? null;
        if ('fullPrivacy' in data) profile.fullPrivacy = data.fullPrivacy === true;
        if (event.type === 'UserCreated') result.roles = [...((data.roles as string[]) ?? [])];
        if (event.type === 'UserProvisioned') {
          profile.verified = true;
          profile.identityProvider = str(data.issuer);
        }
        if (event.type !== 'UserProfileUpdated') {
          profile.createdAt = at;
          profile.createdBy = by;
        }
        break;
      }
      case 'UserVerified':
        profile.verified = true;
        break;
      case 'UserRolesChanged':
        result.roles = [...((data.roles as string[]) ?? [])];
        break;
      case 'UserLinkedToItem':
      case 'UserUnlinkedFromItem': {
        const kind = data.itemType === 'course' ? 'courses' : 'modules';
        result.links[kind] = toggle(
          result.links[kind],
          String(data.itemPath),
          event.type === 'UserLinkedToItem',
        );
        break;
      }
      case 'CourseOwnerAdded':
      case 'CourseOwnerRemoved':
      case 'ModuleOwnerAdded':
      case 'ModuleOwnerRemoved': {
        const kind = event.type.startsWith('Course') ? 'courses' : 'modules';
        result.teaching[kind] = toggle(
          result.teaching[kind],
          String(data.path),
          event.type.endsWith('Added'),
        );
        break;
      }
      case 'AnswerSaved':
        result.answers.push({
          at,
          ...ref,
          questionType: String(data.questionType),
          answer: answerOf(data.answer),
          attempt: num(data.attempt),
          score: num(data.score),
          maxScore: num(data.maxScore),
        });
        break;
      case 'AnswerDrafted':
        result.drafts.push({ at, ...ref, answer: answerOf(data.answer) });
        break;
      case 'AnswerScored':
        result.scores.push({
          at,
          ...ref,
          score: num(data.score),
          maxScore: num(data.maxScore),
          previousScore: num(data.previousScore),
          feedback: str(data.feedback),
          previousFeedback: str(data.previousFeedback),
          by,
        });
        break;
      case 'AttemptGranted':
        result.extraAttempts.push({
          at,
          ...ref,
          attemptsUsed: num(data.attemptsUsed),
          attemptsAllowed: num(data.attemptsAllowed),
          by,
        });
        break;
      case 'CertificateIssued':
      case 'CertificateRevoked':
      case 'CertificateReminderSent':
      case 'CertificateFlagged':
      case 'CertificateReviewDismissed':
        result.certificates.push({
          at,
          event: certificateEvent[event.type],
          kind: String(data.kind),
          item: String(data.itemPath),
          code: str(data.code),
          expiresAt: str(data.expiresAt),
          how: str(data.how),
          reason: str(data.reason),
          by,
        });
        break;
      case 'ItemSeen':
        result.tracking.push({
          at: str(data.at) ?? at,
          // Checked against the category list when the event was appended.
          category: data.category as TrackingCategory,
          path: String(data.path),
        });
        break;
      case 'PageSeen':
        result.pages.push({
          at: str(data.at) ?? at,
          module: String(data.modulePath),
          page: String(data.pagePath),
        });
        break;
    }
    const messageEvent = messageEvents[event.type as keyof typeof messageEvents];
    if (messageEvent) {
      // Follow-ups, replies and closing carry only the thread: its page is the question's.
      if (event.type === 'QuestionAsked')
        threads.set(String(data.threadId), { module: String(data.modulePath), page: String(data.pagePath) });
      const where = threads.get(String(data.threadId)) ?? { module: '', page: '' };
      result.messages.push({ at, event: messageEvent, ...where, text: str(data.text), by });
    }
    if (exportedAs[event.type as keyof typeof exportedAs] === 'account') {
      // The account's events with their own values; the person's id is the file's, not repeated.
      const { userId: _, ...details } = data;
      result.account.push({ at, event: event.type, by, details });
    }
  }
  return result;
}

const messageEvents = {
  QuestionAsked: 'asked',
  QuestionFollowedUp: 'followedUp',
  QuestionReplied: 'replied',
  ThreadClosed: 'closed',
} as const;

const certificateEvent = {
  CertificateIssued: 'issued',
  CertificateRevoked: 'revoked',
  CertificateReminderSent: 'reminded',
  CertificateFlagged: 'flagged',
  CertificateReviewDismissed: 'dismissed',
} as const;
