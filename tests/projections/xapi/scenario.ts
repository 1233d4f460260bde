import { certificateContentSchema } from '../../../events/certificate/config';
import { courseInputSchema } from '../../../events/course/commands';
import { moduleInputSchema } from '../../../events/module/commands';
import { pageInputSchema } from '../../../events/page/commands';
import { allRules, noRules } from '../../../events/permissions';
import { sectionInputSchema } from '../../../events/section/commands';
import { trackingInputSchema } from '../../../events/tracking/commands';
import {
  certify,
  configureModuleCertificate,
  revokeModuleCertificate,
} from '../../../server/certificate/commands';
import { createCourse } from '../../../server/course/commands';
import { addItemToParent } from '../../../server/link/commands';
import { createModule } from '../../../server/module/commands';
import { createPage } from '../../../server/page/commands';
import { saveResult } from '../../../server/result/commands';
import { createSection } from '../../../server/section/commands';
import { recordPageSeen, updateLog } from '../../../server/tracking/commands';
import { deleteUser } from '../../../server/user/commands';
import type { TestPlatform } from '../../harness';
import { addTestUser } from '../../users';

const admin = { userId: 'admin-xapi', roles: ['admin'], rules: allRules() };

/**
 * Everything that makes a statement, by two learners in one module: sightings of items and of the
 * module's page (experienced, attended), choice and open answers (answered), a number and a short
 * text typed in a second module (answered), the module finished (completed, passed and failed),
 * a certificate issued and revoked (earned, voided), and the second learner erased (voided).
 */
export async function xapiScenario(platform: TestPlatform, prefix: string) {
  let clock = Date.parse('2026-11-26T08:00:00Z');
  const meta = () => {
    clock += 60_000;
    return { actorId: admin.userId, requestId: 'xapi', now: new Date(clock) };
  };
  const module = `${prefix}-quiz`;
  await createModule(platform, admin, meta(), {
    path: module,
    module: moduleInputSchema.parse({ name: 'Quiz', language: 'en' }),
  });
  await createPage(platform, admin, meta(), {
    parentType: 'module',
    parentPath: module,
    page: pageInputSchema.parse({
      name: 'Questions',
      type: 'question',
      estimatedTime: 60,
      content: [
        {
          type: 'radio',
          questionType: 'single',
          name: 'method',
          label: 'Which method is hormonal?',
          schema: {},
          options: [
            { label: 'The pill', value: 'pill', score: 1 },
            { label: 'Condom', value: 'condom', score: 0 },
          ],
        },
        {
          type: 'checkbox',
          questionType: 'multiple',
          name: 'rights',
          label: 'Which are rights?',
          schema: {},
          options: [
            { label: 'Information', value: 'information', score: 1 },
            { label: 'Choice', value: 'choice', score: 1 },
          ],
        },
        { type: 'textarea', questionType: 'open', name: 'why', label: 'Why?', schema: { maxScore: 2 } },
      ],
    }),
  });
  const typed = `${prefix}-typed`;
  await createModule(platform, admin, meta(), {
    path: typed,
    module: moduleInputSchema.parse({ name: 'Typed', language: 'nl' }),
  });
  await createPage(platform, admin, meta(), {
    parentType: 'module',
    parentPath: typed,
    page: pageInputSchema.parse({
      name: 'Typed',
      type: 'question',
      estimatedTime: 60,
      content: [
        {
          type: 'numeric',
          questionType: 'numeric',
          name: 'year',
          label: 'In welk jaar?',
          schema: {},
          unit: '',
          accepted: [
            { value: 1994, tolerance: 0, score: 2 },
            { value: 1995, tolerance: 1, score: 1 },
          ],
        },
        {
          type: 'shortText',
          questionType: 'short',
          name: 'city',
          label: 'Welke stad?',
          schema: {},
          caseSensitive: false,
          accepted: [
            { text: 'Kaïro', score: 1 },
            { text: 'Cairo', score: 1 },
            { text: 'Caï*', score: 1 },
          ],
        },
      ],
    }),
  });
  const content = certificateContentSchema.parse({ header: 'Certificate' });
  await configureModuleCertificate(platform, admin, meta(), {
    path: module,
    config: { auto: false, complete: true, correct: false, checkFraud: false, timed: 0, content },
  });
  // Only what exists is tracked: the course, its classroom and a breakout room of it.
  await createCourse(platform, admin, meta(), {
    path: `${prefix}-course`,
    course: courseInputSchema.parse({ name: 'Course', language: 'en' }),
  });
  await createSection(platform, admin, meta(), {
    path: `${prefix}-room`,
    parentType: 'course',
    parentPath: `${prefix}-course`,
    section: sectionInputSchema.parse({
      name: 'Live',
      language: 'en',
      classroom: {
        name: 'Live',
        type: 'jitsi',
        breakoutrooms: [
          {
            name: 'Room 2',
            startdate: null,
            jitsi: 'https://meet.jit.si/room-2',
            roomNumber: 2,
            breakoutroomInteriorInfo: '',
          },
        ],
      },
    }),
  });
  // The quiz is part of the course through the live section: its statements name the course as grouping.
  await addItemToParent(platform, admin, meta(), {
    parentType: 'section',
    parentPath: `${prefix}-room`,
    itemType: 'module',
    itemPath: module,
  });
  const learner = await addTestUser(platform, { name: 'Ada Learner' });
  const leaver = await addTestUser(platform, { name: 'Leaving Person' });
  const as = (userId: string) => ({ userId, roles: [], rules: noRules() });
  const seen = (userId: string, form: Record<string, string>) =>
    updateLog(platform, as(userId), meta(), trackingInputSchema.parse(form));
  const pageSeen = (userId: string) =>
    recordPageSeen(platform, as(userId), meta(), { module, page: 'questions' });
  const answer = (userId: string, answers: Record<string, string | string[]>) =>
    saveResult(platform, as(userId), meta(), { module, page: 'questions', result: { answers } });

  await seen(learner.userId, { type: 'course', path: `${prefix}-course` });
  await seen(learner.userId, { type: 'classroom', path: `${prefix}-room` });
  await seen(learner.userId, { type: 'breakoutroom', path: `${prefix}-room/2` });
  await pageSeen(learner.userId);
  await answer(learner.userId, { method: 'condom' });
  await answer(learner.userId, { method: 'pill', rights: ['information', 'choice'] });
  await answer(learner.userId, { why: 'Because everyone decides for themselves.' });
  await saveResult(platform, as(learner.userId), meta(), {
    module: typed,
    page: 'typed',
    result: { answers: { year: '1994,0', city: ' cairo ' } },
  });
  await certify(platform, admin, meta(), { module, user: learner.userId });
  await revokeModuleCertificate(platform, admin, meta(), { module, user: learner.userId, reason: 'test' });
  await certify(platform, admin, meta(), { module, user: learner.userId });

  await seen(leaver.userId, { type: 'course', path: `${prefix}-course` });
  await pageSeen(leaver.userId);
  await answer(leaver.userId, { method: 'condom', rights: ['choice'], why: 'Private.' });
  await deleteUser(platform, admin, meta(), leaver.userId);
  return { module, typed, course: `${prefix}-course`, learner, leaver };
}
