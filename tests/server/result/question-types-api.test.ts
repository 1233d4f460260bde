import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { emptyClientRoot, graphql } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';

type Headers = Record<string, string>;

/** The three question types as an integrator writes them in a typed PageElementInput. */
const content = [
  {
    type: 'matching',
    questionType: 'matching',
    name: 'hoofdsteden',
    label: 'Koppel elke stad aan haar land.',
    pairs: [
      { value: 'paris', prompt: 'Parijs', match: 'Frankrijk', score: 1, feedback: 'Juist, Parijs.' },
      { value: 'rome', prompt: 'Rome', match: 'Italië', score: 1 },
    ],
    distractors: [{ value: 'spain', label: 'Spanje' }],
  },
  {
    type: 'ordering',
    questionType: 'ordering',
    name: 'stappen',
    label: 'Zet de stappen in volgorde.',
    items: [
      { value: 'ask', label: 'Vragen' },
      { value: 'listen', label: 'Luisteren' },
      { value: 'agree', label: 'Afspreken' },
    ],
    scoring: 'position',
    score: 1,
  },
  {
    type: 'question',
    questionType: 'fillBlanks',
    name: 'zin',
    label: 'Vul aan.',
    text: 'De hoofdstad van Frankrijk is [[1]] en ligt aan [[2]].',
    gaps: [
      { kind: 'text', accepted: [{ text: 'Parijs', score: 1 }] },
      {
        kind: 'select',
        options: [
          { label: 'de Seine', value: 'seine', score: 1 },
          { label: 'de Rijn', value: 'rhine', score: 0 },
        ],
      },
    ],
  },
];

// The matches as learners receive them, numbered in label order: m1 Frankrijk, m2 Italië, m3 Spanje.
const ritaAnswers = {
  hoofdsteden: ['paris=m1', 'rome=m3'],
  stappen: ['listen', 'ask', 'agree'],
  zin: [' parijs ', 'rhine'],
};
const bertAnswers = {
  hoofdsteden: ['rome=m2', 'paris=m1'],
  stappen: ['ask', 'listen', 'agree'],
  zin: ['Lyon', 'seine'],
};

/**
 * Matching, ordering and fill-in answers as teachers and integrators read them
 * (docs/guide/results-and-scoring.md): pairs, numbered items and blanks by their texts, never by the
 * ids the answers carry, in tRPC, GraphQL, the results CSV, the statistics and its CSV and the
 * person's own export; the page written with GraphQL's typed input and read back.
 */
describe.each(databaseKinds)('matching, ordering and fill-in answers for teachers on %s', (kind) => {
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
  const save = (who: { headers: Headers }, answers: Record<string, string[]>) =>
    ok(mutate('result.save', { module: 'koppel', page: 'vragen', result: { answers } }, who.headers));

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
      mutate('module.create', { path: 'koppel', module: { name: 'Koppel', language: 'nl', public: true } }),
    );
    // biome-ignore lint/suspicious/noExplicitAny: the answer is checked field by field
    const created = await graphql<any>(
      app,
      `mutation ($input: PageInput!) {
        createPage(input: $input) { success message fields { path message } page { path } }
      }`,
      {
        token: admin.token,
        variables: {
          input: { parentType: 'module', parentPath: 'koppel', name: 'Vragen', type: 'question', content },
        },
      },
    );
    expect(created.errors, JSON.stringify(created.errors)).toBeUndefined();
    expect(created.data.createPage).toMatchObject({ success: true, fields: [], page: { path: 'vragen' } });
    await save(rita, ritaAnswers);
    await save(bert, bertAnswers);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('GraphQL reads the page back: the whole question for its editor, without the key for a learner', async () => {
    const read = `{ page(path: "vragen") { content } }`;
    // biome-ignore lint/suspicious/noExplicitAny: content is checked field by field
    const editor = await graphql<any>(app, read, { token: admin.token });
    expect(editor.errors).toBeUndefined();
    const [matching, ordering, blanks] = editor.data.page.content;
    expect(matching).toMatchObject({
      type: 'question',
      questionType: 'matching',
      pairs: [
        { value: 'paris', prompt: 'Parijs', match: 'Frankrijk', score: 1, feedback: 'Juist, Parijs.' },
        { value: 'rome', prompt: 'Rome', match: 'Italië', score: 1, feedback: '' },
      ],
      distractors: [{ value: 'spain', label: 'Spanje' }],
    });
    expect(ordering).toMatchObject({
      type: 'question',
      questionType: 'ordering',
      items: content[1]!.items,
      scoring: 'position',
      score: 1,
    });
    expect(blanks).toMatchObject({
      type: 'question',
      questionType: 'fillBlanks',
      text: content[2]!.text,
      gaps: [
        { kind: 'text', accepted: [{ text: 'Parijs', score: 1 }], caseSensitive: false },
        {
          kind: 'select',
          options: [
            { value: 'seine', score: 1 },
            { value: 'rhine', score: 0 },
          ],
        },
      ],
    });

    // biome-ignore lint/suspicious/noExplicitAny: content is checked field by field
    const learner = await graphql<any>(app, read, { token: rita.token });
    expect(learner.errors).toBeUndefined();
    const [shownMatching, shownOrdering, shownBlanks] = learner.data.page.content;
    expect(shownMatching).toMatchObject({
      questionType: 'matching',
      prompts: [
        { value: 'paris', label: 'Parijs' },
        { value: 'rome', label: 'Rome' },
      ],
      matches: [
        { value: 'm1', label: 'Frankrijk' },
        { value: 'm2', label: 'Italië' },
        { value: 'm3', label: 'Spanje' },
      ],
    });
    expect(shownOrdering.questionType).toBe('ordering');
    expect(shownOrdering.shuffled).toHaveLength(3);
    expect(shownBlanks.gaps).toEqual([
      { kind: 'text' },
      {
        kind: 'select',
        options: [
          { label: 'de Seine', value: 'seine' },
          { label: 'de Rijn', value: 'rhine' },
        ],
      },
    ]);
    const shown = JSON.stringify(learner.data.page.content);
    for (const key of ['pairs', 'accepted', 'Juist, Parijs.', '"items"']) expect(shown).not.toContain(key);
  });

  it('tRPC result.participant reads pairs, numbered items and blanks by their texts, with the correct answer', async () => {
    const result = await ok(query('result.participant', { module: 'koppel', user: rita.userId }));
    const questions = Object.fromEntries(result.pages[0].questions.map((q: { name: string }) => [q.name, q]));
    expect(questions.hoofdsteden).toMatchObject({
      questionType: 'matching',
      answer: ['paris=m1', 'rome=m3'],
      answerLabels: ['Parijs → Frankrijk', 'Rome → Spanje'],
      correctAnswers: ['Parijs → Frankrijk', 'Rome → Italië'],
      score: 1,
      maxScore: 2,
    });
    expect(questions.stappen).toMatchObject({
      questionType: 'ordering',
      answerLabels: ['1. Luisteren', '2. Vragen', '3. Afspreken'],
      correctAnswers: ['1. Vragen', '2. Luisteren', '3. Afspreken'],
      score: 1,
      maxScore: 3,
    });
    expect(questions.zin).toMatchObject({
      questionType: 'fillBlanks',
      answerLabels: ['[1] parijs', '[2] de Rijn'],
      correctAnswers: ['[1] Parijs', '[2] de Seine'],
      score: 1,
      maxScore: 2,
    });
    expect(
      JSON.stringify(result.pages[0].questions.map((q: { answerLabels: string[] }) => q.answerLabels)),
    ).not.toMatch(/m\d|rhine|listen/);
  });

  it('GraphQL resultAnswers gives the texts beside the raw values, with the new types by name', async () => {
    const read = `query ($user: ID) { module(path: "koppel") {
      result(user: $user)
      resultAnswers(user: $user) { question questionType value labels text }
    } }`;
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    const teacher = await graphql<any>(app, read, { token: admin.token, variables: { user: bert.userId } });
    expect(teacher.errors).toBeUndefined();
    expect(teacher.data.module.resultAnswers).toEqual([
      {
        question: 'hoofdsteden',
        questionType: 'matching',
        value: ['paris=m1', 'rome=m2'],
        labels: ['Parijs → Frankrijk', 'Rome → Italië'],
        text: 'Parijs → Frankrijk; Rome → Italië',
      },
      {
        question: 'stappen',
        questionType: 'ordering',
        value: ['ask', 'listen', 'agree'],
        labels: ['1. Vragen', '2. Luisteren', '3. Afspreken'],
        text: '1. Vragen; 2. Luisteren; 3. Afspreken',
      },
      {
        question: 'zin',
        questionType: 'fillBlanks',
        value: ['Lyon', 'seine'],
        labels: ['[1] Lyon', '[2] de Seine'],
        text: '[1] Lyon; [2] de Seine',
      },
    ]);
    const scoring = teacher.data.module.result.scoring.vragen;
    expect(scoring.hoofdsteden).toMatchObject({ __score: 2, __maxScore: 2, questionType: 'matching' });
    expect(scoring.stappen).toMatchObject({ __score: 3, __maxScore: 3, questionType: 'ordering' });
    expect(scoring.zin).toMatchObject({ __score: 1, __maxScore: 2, questionType: 'fillBlanks' });
  });

  it('the CSV has each answer as its texts and its score beside it', async () => {
    const response = await app.inject({ url: '/api/results/koppel.csv', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body.slice(1).trimEnd().split('\r\n');
    expect(header).toContain('"Vragen: Koppel elke stad aan haar land. [vragen/hoofdsteden/answer]"');
    const ritaRow = rows.find((row) => row.includes('"Rita Resultaat"'));
    expect(ritaRow).toMatch(
      /,"Parijs → Frankrijk; Rome → Spanje",1,"1\. Luisteren; 2\. Vragen; 3\. Afspreken",1,"\[1\] parijs; \[2\] de Rijn",1,3,3,7,43$/,
    );
    const bertRow = rows.find((row) => row.includes('"Bert Bereken"'));
    expect(bertRow).toContain('"[1] Lyon; [2] de Seine",1,6,6,7,86');
  });

  it('never lists these answers in To grade: the server scored them', async () => {
    const queue = await ok(query('result.toGrade', { module: 'koppel' }));
    expect(queue.total).toBe(0);
  });

  it('the statistics give the scores and each pair, place and blank its share right, by their texts', async () => {
    const stats = await ok(query('result.questionStats', { module: 'koppel' }));
    const byName = Object.fromEntries(stats.questions.map((q: { name: string }) => [q.name, q]));
    expect(byName.hoofdsteden).toMatchObject({
      questionType: 'matching',
      options: [],
      frequent: [],
      facility: 0.75,
      scores: { full: 1, partly: 1, zero: 0 },
      parts: [
        { label: 'Parijs → Frankrijk', right: 2, share: 1 },
        { label: 'Rome → Italië', right: 1, share: 0.5 },
      ],
    });
    expect(byName.stappen).toMatchObject({
      scores: { full: 1, partly: 1, zero: 0 },
      parts: [
        { label: '1. Vragen', right: 1, share: 0.5 },
        { label: '2. Luisteren', right: 1, share: 0.5 },
        { label: '3. Afspreken', right: 2, share: 1 },
      ],
    });
    expect(byName.zin).toMatchObject({
      scores: { full: 0, partly: 2, zero: 0 },
      parts: [
        { label: '[1] Parijs', right: 1, share: 0.5 },
        { label: '[2] de Seine', right: 1, share: 0.5 },
      ],
    });
    const csv = await app.inject({ url: '/api/question-stats/koppel.csv', headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body.slice(1).trimEnd().split('\r\n');
    expect(header).toMatch(/,"scores","parts"$/);
    expect(rows[0]).toMatch(
      /,"full: 1; partly: 1; zero: 0","Parijs → Frankrijk: 2 \(100 %\); Rome → Italië: 1 \(50 %\)"$/,
    );
    expect(rows[2]).toContain('"[1] Parijs: 1 (50 %); [2] de Seine: 1 (50 %)"');
    for (const name of ['Rita', 'Bert']) expect(csv.body).not.toContain(name);
  });

  it("the person's own readable export shows the texts, the JSON export the values", async () => {
    const answer = await ok(query('user.myData', { format: 'html' }, rita.headers));
    expect(answer.content).toContain('Parijs → Frankrijk; Rome → Spanje');
    expect(answer.content).toContain('1. Luisteren; 2. Vragen; 3. Afspreken');
    expect(answer.content).toContain('[1] parijs; [2] de Rijn');
    expect(answer.content).not.toContain('m3');
    const json = JSON.parse((await ok(query('user.myData', { format: 'json' }, rita.headers))).content);
    expect(json.answers.map((entry: { answer: unknown }) => entry.answer)).toEqual(
      expect.arrayContaining([ritaAnswers.hoofdsteden, ritaAnswers.stappen, ritaAnswers.zin]),
    );
  });
});
