import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { certificateContentSchema } from '../../events/certificate/config';
import { courseInputSchema } from '../../events/course/commands';
import { moduleInputSchema } from '../../events/module/commands';
import { pageInputSchema } from '../../events/page/commands';
import { allRules, noRules } from '../../events/permissions';
import { sectionInputSchema } from '../../events/section/commands';
import { trackingInputSchema } from '../../events/tracking/commands';
import { certificatesOfUser } from '../../projections/certificate/certificates';
import {
  addCertificateToUser,
  certify,
  configureCourseCertificate,
  configureModuleCertificate,
  removeCertificateFromUser,
} from '../../server/certificate/commands';
import { sendCertificateReminders } from '../../server/certificate/reminders';
import {
  createCourse,
  deleteCourse,
  duplicateCourse,
  publishCourse,
  translateCourse,
  unpublishCourse,
  updateCourse,
} from '../../server/course/commands';
import { discardCourseDraft, publishCourseChanges, saveCourseDraft } from '../../server/course/drafts';
import { createFile, deleteFile, updateFile } from '../../server/file/commands';
import { addItemToParent, orderModules, removeItemFromParent } from '../../server/link/commands';
import { askQuestion, closeThread, followUp, markRead, reply } from '../../server/message/commands';
import {
  createModule,
  deleteModule,
  duplicateModule,
  orderPages,
  removeModuleOwner,
  translateModule,
  unpublishModule,
  updateModule,
} from '../../server/module/commands';
import { discardModuleDraft, publishModuleChanges, saveModuleDraft } from '../../server/module/drafts';
import { createPage, deletePage, duplicatePage, updatePage } from '../../server/page/commands';
import { publishPageChanges, savePageDraft } from '../../server/page/drafts';
import { saveResult } from '../../server/result/commands';
import { grantAttempt, scoreResult } from '../../server/result/teacher';
import { createSection, deleteSection } from '../../server/section/commands';
import { recordPageSeen, updateLog } from '../../server/tracking/commands';
import { deleteUser } from '../../server/user/commands';
import type { TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { sdgChoice } from './questions';

export const admin = { userId: 'admin-1', roles: ['admin'], rules: allRules() };

/** The metadata of the next command: one minute after the previous one. */
export type Meta = () => { actorId: string; requestId: string; now: Date };

/** A clock for a scenario: each command a minute after the last, as the administrator. */
export function scenarioClock(requestId: string, start = '2026-11-22T08:00:00Z'): Meta {
  let clock = Date.parse(start);
  return () => {
    clock += 60_000;
    return { actorId: admin.userId, requestId, now: new Date(clock) };
  };
}
export const input = (name: string, extra: Record<string, unknown> = {}) =>
  courseInputSchema.parse({ name, language: 'en', ...extra });

const moduleForm = (name: string, extra: Record<string, unknown> = {}) =>
  moduleInputSchema.parse({ name, language: 'en', ...extra });
const pageForm = (name: string, extra: Record<string, unknown> = {}) =>
  pageInputSchema.parse({ name, type: 'markdown', estimatedTime: 60, ...extra });
const parent = { parentType: 'module' as const, parentPath: 'contraception' };

/**
 * Four courses, one unpublished, one renamed, one deleted, with drafts of their settings (one
 * published, one discarded, one kept, one deleted with its course): 19 events.
 */
export async function courseScenario(platform: TestPlatform, meta: Meta) {
  await createCourse(platform, admin, meta(), { course: input('Family planning', { onHome: true }) });
  await createCourse(platform, admin, meta(), { course: input('Family planning') });
  await createCourse(platform, admin, meta(), {
    path: 'maternal-health',
    course: input('Maternal health', {
      startdate: '2027-01-10',
      enddate: '2027-02-10',
      image: { name: 'm.jpg', alt: 'A midwife' },
    }),
  });
  await createCourse(platform, admin, meta(), { course: input('To be removed') });
  await updateCourse(platform, admin, meta(), {
    path: 'maternal-health',
    course: input('Maternal and newborn health', { location: 'Kinshasa', teacher: 'Dr. Mbuyi' }),
  });
  await unpublishCourse(platform, admin, meta(), 'family-planning-2');
  await unpublishCourse(platform, admin, meta(), 'maternal-health');
  await publishCourse(platform, admin, meta(), 'maternal-health');
  await saveCourseDraft(platform, admin, meta(), {
    path: 'maternal-health',
    course: input('Maternal and newborn health', { info: 'Two weeks in Kinshasa.' }),
  });
  await publishCourseChanges(platform, admin, meta(), 'maternal-health');
  await saveCourseDraft(platform, admin, meta(), { path: 'family-planning', course: input('Draft name') });
  await discardCourseDraft(platform, admin, meta(), 'family-planning');
  await saveCourseDraft(platform, admin, meta(), { path: 'family-planning', course: input('Kept draft') });
  await saveCourseDraft(platform, admin, meta(), { path: 'to-be-removed', course: input('Gone draft') });
  await deleteCourse(platform, admin, meta(), 'to-be-removed');
}

/** Modules and pages: 40 events (each creation also makes the creator an owner). */
async function moduleScenario(platform: TestPlatform, meta: Meta) {
  await createModule(platform, admin, meta(), { module: moduleForm('Contraception', { onHome: true }) });
  await createModule(platform, admin, meta(), {
    path: 'exam',
    module: moduleForm('Exam', {
      test: true,
      randomized: ['answers'],
      image: { name: 'e.jpg', alt: 'An exam paper' },
    }),
  });
  for (const name of ['Intro', 'Methods', 'Myths']) {
    await createPage(platform, admin, meta(), { ...parent, page: pageForm(name) });
  }
  await createPage(platform, admin, meta(), {
    parentType: 'module',
    parentPath: 'exam',
    page: pageForm('Watch', {
      type: 'interactive',
      content: [
        {
          type: 'checkbox',
          questionType: 'multiple',
          name: 'q1',
          label: 'Which?',
          schema: {},
          options: [
            { label: 'A', value: 'a', score: 1 },
            { label: 'B', value: 'b', score: 1 },
          ],
        },
      ],
      interactiveVideo: {
        url: 'https://v.example.org/w.mp4',
        timestamps: [{ hh: 0, mm: 1, ss: 2, references: ['q1'] }],
      },
    }),
  });
  await updatePage(platform, admin, meta(), {
    path: 'methods',
    page: pageForm('Methods', { estimatedTime: 300 }),
  });
  await orderPages(platform, admin, meta(), {
    path: 'contraception',
    pages: ['myths', 'intro', 'methods'],
  });
  await duplicatePage(platform, admin, meta(), 'intro');
  // Drafts of live pages: one published, one kept, one on a page deleted with it.
  await savePageDraft(platform, admin, meta(), { path: 'methods', page: pageForm('Methods and risks') });
  await publishPageChanges(platform, admin, meta(), 'methods');
  await savePageDraft(platform, admin, meta(), { path: 'intro', page: pageForm('Introduction') });
  await savePageDraft(platform, admin, meta(), { path: 'myths', page: pageForm('Myths and facts') });
  await deletePage(platform, admin, meta(), 'myths');
  await removeModuleOwner(platform, admin, meta(), { path: 'exam', userId: admin.userId });
  await unpublishModule(platform, admin, meta(), 'exam');
  await updateModule(platform, admin, meta(), {
    path: 'contraception',
    module: moduleForm('Contraception methods', { public: false }),
  });
  await duplicateModule(platform, admin, meta(), 'contraception');
  await translateModule(platform, admin, meta(), {
    path: 'contraception',
    module: moduleForm('Contraception', { language: 'fr' }),
  });
  await createModule(platform, admin, meta(), { path: 'gone', module: moduleForm('Gone') });
  await createPage(platform, admin, meta(), {
    parentType: 'module',
    parentPath: 'gone',
    page: pageForm('Gone page'),
  });
  await savePageDraft(platform, admin, meta(), { path: 'gone-page', page: pageForm('Gone draft') });
  // Drafts of module settings: one published, one discarded, one kept, one deleted with its module.
  await saveModuleDraft(platform, admin, meta(), {
    path: 'exam',
    module: moduleForm('Final exam', { test: true }),
  });
  await publishModuleChanges(platform, admin, meta(), 'exam');
  await saveModuleDraft(platform, admin, meta(), {
    path: 'exam',
    module: moduleForm('Exam draft', { test: true }),
  });
  await discardModuleDraft(platform, admin, meta(), 'exam');
  await saveModuleDraft(platform, admin, meta(), {
    path: 'exam',
    module: moduleForm('Exam, kept', { test: true }),
  });
  await saveModuleDraft(platform, admin, meta(), { path: 'gone', module: moduleForm('Gone draft') });
  await deleteModule(platform, admin, meta(), 'gone');
}

/** Sections, files, links, a duplicate (copying its modules) and a translation with its modules: 43 events. */
async function linkScenario(platform: TestPlatform, meta: Meta) {
  const section = (name: string) => sectionInputSchema.parse({ name, language: 'en' });
  const file = (name: string) => ({ name, url: `/files/${name.toLowerCase()}.pdf`, type: 'pdf' as const });
  const onCourse = (parentPath: string) => ({ parentType: 'course' as const, parentPath });
  const onSection = (parentPath: string) => ({ parentType: 'section' as const, parentPath });
  for (const name of ['Week one', 'Week two']) {
    await createSection(platform, admin, meta(), {
      parentType: 'course',
      parentPath: 'family-planning',
      section: section(name),
    });
  }
  await createSection(platform, admin, meta(), {
    parentType: 'course',
    parentPath: 'maternal-health',
    section: section('Doomed'),
  });
  await createFile(platform, admin, meta(), { file: file('Leaflet'), parent: onCourse('family-planning') });
  await createFile(platform, admin, meta(), { file: file('Slides'), parent: null });
  await createFile(platform, admin, meta(), { file: file('Old'), parent: null });
  await addItemToParent(platform, admin, meta(), {
    itemType: 'module',
    itemPath: 'contraception',
    ...onCourse('family-planning'),
  });
  await addItemToParent(platform, admin, meta(), {
    itemType: 'module',
    itemPath: 'exam',
    ...onCourse('family-planning'),
  });
  await orderModules(platform, admin, meta(), {
    ...onCourse('family-planning'),
    modules: ['exam', 'contraception'],
  });
  await addItemToParent(platform, admin, meta(), {
    itemType: 'file',
    itemPath: 'slides',
    ...onSection('week-one'),
  });
  await addItemToParent(platform, admin, meta(), {
    itemType: 'module',
    itemPath: 'contraception',
    ...onSection('week-one'),
  });
  await addItemToParent(platform, admin, meta(), {
    itemType: 'module',
    itemPath: 'exam',
    ...onSection('doomed'),
  });
  await updateFile(platform, admin, meta(), {
    path: 'slides',
    file: { ...file('Slides'), name: 'Slides (v2)' },
  });
  await removeItemFromParent(platform, admin, meta(), {
    itemType: 'module',
    itemPath: 'contraception',
    ...onCourse('family-planning'),
  });
  await addItemToParent(platform, admin, meta(), {
    itemType: 'file',
    itemPath: 'old',
    ...onCourse('maternal-health'),
  });
  await deleteFile(platform, admin, meta(), 'old');
  await deleteSection(platform, admin, meta(), 'doomed');
  await duplicateCourse(platform, admin, meta(), 'family-planning');
  await translateCourse(platform, admin, meta(), {
    path: 'family-planning',
    course: input('Planification familiale', { language: 'fr' }),
  });
}

/** Two people's logs, one of them then deleted: 6 account events, 5 sightings and UserDeleted. */
async function trackingScenario(platform: TestPlatform, meta: Meta) {
  const stays = await addTestUser(platform);
  const goes = await addTestUser(platform);
  const seen = (userId: string, form: Record<string, string>, at = meta()) =>
    updateLog(platform, { userId, roles: [], rules: noRules() }, at, trackingInputSchema.parse(form));
  await seen(stays.userId, { type: 'course', path: 'family-planning' });
  await seen(stays.userId, { type: 'sections', path: 'week-one' });
  await seen(stays.userId, { type: 'courses', path: 'family-planning' });
  const watched = meta();
  // Only what exists is tracked: the leaflet of the link scenario.
  const leaflet = { type: 'file', path: 'leaflet' };
  await seen(stays.userId, leaflet, watched);
  // Again 30 seconds later: within the minute, so not recorded.
  const lastSeen = new Date(watched.now.getTime() + 30_000).toISOString();
  expect((await seen(stays.userId, { ...leaflet, lastSeen })).recorded).toBe(false);
  await seen(goes.userId, { type: 'course', path: 'family-planning' });
  await deleteUser(platform, admin, meta(), goes.userId);
}

/**
 * Certificate configs, a module certificate, a course certificate assigned and revoked, and an
 * expiry reminder of the module certificate: 9 events (3 for the account).
 */
async function certificateScenario(platform: TestPlatform, meta: Meta) {
  const config = { auto: true, complete: true, correct: false, checkFraud: false, timed: 2 };
  const content = certificateContentSchema.parse({ header: 'Certificate', requireRiziv: true });
  await configureModuleCertificate(platform, admin, meta(), {
    path: 'contraception',
    config: { ...config, content },
  });
  await configureCourseCertificate(platform, admin, meta(), {
    path: 'maternal-health',
    config: { ...config, auto: false, timed: 0, content },
  });
  const holder = await addTestUser(platform);
  await certify(platform, admin, meta(), { module: 'contraception', user: holder.userId });
  await addCertificateToUser(platform, admin, meta(), { _id: holder.userId, course: 'maternal-health' });
  await removeCertificateFromUser(platform, admin, meta(), {
    _id: holder.userId,
    course: 'maternal-health',
  });
  // Valid two years: ten days before expiry, the 30-day reminder is due.
  const expires = Date.parse((await certificatesOfUser(platform.database.db, holder.userId))[1]!.expiresAt!);
  expect(await sendCertificateReminders(platform, new Date(expires - 10 * 86_400_000))).toBe(1);
}

/** An open answer scored twice by a teacher, with feedback (and the learner's 3 account events). */
async function resultScenario(platform: TestPlatform, meta: Meta) {
  await createModule(platform, admin, meta(), { path: 'reflect', module: moduleForm('Reflect') });
  await createPage(platform, admin, meta(), {
    parentType: 'module',
    parentPath: 'reflect',
    page: pageForm('Why', {
      type: 'question',
      content: [
        { type: 'textarea', questionType: 'open', name: 'why', label: 'Why?', schema: { maxScore: 4 } },
      ],
    }),
  });
  const learner = { userId: (await addTestUser(platform)).userId, roles: [], rules: noRules() };
  const answer = { module: 'reflect', page: 'why', result: { answers: { why: 'Rights.' } } };
  await saveResult(platform, learner, meta(), answer);
  const score = (scores: Record<string, number>, feedback: Record<string, string>) =>
    scoreResult(platform, admin, meta(), {
      user: learner.userId,
      module: 'reflect',
      page: 'why',
      result: { scores, feedback },
    });
  await score({ why: 3 }, { why: 'Good start.' });
  await score({ why: 2 }, {});
  // Drafts, a confirmed wrong answer, another attempt from a teacher, and a draft left standing.
  await createPage(platform, admin, meta(), {
    parentType: 'module',
    parentPath: 'reflect',
    page: pageForm('Check', {
      type: 'question',
      content: [sdgChoice],
    }),
  });
  // Saves from a device's answer queue carry an idempotency key (answer_requests).
  const check = (value: string, confirm: string[] = []) =>
    saveResult(platform, learner, meta(), {
      module: 'reflect',
      page: 'check',
      result: { answers: { sdg: value }, confirm },
      idempotencyKey: randomUUID(),
    });
  await check('five');
  await check('thirteen');
  await check('thirteen', ['sdg']);
  await grantAttempt(platform, admin, meta(), {
    module: 'reflect',
    user: learner.userId,
    page: 'check',
    question: 'sdg',
  });
  await check('five');
  // The learner had the first page in front of them: a PageSeen (a statement, no user_tracking row).
  await recordPageSeen(platform, learner, meta(), { module: 'reflect', page: 'why' });
  // A question to the module's teacher: asked, answered, followed up, read and closed (message_threads).
  const { thread } = await askQuestion(platform, learner, meta(), {
    page: 'why',
    course: null,
    question: 'why',
    text: 'What counts as a right?',
  });
  await reply(platform, admin, meta(), thread, 'Whatever the declaration lists.');
  await markRead(platform, learner, meta(), thread);
  await followUp(platform, learner, meta(), thread, 'Thank you.');
  await closeThread(platform, admin, meta(), thread);
}

/**
 * One scenario touching every stream and read table (courses, modules, pages, sections, files, links,
 * people, tracking, certificates, results): the rebuild and backup tests both replay it, so a new
 * projection is covered by both once it is added here.
 */
export async function platformScenario(platform: TestPlatform, meta: Meta) {
  await courseScenario(platform, meta);
  await moduleScenario(platform, meta);
  await linkScenario(platform, meta);
  await trackingScenario(platform, meta);
  await certificateScenario(platform, meta);
  await resultScenario(platform, meta);
}

/**
 * The events platformScenario appends: 15 course events plus the creator becoming owner of each of
 * the 4 courses; 40 module and page events; 30 links; 12 tracking; 9 certificates; 9 results (the
 * module, its owner, its page, the learner's 3 account events, the answer, 2 scores) and 7 more (a
 * second page, 3 drafts, a confirmed answer, another attempt and a page seen) and 5 of a question
 * to the teacher (asked, answered, read, followed up, closed).
 */
export const platformScenarioEvents = 19 + 40 + 43 + 12 + 9 + 9 + 7 + 5;
