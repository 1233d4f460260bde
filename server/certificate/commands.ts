import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { CertificateCommand, CertificateSubject } from '../../events/certificate/commands';
import type { CertificateConfig } from '../../events/certificate/config';
import { certificateDecider } from '../../events/certificate/decider';
import { certificateStream } from '../../events/certificate/events';
import { type CommandMeta, execute } from '../../events/command';
import type { CourseCommand } from '../../events/course/commands';
import { courseDecider } from '../../events/course/decider';
import { courseStream } from '../../events/course/events';
import { notFound, unauthenticated } from '../../events/errors';
import type { ModuleCommand } from '../../events/module/commands';
import { moduleDecider } from '../../events/module/decider';
import { moduleStream } from '../../events/module/events';
import { type Actor, requireCan } from '../../events/permissions';
import type { AutoIssuePayload } from '../../jobs/certificates/auto-issue';
import { courseIdByPath, findCourseByPath } from '../../projections/course/course-summaries';
import { findModuleByPath, moduleIdByPath } from '../../projections/module/module-summaries';
import { findUserById } from '../../projections/user/users';
import type { Platform } from '../platform';
import {
  configOrDefault,
  findModuleById,
  requireCertifyCourse,
  requireCertifyModule,
  resultOf,
  secondsSpent,
  unmetConditions,
} from './queries';

/** A verification code: 12 random bytes, base64url: 16 URL-safe characters, 96 bits, unguessable. */
const newCertificateCode = () => randomBytes(12).toString('base64url');

const fresh = (meta: CommandMeta, config: CertificateConfig) => ({
  certificateId: uuidv7(),
  code: newCertificateCode(),
  now: meta.now.toISOString(),
  timed: config.timed,
});

function runCertificate(
  platform: Platform,
  meta: CommandMeta,
  subject: CertificateSubject,
  command: () => CertificateCommand,
) {
  return execute(platform.pipeline, {
    decider: certificateDecider,
    stream: certificateStream(subject.kind, subject.itemId, subject.userId),
    meta,
    authorize: () => {},
    command,
  });
}

/**
 * The auto-issue job's work (docs/guide/certificates.md): with the module's config `auto`, and its
 * conditions met (complete, correct, a riziv number when required), issue the module certificate;
 * with `checkFraud` and an implausibly short time, put the case on the review list instead. When a
 * condition is not met nothing is recorded: the result page derives why from the same conditions.
 * Safe to run any number of times, concurrently too (the certificate stream's lock and decider).
 */
export async function autoIssueCertificate(
  platform: Platform,
  payload: AutoIssuePayload,
  now = new Date(),
): Promise<'issued' | 'flagged' | 'nothing'> {
  const db = platform.database.db;
  const module = await findModuleById(db, payload.moduleId);
  if (!module) return 'nothing';
  const config = await configOrDefault(db, 'module', module.moduleId);
  if (!config.auto) return 'nothing';
  const user = await findUserById(db, payload.userId);
  if (!user) return 'nothing';
  const result = await resultOf(db, module, user._id);
  if (unmetConditions(config, result, user.riziv).length > 0) return 'nothing';
  const fraud = config.checkFraud
    ? {
        secondsSpent: await secondsSpent(db, user._id, module.moduleId),
        estimatedSeconds: module.estimatedTime,
      }
    : null;
  const meta: CommandMeta = { actorId: null, requestId: `job-${payload.moduleId}.${payload.userId}`, now };
  const subject: CertificateSubject = {
    kind: 'module',
    itemId: module.moduleId,
    itemPath: module.path,
    userId: user._id,
  };
  const outcome = await runCertificate(platform, meta, subject, () => ({
    type: 'AutoIssueCertificate',
    data: { ...fresh(meta, config), subject, fraud },
  }));
  const type = outcome.events[0]?.type;
  return type === 'CertificateIssued' ? 'issued' : type === 'CertificateFlagged' ? 'flagged' : 'nothing';
}

async function moduleSubject(platform: Platform, actor: Actor | null, modulePath: string, userId: string) {
  if (!actor) throw unauthenticated();
  const db = platform.database.db;
  const module = await findModuleByPath(db, modulePath);
  if (!module) throw notFound('module.notFound');
  await requireCertifyModule(db, actor, module, userId);
  const user = await findUserById(db, userId);
  if (!user) throw notFound('user.notFound');
  const subject: CertificateSubject = {
    kind: 'module',
    itemId: module.moduleId,
    itemPath: module.path,
    userId: user._id,
  };
  return { actor, subject, config: await configOrDefault(db, 'module', module.moduleId) };
}

async function courseSubject(platform: Platform, actor: Actor | null, coursePath: string, userId: string) {
  if (!actor) throw unauthenticated();
  const db = platform.database.db;
  const course = await findCourseByPath(db, coursePath);
  if (!course) throw notFound('course.notFound');
  await requireCertifyCourse(db, actor, course, userId);
  const user = await findUserById(db, userId);
  if (!user) throw notFound('user.notFound');
  const subject: CertificateSubject = {
    kind: 'course',
    itemId: course.courseId,
    itemPath: course.path,
    userId: user._id,
  };
  return { actor, subject, config: await configOrDefault(db, 'course', course.courseId) };
}

/** Assigns a certificate; a standing valid one is kept (nothing new). Answers the holder's code. */
async function issue(
  platform: Platform,
  meta: CommandMeta,
  target: Awaited<ReturnType<typeof moduleSubject>>,
): Promise<string> {
  const outcome = await runCertificate(platform, meta, target.subject, () => ({
    type: 'IssueCertificate',
    data: { ...fresh(meta, target.config), subject: target.subject, by: target.actor.userId },
  }));
  return outcome.state.current?.code ?? '';
}

async function revoke(
  platform: Platform,
  meta: CommandMeta,
  target: Awaited<ReturnType<typeof moduleSubject>>,
  reason: string | null,
) {
  await runCertificate(platform, meta, target.subject, () => ({
    type: 'RevokeCertificate',
    data: { subject: target.subject, by: target.actor.userId, now: meta.now.toISOString(), reason },
  }));
}

/** certify(module, user) (docs/guide/certificates.md): a teacher or admin assigns the module certificate. */
export async function certify(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { module: string; user: string },
): Promise<string> {
  return issue(platform, meta, await moduleSubject(platform, actor, input.module, input.user));
}

export async function revokeModuleCertificate(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { module: string; user: string; reason?: string },
) {
  const target = await moduleSubject(platform, actor, input.module, input.user);
  await revoke(platform, meta, target, input.reason?.trim() || null);
}

/** A flagged case on the review list: an admin decides no certificate is due. */
export async function dismissReview(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { module: string; user: string },
) {
  const target = await moduleSubject(platform, actor, input.module, input.user);
  await runCertificate(platform, meta, target.subject, () => ({
    type: 'DismissReview',
    data: { subject: target.subject, by: target.actor.userId, now: meta.now.toISOString() },
  }));
}

/** addCertificateToUser(_id, course) (docs/guide/certificates.md). Answers the certificate's code. */
export async function addCertificateToUser(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { _id: string; course: string },
): Promise<string> {
  return issue(platform, meta, await courseSubject(platform, actor, input.course, input._id));
}

/** removeCertificateFromUser(_id, course): revokes the course certificate. */
export async function removeCertificateFromUser(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { _id: string; course: string },
) {
  await revoke(platform, meta, await courseSubject(platform, actor, input.course, input._id), null);
}

/** Saves a module's certificate config on its stream; the same right as editing the module. */
export async function configureModuleCertificate(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; config: CertificateConfig },
) {
  const moduleId = await moduleIdByPath(platform.database.db, input.path);
  if (!moduleId) throw notFound('module.notFound');
  await execute(platform.pipeline, {
    decider: moduleDecider,
    stream: moduleStream(moduleId),
    meta,
    authorize: (state) =>
      requireCan(actor, 'edit', { owners: state.status === 'absent' ? [] : state.owners }),
    command: (): ModuleCommand => ({ type: 'ConfigureModuleCertificate', data: { config: input.config } }),
  });
}

/** Saves a course's certificate config on its stream; the same right as editing the course. */
export async function configureCourseCertificate(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; config: CertificateConfig },
) {
  const courseId = await courseIdByPath(platform.database.db, input.path);
  if (!courseId) throw notFound('course.notFound');
  await execute(platform.pipeline, {
    decider: courseDecider,
    stream: courseStream(courseId),
    meta,
    authorize: (state) =>
      requireCan(actor, 'edit', { owners: state.status === 'absent' ? [] : state.owners }),
    command: (): CourseCommand => ({ type: 'ConfigureCourseCertificate', data: { config: input.config } }),
  });
}
