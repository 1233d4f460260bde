import { sql } from 'kysely';
import { type CertificateConfig, defaultCertificateConfig } from '../../events/certificate/config';
import type { CertificateKind } from '../../events/certificate/events';
import { forbidden, notFound, unauthenticated } from '../../events/errors';
import { type Actor, ADMIN_ROLE, allRules, can } from '../../events/permissions';
import { certificateConfigOf } from '../../projections/certificate/certificate-configs';
import {
  type CertificateRecord,
  type CertificateStatus,
  certificatesOfUser,
  findCertificateByCode,
  isErasedCertificate,
  latestCertificateOf,
  latestCertificatesOfItem,
  openReviewOf,
  openReviews,
  statusOf,
} from '../../projections/certificate/certificates';
import { type CourseSummary, findCourseByPath } from '../../projections/course/course-summaries';
import { parentsOf } from '../../projections/link/content-links';
import { modulesOwnedBy } from '../../projections/module/module-owners';
import { findModuleByPath, type ModuleSummary } from '../../projections/module/module-summaries';
import { findSectionByPath } from '../../projections/section/section-summaries';
import { findUserById, findUsersByIds, isLinkedTo, usersLinkedTo } from '../../projections/user/users';
import type { Db } from '../db/tables';
import type { Platform } from '../platform';
import { type LearnerModule, learnerModule } from '../result/queries';
import { courseRights } from '../rights/course-rights';
import { moduleAuthority, reaches, requireNotSelf, requireReach } from '../rights/module-rights';
import { asSeenBy, inSeenOrder, userFor } from '../user/queries';
import { buildCertificateDocument, type CertificateDocument, verifyUrlOf } from './document';

/** The platform itself, as the auto-issue job: sees every module and every participant's result. */
export const systemActor: Actor = { userId: 'system', roles: [ADMIN_ROLE], rules: allRules() };

export const publicUrlOf = (platform: Platform) =>
  platform.config.PUBLIC_URL ?? `http://localhost:${platform.config.PORT}`;

export async function findModuleById(db: Db, moduleId: string): Promise<ModuleSummary | null> {
  const row = await db
    .selectFrom('module_summaries')
    .select('path')
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  return row ? findModuleByPath(db, row.path) : null;
}

/** The saved config of a module or course, or the default one (nothing automatic, empty texts). */
export async function configOrDefault(db: Db, kind: CertificateKind, itemId: string) {
  return (await certificateConfigOf(db, kind, itemId)) ?? defaultCertificateConfig();
}

/**
 * Who may assign, revoke and review this participant's certificate of a module: its editors and
 * owners, and the teachers of a course that lists it toward that course's participants (the module
 * rule); never the participant themselves, administrators aside.
 */
export async function requireCertifyModule(
  db: Db,
  actor: Actor | null,
  module: ModuleSummary,
  userId: string,
) {
  if (!actor) throw unauthenticated();
  const authority = await moduleAuthority(db, actor, module);
  if (!authority.rights.certify) throw forbidden();
  await requireReach(db, actor, authority, 'teach', userId);
  requireNotSelf(actor, userId);
}

/** Who may assign and revoke a course's certificate: its owners and administrators, never to themselves. */
export async function requireCertifyCourse(
  db: Db,
  actor: Actor | null,
  course: CourseSummary,
  userId: string,
) {
  if (!actor) throw unauthenticated();
  if (!(await courseRights(db, actor, course)).certify) throw forbidden();
  requireNotSelf(actor, userId);
}

// ---------------------------------------------------------------------------------------------
// Conditions of automatic issue
// ---------------------------------------------------------------------------------------------

/** Why a participant has no certificate for a module yet (shown after their result). */
export type WaitingReason =
  | 'notComplete'
  | 'notCorrect'
  | 'awaitingScore'
  | 'needsAttempt'
  | 'rizivMissing'
  | 'underReview'
  | 'byTeacher';

/**
 * Every question answered and at its maximum score (open questions once a teacher scored them);
 * with `waitingCounts`, an open answer waiting for its score counts as right for now
 * (docs/adr/0018-unscored-answers.md).
 */
function allCorrect(
  result: Pick<LearnerModule, 'scoring' | 'answers' | 'awaitingOn'>,
  waitingCounts = false,
): boolean {
  return Object.entries(result.scoring).every(([pagePath, entry]) =>
    Object.entries(entry).every(([name, value]) => {
      if (typeof value !== 'object') return true;
      const answered = result.answers[pagePath]?.[name] !== undefined;
      const waiting = waitingCounts && (result.awaitingOn[pagePath] ?? []).includes(name);
      return answered && (value.__score >= value.__maxScore || waiting);
    }),
  );
}

/**
 * The conditions of the config the participant does not meet yet (pure): completion, full score,
 * and a riziv number when the certificate requires one. An open answer not yet scored never fails
 * the full score: the certificate waits for the teacher ('awaitingScore'), and scoring it
 * (AnswerScored) runs the automatic issue again.
 */
export function unmetConditions(
  config: CertificateConfig,
  result: Pick<LearnerModule, 'scoring' | 'answers' | 'completed' | 'awaitingOn'>,
  riziv: string | null,
): WaitingReason[] {
  const reasons: WaitingReason[] = [];
  if (config.complete && !result.completed) reasons.push('notComplete');
  if (config.correct && !allCorrect(result))
    reasons.push(allCorrect(result, true) ? 'awaitingScore' : 'notCorrect');
  if (config.content.requireRiziv && !riziv?.trim()) reasons.push('rizivMissing');
  return reasons;
}

/** Seconds between a participant's first and last answer in a module (the fraud check's measure). */
export async function secondsSpent(db: Db, userId: string, moduleId: string): Promise<number> {
  const row = await db
    .selectFrom('module_results')
    .select(sql<number>`extract(epoch from (updated_at - started_at))::int`.as('seconds'))
    .where('user_id', '=', userId)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  return Math.max(0, Number(row?.seconds ?? 0));
}

/** A participant's result in a module, whoever asks (the job, a teacher checked by the caller). */
export const resultOf = (db: Db, module: ModuleSummary, userId: string) =>
  learnerModule(db, systemActor, module.path, userId);

// ---------------------------------------------------------------------------------------------
// What a holder and a verifier see
// ---------------------------------------------------------------------------------------------

export interface CertificateView {
  code: string;
  kind: CertificateKind;
  itemPath: string;
  itemName: string;
  userId: string;
  status: CertificateStatus;
  issuedAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  how: 'auto' | 'manual';
  verifyUrl: string;
  pdfUrl: string;
}

async function itemName(db: Db, kind: CertificateKind, itemPath: string): Promise<string> {
  const item =
    kind === 'module' ? await findModuleByPath(db, itemPath) : await findCourseByPath(db, itemPath);
  return item?.name ?? itemPath;
}

async function viewOf(
  platform: Platform,
  certificate: CertificateRecord,
  now = new Date(),
): Promise<CertificateView> {
  return {
    code: certificate.code,
    kind: certificate.kind,
    itemPath: certificate.itemPath,
    itemName: await itemName(platform.database.db, certificate.kind, certificate.itemPath),
    userId: certificate.userId,
    status: statusOf(certificate, now),
    issuedAt: certificate.issuedAt,
    expiresAt: certificate.expiresAt,
    revokedAt: certificate.revokedAt,
    how: certificate.how,
    verifyUrl: verifyUrlOf(publicUrlOf(platform), certificate.code),
    pdfUrl: `/api/certificates/${certificate.code}.pdf`,
  };
}

/** The signed-in person's certificates, newest first, with their state (/user/certificates). */
export async function myCertificates(platform: Platform, actor: Actor | null): Promise<CertificateView[]> {
  if (!actor) throw unauthenticated();
  const now = new Date();
  const records = await certificatesOfUser(platform.database.db, actor.userId);
  return Promise.all(records.map((record) => viewOf(platform, record, now)));
}

/**
 * The public answer of a verification code: its state, the name on it, the item and its dates;
 * nothing else about the person. A code whose holder was erased answers 'erased' and nothing more
 * (no name, item or dates: with the name printed on the paper they would still tell about the
 * person). NotFound for a code that never was a certificate.
 */
export async function verifyCertificate(platform: Platform, code: string): Promise<Verification> {
  const db = platform.database.db;
  const certificate = await findCertificateByCode(db, code);
  const holder = certificate ? await findUserById(db, certificate.userId) : null;
  if (!certificate || !holder) {
    if (certificate || (await isErasedCertificate(db, code))) return { code, status: 'erased' };
    throw notFound('certificates.errors.notFound');
  }
  return {
    code: certificate.code,
    status: statusOf(certificate, new Date()),
    name: holder.name,
    kind: certificate.kind,
    itemName: await itemName(db, certificate.kind, certificate.itemPath),
    issuedAt: certificate.issuedAt,
    expiresAt: certificate.expiresAt,
    revokedAt: certificate.revokedAt,
  };
}
export type Verification =
  | {
      code: string;
      status: CertificateStatus;
      name: string;
      kind: CertificateKind;
      itemName: string;
      issuedAt: string;
      expiresAt: string | null;
      revokedAt: string | null;
    }
  | { code: string; status: 'erased' };

/**
 * The module's certificate after the participant's result: theirs (valid, expired or revoked), or
 * why there is none yet. `configured` is false when the module has no certificate config.
 */
export async function moduleCertificateFor(platform: Platform, actor: Actor | null, modulePath: string) {
  if (!actor) throw unauthenticated();
  const db = platform.database.db;
  // The same visibility as the result itself.
  const result = await learnerModule(db, actor, modulePath);
  const module = result.module;
  const saved = await certificateConfigOf(db, 'module', module.moduleId);
  const latest = await latestCertificateOf(db, 'module', module.moduleId, actor.userId);
  const certificate = latest ? await viewOf(platform, latest) : null;
  const none = { helpers: [] as string[] };
  if (!saved) return { configured: false, certificate, waiting: [] as WaitingReason[], ...none };
  if (certificate && certificate.status !== 'revoked')
    return { configured: true, certificate, waiting: [] as WaitingReason[], ...none };
  const user = await findUserById(db, actor.userId);
  let waiting: WaitingReason[] = (await openReviewOf(db, 'module', module.moduleId, actor.userId))
    ? ['underReview']
    : unmetConditions(saved, result, user?.riziv ?? null);
  // Never advise what the participant can no longer do alone (a wrong answer with no attempts left,
  // a page stuck behind its gate): say who can give another attempt instead.
  const stuck = result.pages.some((page) => page.stuck);
  const impossible = (reason: WaitingReason) =>
    (reason === 'notCorrect' && result.needsAttempt) || (reason === 'notComplete' && stuck);
  if (waiting.some(impossible))
    waiting = ['needsAttempt', ...waiting.filter((reason) => !impossible(reason))];
  if (waiting.length === 0 && (!saved.auto || latest)) waiting.push('byTeacher');
  return {
    configured: true,
    certificate,
    waiting,
    helpers: waiting.includes('needsAttempt') ? result.helpers : [],
  };
}

/**
 * A participant's latest certificate for a module, for who may certify it (the participant's result
 * view offers to assign or revoke by it); null when they never held one.
 */
export async function participantModuleCertificate(
  platform: Platform,
  actor: Actor | null,
  modulePath: string,
  userId: string,
) {
  if (!actor) throw unauthenticated();
  const db = platform.database.db;
  const module = await findModuleByPath(db, modulePath);
  if (!module) throw notFound('module.notFound');
  const authority = await moduleAuthority(db, actor, module);
  if (!authority.rights.results) throw forbidden();
  await requireReach(db, actor, authority, 'read', userId);
  const latest = await latestCertificateOf(db, 'module', module.moduleId, userId);
  return latest ? viewOf(platform, latest) : null;
}

/**
 * Who may read a certificate that is not theirs: for a module, who reads the holder's results in it
 * (the results right and a read reach to the holder); for a course, who reads the course's
 * certificate list. The verification page, the PDF and GraphQL all ask this one rule.
 */
async function mayReadOthersCertificate(db: Db, actor: Actor, record: CertificateRecord): Promise<boolean> {
  if (record.kind === 'module') {
    const module = await findModuleByPath(db, record.itemPath);
    if (!module) return false;
    const authority = await moduleAuthority(db, actor, module);
    return authority.rights.results && (await reaches(db, authority.readReach, record.userId));
  }
  const course = await findCourseByPath(db, record.itemPath);
  return course !== null && (await courseRights(db, actor, course)).certificates;
}

const mayReadCertificate = async (db: Db, actor: Actor, record: CertificateRecord) =>
  record.userId === actor.userId || (await mayReadOthersCertificate(db, actor, record));

/**
 * A module certificate by its verification code, to whoever may read it; null for everyone else,
 * an unknown code or a course certificate, as if there were none.
 */
export async function moduleCertificateByCode(
  platform: Platform,
  actor: Actor | null,
  code: string,
): Promise<CertificateView | null> {
  if (!actor) return null;
  const db = platform.database.db;
  const record = await findCertificateByCode(db, code);
  if (record?.kind !== 'module' || !(await mayReadCertificate(db, actor, record))) return null;
  return viewOf(platform, record);
}

/** The signed-in person's certificate for a course (the 'Your Certificate' tab); null when none. */
export async function courseCertificateFor(platform: Platform, actor: Actor | null, coursePath: string) {
  if (!actor) return null;
  const db = platform.database.db;
  const course = await findCourseByPath(db, coursePath);
  if (!course) return null;
  const latest = await latestCertificateOf(db, 'course', course.courseId, actor.userId);
  return latest ? viewOf(platform, latest) : null;
}

/**
 * The PDF's content for a certificate, to whoever may read it (its holder, who reads the holder's
 * results in the module or the course's certificate list). Others get NotFound, as if the code did
 * not exist.
 */
export async function certificateDocument(
  platform: Platform,
  actor: Actor | null,
  code: string,
): Promise<CertificateDocument> {
  if (!actor) throw unauthenticated();
  const db = platform.database.db;
  const certificate = await findCertificateByCode(db, code);
  if (!certificate || !(await mayReadCertificate(db, actor, certificate)))
    throw notFound('certificates.errors.notFound');
  const module = certificate.kind === 'module' ? await findModuleByPath(db, certificate.itemPath) : null;
  const ownCourse = certificate.kind === 'course' ? await findCourseByPath(db, certificate.itemPath) : null;
  const item = module ?? ownCourse;
  const holder = await findUserById(db, certificate.userId);
  if (!item || !holder) throw notFound('certificates.errors.notFound');
  const itemId = module ? module.moduleId : (ownCourse as CourseSummary).courseId;
  const config = await configOrDefault(db, certificate.kind, itemId);
  const course = ownCourse ?? (module ? await courseOfModule(db, module.path, certificate.userId) : null);
  return buildCertificateDocument({
    certificate,
    config,
    // A teacher's copy of a private holder's certificate names no one; the holder's own names them.
    holder: asSeenBy(actor, holder),
    item: { name: item.name, language: item.language },
    course,
    publicUrl: publicUrlOf(platform),
  });
}

/**
 * The course a module certificate speaks of, for its dates, teacher and place: among the courses
 * that list the module (directly or in a section), the one the holder is linked to, else the first.
 * A later edition the holder never followed does not lend its dates to their certificate.
 */
async function courseOfModule(db: Db, modulePath: string, holderId: string): Promise<CourseSummary | null> {
  const coursePaths = new Set<string>();
  for (const parent of await parentsOf(db, 'module', modulePath)) {
    if (parent.parentType === 'course') coursePaths.add(parent.parentPath);
    else {
      const section = await findSectionByPath(db, parent.parentPath);
      if (section) coursePaths.add(section.parentPath);
    }
  }
  const paths = [...coursePaths].sort();
  for (const path of paths)
    if (await isLinkedTo(db, holderId, 'course', path)) return findCourseByPath(db, path);
  return paths[0] ? findCourseByPath(db, paths[0]) : null;
}

// ---------------------------------------------------------------------------------------------
// Admin lists
// ---------------------------------------------------------------------------------------------

/**
 * The participants of a course with their course certificate and group (admin course-certificates
 * list); with `group`, only that group's participants.
 */
export async function courseCertificateList(
  platform: Platform,
  actor: Actor | null,
  coursePath: string,
  group?: string,
) {
  if (!actor) throw unauthenticated();
  const db = platform.database.db;
  const course = await findCourseByPath(db, coursePath);
  if (!course) throw notFound('course.notFound');
  const rights = await courseRights(db, actor, course);
  if (!rights.certificates) throw forbidden();
  const [linked, certificates] = await Promise.all([
    usersLinkedTo(db, 'course', [course.path]),
    latestCertificatesOfItem(db, 'course', course.courseId),
  ]);
  const participants = group === undefined ? linked : linked.filter((link) => link.group === group);
  const groupOf = new Map(participants.map((link) => [link.user._id, link.group]));
  const now = new Date();
  return {
    course: { path: course.path, name: course.name },
    /** Whether this reader may assign and revoke (the list is readable by more people than that). */
    mayCertify: rights.certify,
    participants: await Promise.all(
      inSeenOrder(
        actor,
        participants.map(({ user }) => user),
      ).map(async (user) => {
        const certificate = certificates.get(user._id);
        return {
          userId: user._id,
          name: user.name,
          email: user.email,
          group: groupOf.get(user._id) ?? null,
          certificate: certificate ? await viewOf(platform, certificate, now) : null,
        };
      }),
    ),
  };
}

/** The fraud check's open cases this actor may decide on (every module's for editors, else their own). */
export async function reviewList(platform: Platform, actor: Actor | null) {
  if (!actor) throw unauthenticated();
  const db = platform.database.db;
  const owned = can(actor, 'edit') ? undefined : await modulesOwnedBy(db, actor.userId);
  if (owned && owned.length === 0 && !can(actor, 'view')) return [];
  const reviews = await openReviews(db, owned);
  const people = await findUsersByIds(db, [...new Set(reviews.map((review) => review.userId))]);
  return Promise.all(
    reviews.map(async (review) => {
      const found = people.find((user) => user._id === review.userId);
      const person = found && userFor(actor, found);
      return {
        ...review,
        itemName: await itemName(db, review.kind, review.itemPath),
        name: person?.name ?? '',
        email: person?.email ?? '',
      };
    }),
  );
}
