import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

type Headers = Record<string, string>;

const radio = {
  type: 'radio',
  questionType: 'single',
  name: 'sdg',
  label: 'Which SDG is about gender equality?',
  schema: { attempts: 2, info: 'Read the page on the SDGs again.' },
  options: [
    { label: 'SDG 5', value: 'five', score: 2 },
    { label: 'SDG 13', value: 'thirteen', score: 0 },
    { label: 'SDG 1', value: 'one', score: -1 },
  ],
};
const checkbox = {
  type: 'checkbox',
  questionType: 'multiple',
  name: 'parts',
  label: 'What belongs to SRHR?',
  schema: { attempts: 1, autoShow: true },
  options: [
    { label: 'Contraception', value: 'contraception', score: 1 },
    { label: 'Maternal health', value: 'maternal', score: 1 },
    { label: 'Road building', value: 'roads', score: -1 },
  ],
};
const open = {
  type: 'textarea',
  questionType: 'open',
  name: 'reflection',
  label: 'What matters most in your project?',
  schema: { maxScore: 5 },
};

describe.each(databaseKinds)('answering and scoring on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: Headers;
  let learner: Headers;
  let other: Headers;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    admin = { authorization: `Bearer ${(await addTestUser(platform, { roles: ['admin'] })).token}` };
    learner = { authorization: `Bearer ${(await addTestUser(platform)).token}` };
    other = { authorization: `Bearer ${(await addTestUser(platform)).token}` };
    const create = async (path: string, module: object, pages: object[]) => {
      await mutate('module.create', { path, module: { language: 'en', ...module } });
      for (const page of pages) await mutate('page.create', { parentType: 'module', parentPath: path, page });
    };
    await create('quiz', { name: 'Quiz', showCorrect: true }, [
      { name: 'Questions', type: 'question', content: [radio, checkbox, open] },
    ]);
    await create('gated', { name: 'Gated', gateProgress: true, gateConfig: ['all-correct'] }, [
      { name: 'Check', type: 'question', content: [radio] },
      { name: 'After', type: 'markdown', content: [{ type: 'markdown', name: 'text', text: 'Well done.' }] },
    ]);
    const many = Array.from({ length: 6 }, (_, i) => ({
      name: `Question ${i + 1}`,
      type: 'question',
      content: [{ ...radio, name: `q${i}`, schema: { attempts: 1 } }],
    }));
    await create(
      'exam',
      { name: 'Exam', test: true, anonymousPages: true, randomized: ['pages', 'answers'] },
      many,
    );
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = (procedure: string, input: object, headers: Headers = admin) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
  const query = (procedure: string, input: object | undefined, headers: Headers = {}) =>
    app.inject({
      url: `/trpc/${procedure}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`,
      headers,
    });
  // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
  const ok = async (response: Promise<{ statusCode: number; json: () => any }>) => {
    const answer = await response;
    expect(answer.statusCode, JSON.stringify(answer.json())).toBe(200);
    return answer.json().result.data;
  };
  // Each answer confirmed ('Check answer'): drafts have their own tests (drafts-api.test.ts).
  const save = (module: string, page: string, answers: object, headers = learner) =>
    mutate('result.save', { module, page, result: { answers, confirm: Object.keys(answers) } }, headers);
  const eventCount = async () => (await readAll(platform.database.db, 0, 100_000)).length;

  it('scores a single choice, counts attempts and locks when they are used up', async () => {
    const first = await ok(save('quiz', 'questions', { sdg: 'one' }));
    expect(first.scoring.questions.sdg).toEqual({ __score: 0, __maxScore: 2, questionType: 'single' });
    expect(first.page.questions.sdg).toMatchObject({
      attempts: 1,
      attemptsAllowed: 2,
      locked: false,
      correct: null,
    });
    // The same answer again is not a new attempt, and writes nothing.
    const before = await eventCount();
    const again = await ok(save('quiz', 'questions', { sdg: 'one' }));
    expect(again.page.questions.sdg.attempts).toBe(1);
    expect(await eventCount()).toBe(before);
    const second = await ok(save('quiz', 'questions', { sdg: 'five' }));
    expect(second.page.questions.sdg).toMatchObject({
      attempts: 2,
      locked: true,
      score: 2,
      info: 'Read the page on the SDGs again.',
      reveal: 'button',
      correct: ['five'],
    });
    const refused = await save('quiz', 'questions', { sdg: 'thirteen' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBeTruthy();
    expect(await eventCount()).toBe(before + 1);
  });

  it('scores a multiple choice per option, with extra attempts for each right option', async () => {
    const one = await ok(save('quiz', 'questions', { parts: ['contraception', 'roads'] }));
    expect(one.scoring.questions.parts).toEqual({ __score: 0, __maxScore: 2, questionType: 'multiple' });
    expect(one.page.questions.parts).toMatchObject({ attemptsAllowed: 2, attempts: 1, correct: null });
    const two = await ok(save('quiz', 'questions', { parts: ['maternal', 'contraception'] }));
    expect(two.scoring.questions.parts.__score).toBe(2);
    expect(two.page.questions.parts).toMatchObject({ locked: true, reveal: 'auto' });
    expect(two.page.questions.parts.correct.sort()).toEqual(['contraception', 'maternal']);
  });

  it('keeps an open answer unscored, out of its maximum, and completes the page', async () => {
    const before = await ok(query('result.page', { module: 'quiz', page: 'questions' }, learner));
    expect(before.progress.completed).toBe(false);
    const saved = await ok(save('quiz', 'questions', { reflection: 'Access to contraception.' }));
    expect(saved.scoring.questions.reflection).toEqual({ __score: 0, __maxScore: 5, questionType: 'open' });
    expect(saved.scoring.questions.__score).toBe(4);
    expect(saved.scoring.questions.__maxScore).toBe(9);
    expect(saved.page.progress.completed).toBe(true);
    expect(saved.module).toMatchObject({ score: 4, maxScore: 9, completed: true });
    // The answers come back after a reload, to this participant only.
    const reloaded = await ok(query('result.module', { module: 'quiz' }, learner));
    expect(reloaded.answers.questions).toEqual({
      sdg: 'five',
      parts: ['contraception', 'maternal'],
      reflection: 'Access to contraception.',
    });
    const theirs = await ok(query('result.module', { module: 'quiz' }, other));
    expect(theirs.answers).toEqual({});
  });

  it('refuses bad answers with a 400 and keeps the earlier answers', async () => {
    const before = await eventCount();
    expect((await save('quiz', 'questions', { sdg: 'seven' }, other)).statusCode).toBe(400);
    expect((await save('quiz', 'questions', { nope: 'five' }, other)).statusCode).toBe(400);
    expect((await save('quiz', 'questions', { parts: 'contraception' }, other)).statusCode).toBe(400);
    expect((await save('quiz', 'missing', { sdg: 'five' }, other)).statusCode).toBe(404);
    expect((await save('quiz', 'questions', { sdg: 'five' }, {})).statusCode).toBe(401);
    expect(await eventCount()).toBe(before);
  });

  it('participants never receive the answer key with the page', async () => {
    const page = await ok(query('result.page', { module: 'quiz', page: 'questions' }, other));
    for (const element of page.page.content) {
      for (const option of element.options ?? []) expect(option).not.toHaveProperty('score');
    }
  });

  it('a closed gate keeps the next page out of reach, on the server too', async () => {
    const module = await ok(query('result.module', { module: 'gated' }, learner));
    expect(module.pages.map((page: { reachable: boolean }) => page.reachable)).toEqual([true, false]);
    expect((await query('result.page', { module: 'gated', page: 'after' }, learner)).statusCode).toBe(403);
    const wrong = await ok(save('gated', 'check', { sdg: 'thirteen' }));
    expect(wrong.page.progress).toMatchObject({ completed: true, gateOpen: false });
    const right = await ok(save('gated', 'check', { sdg: 'five' }));
    expect(right.page.progress.gateOpen).toBe(true);
    expect(right.module.pages[1].reachable).toBe(true);
    await ok(query('result.page', { module: 'gated', page: 'after' }, learner));
  });

  it('an unpublished module blocks its pages with its own refusal', async () => {
    await ok(mutate('module.unpublish', { path: 'gated' }));
    const blocked = await query('result.page', { module: 'gated', page: 'check' }, learner);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.data.key).toBe('module.blocked');
    expect((await save('gated', 'check', { sdg: 'five' })).statusCode).toBe(403);
    await ok(mutate('module.publish', { path: 'gated' }));
  });

  it('a test module keeps one order per participant and hides page names', async () => {
    const order = async (headers: Headers) =>
      (await ok(query('result.module', { module: 'exam' }, headers))).pages.map(
        (page: { path: string }) => page.path,
      );
    const mine = await order(learner);
    expect(await order(learner)).toEqual(mine);
    expect([...mine].sort()).toEqual([...(await order(other))].sort());
    const names = (await ok(query('result.module', { module: 'exam' }, learner))).pages.map(
      (page: { name: string | null }) => page.name,
    );
    expect(names.every((name: string | null) => name === null)).toBe(true);
    const options = async (headers: Headers) =>
      (
        await ok(query('result.page', { module: 'exam', page: mine[0] }, headers))
      ).page.content[0].options.map((option: { value: string }) => option.value);
    expect(await options(learner)).toEqual(await options(learner));
  });

  it('latest activity is the module answered last', async () => {
    expect(await ok(query('result.latestActivity', undefined, {}))).toBeNull();
    await ok(save('quiz', 'questions', { sdg: 'five' }, other));
    const latest = await ok(query('result.latestActivity', undefined, other));
    expect(latest.module.path).toBe('quiz');
    const mine = await ok(query('result.latestActivity', undefined, learner));
    expect(mine.module.path).toBe('gated');
  });
});
