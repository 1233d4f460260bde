import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { ensureTeacherRole } from '../../../server/auth/bootstrap';
import { emptyClientRoot } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';
import { trpcCalls } from '../trpc-calls';

/**
 * Answers not yet scored and the grading queue (docs/guide/results-and-scoring.md#to-grade,
 * docs/adr/0018-unscored-answers.md): an open answer waits for a teacher's score, shows as such to
 * the teacher, the learner and in the results, and is listed in `result.toGrade` for who may read
 * the module's results, only for the participants their reading reaches.
 */

type Who = 'admin' | 'moduleOwner' | 'courseOwner' | 'stranger' | 'pia' | 'omar';

const reflection = {
  type: 'textarea',
  questionType: 'open',
  name: 'reflection',
  label: 'What matters most?',
  schema: { maxScore: 5, info: 'Name one right and one service.' },
};
const choice = {
  type: 'radio',
  questionType: 'single',
  name: 'q',
  label: 'Right or wrong?',
  schema: { attempts: 0 },
  options: [
    { label: 'Right', value: 'right', score: 1 },
    { label: 'Wrong', value: 'wrong', score: 0 },
  ],
};
const itemFields = [
  'answer',
  'answeredAt',
  'attempts',
  'feedback',
  'mayScore',
  'module',
  'page',
  'participant',
  'question',
];

describe.each(databaseKinds)('the grading queue on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, string>;
  const module = 'queue-module';
  const page = 'questions';
  let course = '';
  const { as, call, refused } = trpcCalls(() => ({ app, platform, tokens }));
  const read = <T>(who: Who, procedure: string, input: unknown) => as<T>(who, procedure, input, false);
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  type Any = any;
  const queue = (who: Who, input: object) => read<Any>(who, 'result.toGrade', input);
  const answer = (who: Who, text: string) =>
    as(who, 'result.save', { module, page, result: { answers: { reflection: text, q: 'right' } } });
  const score = (who: Who, user: Who, result: object) =>
    as<Any>(who, 'result.score', { module, page, user: ids[user], result });

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await ensureTeacherRole(platform);
    for (const [who, roles] of [
      ['admin', ['admin']],
      ['moduleOwner', ['teacher']],
      ['courseOwner', ['teacher']],
      ['stranger', ['teacher']],
      ['pia', []],
      ['omar', []],
    ] as const) {
      const user = await addTestUser(platform, { roles: [...roles], name: `The ${who}` });
      tokens[who] = user.token;
      ids[who] = user.userId;
    }
    await as('admin', 'module.create', { path: module, module: { name: 'Queue module', language: 'en' } });
    await as('admin', 'page.create', {
      parentType: 'module',
      parentPath: module,
      path: page,
      page: { name: 'Questions', type: 'question', content: [reflection, choice] },
    });
    await as('admin', 'module.publish', { path: module });
    await as('admin', 'module.addOwner', { path: module, userId: ids.moduleOwner });
    course = (await as('admin', 'course.create', { course: { name: 'Queue course', language: 'en' } })).path;
    await as('admin', 'link.addItemToParent', {
      parentType: 'course',
      parentPath: course,
      itemType: 'module',
      itemPath: module,
    });
    await as('admin', 'course.addOwner', { path: course, userId: ids.courseOwner });
    // Pia follows the course, Omar only the module: the course's teacher reaches Pia alone.
    await as('admin', 'user.link', { _id: ids.pia, itemType: 'course', itemPath: course, linked: true });
    await answer('pia', 'Listening first.');
    await answer('omar', 'Clinics nearby.');
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('lists the unscored answers oldest first, with no field beyond those of the results', async () => {
    const listed = await queue('moduleOwner', { module });
    expect(Object.keys(listed).sort()).toEqual(['choices', 'items', 'scope', 'total']);
    expect(listed.scope).toEqual({ name: 'Queue module' });
    expect(listed.total).toBe(2);
    expect(listed.items.map((item: Any) => item.participant._id)).toEqual([ids.pia, ids.omar]);
    const [first] = listed.items;
    expect(Object.keys(first).sort()).toEqual(itemFields);
    expect(Object.keys(first.question).sort()).toEqual(['info', 'label', 'maxScore', 'name']);
    expect(Object.keys(first.participant).sort()).toEqual(['_id', 'email', 'name']);
    expect(first).toMatchObject({
      module: { path: module, name: 'Queue module' },
      page: { path: page, name: 'Questions' },
      question: { name: 'reflection', label: 'What matters most?', maxScore: 5, info: expect.any(String) },
      answer: 'Listening first.',
      mayScore: true,
    });
    // The choice question is scored by the server: never in the queue.
    expect(listed.items.every((item: Any) => item.question.name === 'reflection')).toBe(true);
    expect(listed.choices.participants.map((p: Any) => p._id).sort()).toEqual([ids.pia, ids.omar].sort());
  });

  it('filters by participant, page and question, and counts alone with limit 0', async () => {
    const omars = await queue('moduleOwner', { module, user: ids.omar });
    expect(omars.items.map((item: Any) => item.answer)).toEqual(['Clinics nearby.']);
    expect(omars.choices.participants).toHaveLength(2);
    expect((await queue('moduleOwner', { module, page: 'elsewhere' })).total).toBe(0);
    expect((await queue('moduleOwner', { module, question: 'reflection' })).total).toBe(2);
    const counted = await queue('admin', { limit: 0 });
    expect(counted).toMatchObject({ total: 2, items: [] });
  });

  it("filters by a group within the course, offering the queue's groups", async () => {
    await as('admin', 'user.setGroup', { userIds: [ids.pia], coursePath: course, group: 'Tuesday' });
    const byCourse = await queue('courseOwner', { course });
    expect(byCourse.choices.groups).toEqual(['Tuesday']);
    expect(
      (await queue('courseOwner', { course, group: 'Tuesday' })).items.map(
        (item: Any) => item.participant._id,
      ),
    ).toEqual([ids.pia]);
    expect((await queue('moduleOwner', { module, group: 'Tuesday' })).total).toBe(1);
    expect((await queue('moduleOwner', { module, group: 'Thursday' })).total).toBe(0);
    await as('admin', 'user.setGroup', { userIds: [ids.pia], coursePath: course, group: '' });
    expect((await queue('moduleOwner', { module })).choices.groups).toEqual([]);
  });

  it("a course's teacher sees only the course's participants, through the course or the module", async () => {
    const byCourse = await queue('courseOwner', { course });
    expect(byCourse.scope).toEqual({ name: 'Queue course' });
    expect(byCourse.items.map((item: Any) => item.participant._id)).toEqual([ids.pia]);
    const byModule = await queue('courseOwner', { module });
    expect(byModule.items.map((item: Any) => item.participant._id)).toEqual([ids.pia]);
    expect((await queue('admin', { course })).total).toBe(2);
  });

  it("refuses another teacher, a participant and a stranger's course view", async () => {
    await refused('stranger', 'result.toGrade', { module }, 'FORBIDDEN', false);
    await refused('stranger', 'result.toGrade', { course }, 'FORBIDDEN', false);
    await refused('pia', 'result.toGrade', { module }, 'FORBIDDEN', false);
    expect((await call('admin', 'result.toGrade', { course: 'no-such-course' }, false)).code).toBe(
      'NOT_FOUND',
    );
    // Without a scope: only what one may read, so nothing for them.
    expect((await queue('stranger', {})).total).toBe(0);
    expect((await queue('pia', {})).total).toBe(0);
  });

  it('shows "not yet scored" to the teacher, the learner and the results until scored', async () => {
    const result = await read<Any>('moduleOwner', 'result.participant', { module, user: ids.omar });
    const open = result.pages[0].questions.find((q: Any) => q.name === 'reflection');
    expect(open).toMatchObject({ awaitingScore: true, score: 0, scoredAt: null });
    expect(result.awaitingScore).toBe(1);
    expect(result.pages[0].awaitingScore).toBe(1);
    const learnerPage = await read<Any>('omar', 'result.page', { module, page });
    expect(learnerPage.questions.reflection.awaitingScore).toBe(true);
    expect(learnerPage.questions.q.awaitingScore).toBe(false);
    expect(learnerPage.progress.awaitingScore).toBe(1);
    expect((await read<Any>('omar', 'result.module', { module })).awaitingScore).toBe(1);
    const table = await read<Any>('moduleOwner', 'result.participants', { module });
    const row = table.participants.find((p: Any) => p._id === ids.omar);
    expect(row).toMatchObject({ awaitingScore: 1, awaitingPages: { [page]: 1 }, score: 1 });
  });

  it('feedback alone leaves it waiting; a score, even 0, takes it out; a new answer brings it back', async () => {
    await score('moduleOwner', 'omar', { feedback: { reflection: 'Which clinics?' } });
    expect((await queue('moduleOwner', { module, user: ids.omar })).total).toBe(1);
    const scored = await score('moduleOwner', 'omar', { scores: { reflection: 0 } });
    expect(scored.awaitingScore).toBe(0);
    expect((await queue('moduleOwner', { module, user: ids.omar })).total).toBe(0);
    expect((await read<Any>('omar', 'result.module', { module })).awaitingScore).toBe(0);
    await answer('omar', 'Clinics nearby, and youth centres.');
    const back = await queue('moduleOwner', { module, user: ids.omar });
    expect(back.items.map((item: Any) => [item.answer, item.feedback])).toEqual([
      ['Clinics nearby, and youth centres.', 'Which clinics?'],
    ]);
  });

  it('refuses a score above the maximum at its field, and leaves the answer waiting', async () => {
    const refusal = await call('moduleOwner', 'result.score', {
      module,
      page,
      user: ids.pia,
      result: { scores: { reflection: 9 } },
    });
    expect(refusal.code).toBe('BAD_REQUEST');
    expect((await queue('moduleOwner', { module, user: ids.pia })).total).toBe(1);
  });
});
