import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { emptyClientRoot, graphql } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';

type Headers = Record<string, string>;

const content = [
  {
    type: 'numeric',
    questionType: 'numeric',
    name: 'jaar',
    label: 'In welk jaar?',
    accepted: [
      { value: 1994, tolerance: 0, score: 2 },
      { value: 1995, tolerance: 1, score: 1 },
    ],
  },
  {
    type: 'numeric',
    questionType: 'numeric',
    name: 'aandeel',
    label: 'Welk aandeel?',
    unit: '%',
    accepted: [{ value: 25, tolerance: 0.5, score: 1 }],
  },
  {
    type: 'shortText',
    questionType: 'short',
    name: 'stad',
    label: 'Welke stad?',
    accepted: [
      { text: 'Kaïro', score: 1 },
      { text: 'Cairo', score: 1 },
    ],
  },
];

/**
 * Numeric and short answers as teachers and integrators read them (docs/guide/results-and-scoring.md):
 * the typed text (a number with its unit) in tRPC, GraphQL, the CSV and the person's own export;
 * scored at once, so never waiting in To grade; grouped among the most frequent answers in the
 * question statistics.
 */
describe.each(databaseKinds)('numeric and short answers for teachers on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: { token: string; headers: Headers };
  let rita: { token: string; userId: string; headers: Headers };
  let bert: { token: string; userId: string; headers: Headers };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const mutate = (procedure: string, input: object, headers: Headers = admin.headers) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
  const query = (procedure: string, input: object, headers: Headers = admin.headers) =>
    app.inject({ url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, headers });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  const ok = async (response: Promise<{ statusCode: number; json: () => any }>) => {
    const answer = await response;
    expect(answer.statusCode, JSON.stringify(answer.json())).toBe(200);
    return answer.json().result.data;
  };
  const save = (who: { headers: Headers }, answers: Record<string, string>) =>
    ok(mutate('result.save', { module: 'toets', page: 'vragen', result: { answers } }, who.headers));

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    const adminUser = await addTestUser(platform, { roles: ['admin'] });
    admin = { token: adminUser.token, headers: bearer(adminUser.token) };
    const person = async (name: string) => {
      const user = await addTestUser(platform, { name });
      return { token: user.token, userId: user.userId, headers: bearer(user.token) };
    };
    rita = await person('Rita Resultaat');
    bert = await person('Bert Bereken');
    await ok(
      mutate('module.create', { path: 'toets', module: { name: 'Toets', language: 'nl', public: true } }),
    );
    await ok(
      mutate('page.create', {
        parentType: 'module',
        parentPath: 'toets',
        page: { name: 'Vragen', type: 'question', content },
      }),
    );
    await save(rita, { jaar: '1994', aandeel: '25,2', stad: ' cairo ' });
    await save(bert, { jaar: '1995,5', aandeel: '30', stad: 'Alexandrië' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('tRPC result.participant reads the typed answers, a number with its unit, with their scores', async () => {
    const result = await ok(query('result.participant', { module: 'toets', user: rita.userId }));
    const questions = Object.fromEntries(result.pages[0].questions.map((q: { name: string }) => [q.name, q]));
    expect(questions.jaar).toMatchObject({
      questionType: 'numeric',
      answer: '1994',
      answerLabels: ['1994'],
      score: 2,
      maxScore: 2,
      awaitingScore: false,
      correctAnswers: ['1994'],
    });
    expect(questions.aandeel).toMatchObject({
      answer: '25,2',
      answerLabels: ['25,2 %'],
      score: 1,
      correctAnswers: ['25 ± 0.5 %'],
    });
    expect(questions.stad).toMatchObject({
      questionType: 'short',
      answer: ' cairo ',
      answerLabels: ['cairo'],
      score: 1,
      awaitingScore: false,
      correctAnswers: ['Kaïro', 'Cairo'],
    });
  });

  it("the participant's own result lists their typed answers with their labels", async () => {
    const own = await ok(query('result.module', { module: 'toets' }, rita.headers));
    expect(own.typedAnswers).toEqual({
      vragen: {
        jaar: { label: 'In welk jaar?', text: '1994' },
        aandeel: { label: 'Welk aandeel?', text: '25,2 %' },
        stad: { label: 'Welke stad?', text: 'cairo' },
      },
    });
  });

  it('GraphQL gives the typed answers with the contract types, and scores them in the scoring', async () => {
    const read = `query ($user: ID) { module(path: "toets") {
      result(user: $user)
      resultAnswers(user: $user) { question questionType value text }
    } }`;
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    const teacher = await graphql<any>(app, read, { token: admin.token, variables: { user: bert.userId } });
    expect(teacher.errors).toBeUndefined();
    expect(teacher.data.module.resultAnswers).toEqual([
      { question: 'jaar', questionType: 'numeric', value: '1995,5', text: '1995,5' },
      { question: 'aandeel', questionType: 'numeric', value: '30', text: '30 %' },
      { question: 'stad', questionType: 'shortText', value: 'Alexandrië', text: 'Alexandrië' },
    ]);
    const scoring = teacher.data.module.result.scoring.vragen;
    expect(scoring.jaar).toMatchObject({ __score: 1, __maxScore: 2, questionType: 'numeric' });
    expect(scoring.stad).toMatchObject({ __score: 0, __maxScore: 1, questionType: 'shortText' });
    expect(scoring).toMatchObject({ __score: 1, __maxScore: 4 });
  });

  it('the CSV has the typed answer as text and its score beside it', async () => {
    const response = await app.inject({ url: '/api/results/toets.csv', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body.slice(1).trimEnd().split('\r\n');
    expect(header).toContain('"Vragen: Welk aandeel? [vragen/aandeel/answer]"');
    const ritaRow = rows.find((row) => row.includes('"Rita Resultaat"'));
    expect(ritaRow).toMatch(/,"1994",2,"25,2 %",1,"cairo",1,4,4,4,100$/);
    const bertRow = rows.find((row) => row.includes('"Bert Bereken"'));
    expect(bertRow).toMatch(/,"1995,5",1,"30 %",0,"Alexandrië",0,1,1,4,25$/);
  });

  it('never lists a numeric or short answer in To grade: the server scored it', async () => {
    const queue = await ok(query('result.toGrade', { module: 'toets' }));
    expect(queue.total).toBe(0);
    expect(queue.items).toEqual([]);
  });

  it('the question statistics list the most frequent answers, normalised, with how they scored', async () => {
    const stats = await ok(query('result.questionStats', { module: 'toets' }));
    const byName = Object.fromEntries(stats.questions.map((q: { name: string }) => [q.name, q]));
    expect(byName.jaar).toMatchObject({
      questionType: 'numeric',
      options: [],
      unit: '',
      facility: 0.75,
      frequent: [
        { value: '1994', count: 1, share: 0.5, verdict: 'full' },
        { value: '1995.5', count: 1, share: 0.5, verdict: 'partly' },
      ],
    });
    expect(byName.aandeel.unit).toBe('%');
    expect(byName.aandeel.frequent.map((answer: { value: string }) => answer.value)).toEqual(['25.2', '30']);
    expect(byName.stad.frequent).toEqual([
      { value: 'alexandrië', count: 1, share: 0.5, verdict: 'zero' },
      { value: 'cairo', count: 1, share: 0.5, verdict: 'full' },
    ]);
    const csv = await app.inject({ url: '/api/question-stats/toets.csv', headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('"25.2 %: 1 (50 %, full); 30 %: 1 (50 %, zero)"');
    for (const name of ['Rita', 'Bert']) expect(csv.body).not.toContain(name);
  });

  it("the person's own readable export shows the answer as typed, with its unit", async () => {
    const answer = await ok(query('user.myData', { format: 'html' }, rita.headers));
    expect(answer.content).toContain('25,2 %');
    expect(answer.content).toContain('cairo');
    const json = JSON.parse((await ok(query('user.myData', { format: 'json' }, rita.headers))).content);
    expect(json.answers.map((entry: { answer: unknown }) => entry.answer)).toEqual(
      expect.arrayContaining(['1994', '25,2', ' cairo ']),
    );
  });
});
