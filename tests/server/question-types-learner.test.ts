import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { emptyClientRoot } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

type Headers = Record<string, string>;

const content = [
  {
    type: 'matching',
    questionType: 'matching',
    name: 'landen',
    label: 'Welke hoofdstad hoort bij welk land?',
    schema: { attempts: 2 },
    pairs: [
      { value: 'be', prompt: 'België', match: 'Brussel', feedback: 'Juist, Brussel.' },
      { value: 'nl', prompt: 'Nederland', match: 'Amsterdam' },
    ],
    distractors: [{ value: 'x', label: 'Antwerpen' }],
  },
  {
    type: 'ordering',
    questionType: 'ordering',
    name: 'stappen',
    label: 'In welke volgorde?',
    schema: { attempts: 1 },
    items: [
      { value: 'a', label: 'Eerst' },
      { value: 'b', label: 'Dan' },
      { value: 'c', label: 'Laatst' },
    ],
  },
  {
    type: 'fillBlanks',
    questionType: 'fillBlanks',
    name: 'zin',
    label: 'Vul aan.',
    schema: { attempts: 2 },
    text: 'De hoofdstad is [[1]], in [[2]].',
    gaps: [
      { kind: 'text', accepted: [{ text: 'Brussel', score: 1 }] },
      {
        kind: 'select',
        options: [
          { label: 'Europa', value: 'eu', score: 1 },
          { label: 'Azië', value: 'as', score: 0 },
        ],
      },
    ],
  },
];

/**
 * Matching, ordering and fill-in-the-blanks questions on a learner's path (docs/guide/questions-and-attempts.md):
 * the page arrives in the learner's shape without its key, drafts spend nothing, a check spends an
 * attempt and reveals what the module allows, and an answer of the wrong shape is a field error.
 */
describe.each(databaseKinds)('the newer question types for a learner on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: Headers;
  let lena: Headers;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const mutate = (procedure: string, input: object, headers: Headers) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
  const query = (procedure: string, input: object, headers: Headers) =>
    app.inject({ url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, headers });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  const ok = async (response: Promise<{ statusCode: number; json: () => any }>) => {
    const answer = await response;
    expect(answer.statusCode, JSON.stringify(answer.json())).toBe(200);
    return answer.json().result.data;
  };
  const save = (answers: Record<string, string[]>, confirm: string[] = []) =>
    mutate('result.save', { module: 'oefening', page: 'vragen', result: { answers, confirm } }, lena);
  const page = () => ok(query('result.page', { module: 'oefening', page: 'vragen' }, lena));

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    admin = bearer((await addTestUser(platform, { roles: ['admin'] })).token);
    lena = bearer((await addTestUser(platform, { name: 'Lena Leerling' })).token);
    const module = { name: 'Oefening', language: 'nl', public: true, checkReveals: 'feedback' };
    await ok(mutate('module.create', { path: 'oefening', module }, admin));
    await ok(
      mutate(
        'page.create',
        { parentType: 'module', parentPath: 'oefening', page: { name: 'Vragen', type: 'question', content } },
        admin,
      ),
    );
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('the page arrives in the learner’s shape, without the key', async () => {
    const read = await page();
    const [landen, stappen, zin] = read.page.content;
    expect(landen).toEqual({
      type: 'matching',
      questionType: 'matching',
      name: 'landen',
      label: 'Welke hoofdstad hoort bij welk land?',
      schema: expect.any(Object),
      options: [],
      prompts: [
        { value: 'be', label: 'België' },
        { value: 'nl', label: 'Nederland' },
      ],
      matches: [
        { value: 'm1', label: 'Amsterdam' },
        { value: 'm2', label: 'Antwerpen' },
        { value: 'm3', label: 'Brussel' },
      ],
    });
    expect(stappen.shuffled.map((item: { value: string }) => item.value)).not.toEqual(['a', 'b', 'c']);
    expect(stappen).not.toHaveProperty('items');
    expect(zin.gaps).toEqual([
      { kind: 'text' },
      {
        kind: 'select',
        options: [
          { label: 'Europa', value: 'eu' },
          { label: 'Azië', value: 'as' },
        ],
      },
    ]);
    expect(JSON.stringify(read.page.content)).not.toMatch(/Juist, Brussel|"pairs"|"accepted"|"score"/);
  });

  it('the editor’s preview receives them whole', async () => {
    const read = await ok(query('result.page', { module: 'oefening', page: 'vragen' }, admin));
    expect(read.page.content[0].pairs).toHaveLength(2);
    expect(read.page.content[1].items.map((item: { value: string }) => item.value)).toEqual(['a', 'b', 'c']);
  });

  it.each([
    ['landen', ['be=m3', 'be=m1']],
    ['landen', ['fr=m1']],
    ['stappen', ['a', 'a', 'b']],
    ['zin', ['Brussel', 'nergens']],
  ])('refuses %s %j at its field and keeps the earlier answer', async (name, answer) => {
    const refused = await save({ [name]: answer });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(`result.answers.${name}`);
    const question = (await page()).questions[name];
    expect([question.answer, question.draft]).toEqual([null, null]);
  });

  it('a draft spends nothing; a check spends an attempt and says how right it was', async () => {
    await ok(save({ landen: ['be=m3', 'nl=m2'], stappen: ['a', 'c', 'b'], zin: ['brussel', ''] }));
    let read = await page();
    expect(read.questions.landen).toMatchObject({ attempts: 0 });
    await ok(save({ landen: ['be=m3', 'nl=m2'], zin: ['brussel', ''] }, ['landen', 'zin']));
    read = await page();
    expect(read.questions.landen).toMatchObject({
      attempts: 1,
      verdict: 'partly',
      checkFeedback: ['Juist, Brussel.'],
    });
    expect(read.questions.zin).toMatchObject({ attempts: 1, verdict: 'partly' });
    await ok(save({ stappen: ['a', 'b', 'c'] }, ['stappen']));
    read = await page();
    expect(read.questions.stappen).toMatchObject({ attempts: 1, locked: true, verdict: 'right' });
  });

  it('the learner’s own result reads the answers by their labels', async () => {
    const own = await ok(query('result.module', { module: 'oefening' }, lena));
    expect(own.typedAnswers.vragen).toMatchObject({
      landen: {
        label: 'Welke hoofdstad hoort bij welk land?',
        text: 'België → Brussel; Nederland → Antwerpen',
      },
      stappen: { text: '1. Eerst; 2. Dan; 3. Laatst' },
    });
    expect(own.typedAnswers.vragen.zin.text).toContain('brussel');
  });

  it('a list of empty gaps cannot be checked', async () => {
    const refused = await save({ zin: ['', ''] }, ['zin']);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('result.answers.zin');
  });
});
