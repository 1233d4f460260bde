import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { ensureTeacherRole } from '../../../server/auth/bootstrap';
import { emptyClientRoot } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';

type Headers = Record<string, string>;

const first = [
  {
    type: 'radio',
    questionType: 'single',
    name: 'methode',
    label: 'Welke methode is hormonaal?',
    options: [
      { label: 'De pil', value: 'a', score: 1 },
      { label: 'Het condoom', value: 'b', score: 0 },
    ],
  },
  {
    type: 'checkbox',
    questionType: 'multiple',
    name: 'rechten',
    label: 'Welke zijn rechten?',
    options: [
      { label: 'Onderwijs', value: 'x', score: 1 },
      { label: 'Gezondheid', value: 'y', score: 1 },
      { label: 'Een auto', value: 'z', score: 0 },
    ],
  },
];
const second = [
  {
    type: 'radio',
    questionType: 'single',
    name: 'slot',
    label: 'Klaar?',
    options: [
      { label: 'Ja', value: 'ja', score: 1 },
      { label: 'Nee', value: 'nee', score: 0 },
    ],
  },
];

/**
 * result.questionStats and its CSV (docs/guide/results-and-scoring.md#question-statistics): the
 * module's results right, aggregates only, and the numbers of a small class worked out by hand.
 */
describe.each(databaseKinds)('question statistics on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let owner: Headers;
  let otherTeacher: Headers;
  let participants: { headers: Headers; userId: string }[];
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
  const save = (who: number, page: string, answers: Record<string, string | string[]>) =>
    ok(mutate('result.save', { module: 'toets', page, result: { answers } }, participants[who]!.headers));

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await ensureTeacherRole(platform);
    owner = bearer((await addTestUser(platform, { roles: ['teacher'] })).token);
    otherTeacher = bearer((await addTestUser(platform, { roles: ['teacher'] })).token);
    participants = [];
    for (const name of ['Anna', 'Bert', 'Cas']) {
      const user = await addTestUser(platform, { name });
      participants.push({ headers: bearer(user.token), userId: user.userId });
    }
    await ok(
      mutate(
        'module.create',
        { path: 'toets', module: { name: 'Toets', language: 'nl', public: true } },
        owner,
      ),
    );
    for (const [name, content] of [
      ['Vragen', first],
      ['Slot', second],
    ] as const)
      await ok(
        mutate(
          'page.create',
          { parentType: 'module', parentPath: 'toets', page: { name, type: 'question', content } },
          owner,
        ),
      );
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('says nothing before anyone answered: no participants, empty counts', async () => {
    const stats = await ok(query('result.questionStats', { module: 'toets' }, owner));
    expect(stats.participants).toBe(0);
    expect(stats.questions.map((q: { answered: number }) => q.answered)).toEqual([0, 0, 0]);
    expect(stats.pages.map((p: { completion: number | null }) => p.completion)).toEqual([null, null]);
  });

  it('refuses who may not read the module results, another teacher included', async () => {
    const refused = await query('result.questionStats', { module: 'toets' }, otherTeacher);
    expect(refused.statusCode).toBe(403);
    expect(
      (await query('result.questionStats', { module: 'toets' }, participants[0]!.headers)).statusCode,
    ).toBe(403);
    expect((await query('result.questionStats', { module: 'toets' }, {})).statusCode).toBe(401);
    const csv = await app.inject({ url: '/api/question-stats/toets.csv', headers: otherTeacher });
    expect(csv.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/question-stats/toets.csv' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/question-stats/nergens.csv', headers: owner })).statusCode).toBe(
      404,
    );
    expect(
      (await app.inject({ url: '/api/question-stats/toets.csv?for=excel', headers: owner })).statusCode,
    ).toBe(400);
  });

  it('gives the numbers of a small class worked out by hand, and no participant', async () => {
    // Anna: a (1), x+y (2), ja (1): total 4. Bert: first a then b (0, two attempts), x (1): total 1.
    // Cas: a (1), z (0): total 1. Nobody but Anna reaches the second page.
    await save(0, 'vragen', { methode: 'a', rechten: ['x', 'y'] });
    await save(0, 'slot', { slot: 'ja' });
    await save(1, 'vragen', { methode: 'a', rechten: ['x'] });
    await save(1, 'vragen', { methode: 'b', rechten: ['x'] });
    await save(2, 'vragen', { methode: 'a', rechten: ['z'] });

    const stats = await ok(query('result.questionStats', { module: 'toets' }, owner));
    const text = JSON.stringify(stats);
    for (const { userId } of participants) expect(text).not.toContain(userId);
    for (const name of ['Anna', 'Bert', 'Cas']) expect(text).not.toContain(name);
    expect(Object.keys(stats).sort()).toEqual(['module', 'pages', 'participants', 'questions']);

    expect(stats.module).toEqual({ path: 'toets', name: 'Toets', language: 'nl' });
    expect(stats.participants).toBe(3);
    const [methode, rechten, slot] = stats.questions;
    expect(methode).toMatchObject({
      page: 'vragen',
      name: 'methode',
      label: 'Welke methode is hormonaal?',
      answered: 3,
      options: [
        { value: 'a', label: 'De pil', count: 2, share: 2 / 3 },
        { value: 'b', label: 'Het condoom', count: 1, share: 1 / 3 },
      ],
    });
    // Scores 1, 0, 1 against the rest of each total 3, 1, 0: r = (1/3) / sqrt(2/3 · 14/3) = 1/√28.
    expect(methode.facility).toBeCloseTo(2 / 3, 10);
    expect(methode.discrimination).toBeCloseTo(1 / Math.sqrt(28), 10);
    expect(methode.meanAttempts).toBeCloseTo(4 / 3, 10);
    // Scores 2, 1, 0 against the rest 2, 0, 1: r = 1 / sqrt(2 · 2) = 0.5.
    expect(rechten.options.map((o: { label: string; count: number }) => [o.label, o.count])).toEqual([
      ['Onderwijs', 2],
      ['Gezondheid', 1],
      ['Een auto', 1],
    ]);
    expect(rechten.facility).toBeCloseTo(0.5, 10);
    expect(rechten.discrimination).toBeCloseTo(0.5, 10);
    expect(rechten.maxScore).toBe(2);
    // One answer: no spread to correlate.
    expect(slot).toMatchObject({ answered: 1, facility: 1, discrimination: null, meanAttempts: 1 });
    expect(stats.pages).toEqual([
      { path: 'vragen', name: 'Vragen', questions: 2, reached: 3, completed: 3, completion: 1 },
      { path: 'slot', name: 'Slot', questions: 1, reached: 1, completed: 1, completion: 1 / 3 },
    ]);
  });

  it("counts, for a course's teacher, only that course's participants", async () => {
    const admin = bearer((await addTestUser(platform, { roles: ['admin'] })).token);
    const courseTeacher = await addTestUser(platform, { roles: ['teacher'] });
    const course = (await ok(mutate('course.create', { course: { name: 'Klas', language: 'nl' } }, admin)))
      .path;
    const section = (
      await ok(
        mutate(
          'section.create',
          { parentType: 'course', parentPath: course, section: { name: 'Week 1', language: 'nl' } },
          admin,
        ),
      )
    ).path;
    await ok(
      mutate(
        'link.addItemToParent',
        { parentType: 'section', parentPath: section, itemType: 'module', itemPath: 'toets' },
        admin,
      ),
    );
    await ok(mutate('course.addOwner', { path: course, userId: courseTeacher.userId }, admin));
    await ok(
      mutate(
        'user.link',
        { _id: participants[0]!.userId, itemType: 'course', itemPath: course, linked: true },
        admin,
      ),
    );

    const theirs = await ok(query('result.questionStats', { module: 'toets' }, bearer(courseTeacher.token)));
    // Anna alone: her choice, her score.
    expect(theirs.participants).toBe(1);
    expect(theirs.questions[0]).toMatchObject({ answered: 1, facility: 1, discrimination: null });
    expect(theirs.questions[0].options.map((o: { count: number }) => o.count)).toEqual([1, 0]);
    expect((await ok(query('result.questionStats', { module: 'toets' }, admin))).participants).toBe(3);
    const csv = await app.inject({
      url: '/api/question-stats/toets.csv',
      headers: bearer(courseTeacher.token),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('"methode","Welke methode is hormonaal?","single",1,1,1,,1,');
  });

  it('leaves an open answer no teacher has scored yet out of the facility, and counts it', async () => {
    await ok(
      mutate(
        'module.create',
        { path: 'essay', module: { name: 'Essay', language: 'nl', public: true } },
        owner,
      ),
    );
    const open = [
      { type: 'textarea', questionType: 'open', name: 'why', label: 'Waarom?', schema: { maxScore: 5 } },
    ];
    const page = await ok(
      mutate(
        'page.create',
        {
          parentType: 'module',
          parentPath: 'essay',
          page: { name: 'Essay', type: 'question', content: open },
        },
        owner,
      ),
    );
    for (const [who, text] of [
      [0, 'Omdat het beschermt.'],
      [1, 'Dat hangt ervan af.'],
    ] as const)
      await ok(
        mutate(
          'result.save',
          { module: 'essay', page: page.path, result: { answers: { why: text } } },
          participants[who]!.headers,
        ),
      );
    const before = await ok(query('result.questionStats', { module: 'essay' }, owner));
    expect(before.questions[0]).toMatchObject({ answered: 2, awaitingScore: 2, facility: null });
    await ok(
      mutate(
        'result.score',
        { module: 'essay', page: page.path, user: participants[0]!.userId, result: { scores: { why: 4 } } },
        owner,
      ),
    );
    const after = await ok(query('result.questionStats', { module: 'essay' }, owner));
    // One answer scored 4 of 5; the other, still waiting, is no 0.
    expect(after.questions[0]).toMatchObject({ answered: 2, awaitingScore: 1, maxScore: 5, facility: 0.8 });
  });

  it('exports the same numbers as CSV: keys (plain), labels in the reader language (spreadsheet)', async () => {
    const plain = await app.inject({ url: '/api/question-stats/toets.csv', headers: owner });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('text/csv');
    expect(plain.headers['content-disposition']).toBe('attachment; filename="question-stats-toets.csv"');
    const [header, methode, , slot, ...rest] = plain.body.slice(1).trimEnd().split('\r\n');
    expect(rest).toEqual([]);
    expect(header).toBe(
      '"page","pageName","question","label","questionType","answered","maxScore","facility","discrimination",' +
        '"meanAttempts","options","pageReached","pageCompleted","pageCompletion","awaitingScore","frequentAnswers",' +
        '"scores","parts"',
    );
    expect(methode).toBe(
      '"vragen","Vragen","methode","Welke methode is hormonaal?","single",3,1,0.667,0.189,1.333,' +
        '"De pil: 2 (67 %); Het condoom: 1 (33 %)",3,3,1,0,"","",""',
    );
    expect(slot).toBe(
      '"slot","Slot","slot","Klaar?","single",1,1,1,,1,"Ja: 1 (100 %); Nee: 0 (0 %)",1,1,0.333,0,"","",""',
    );
    for (const name of ['Anna', 'Bert', 'Cas']) expect(plain.body).not.toContain(name);

    const spreadsheet = await app.inject({
      url: '/api/question-stats/toets.csv?for=spreadsheet',
      headers: { ...owner, 'accept-language': 'fr' },
    });
    expect(spreadsheet.statusCode).toBe(200);
    const [frHeader, frMethode] = spreadsheet.body.slice(1).split('\r\n');
    expect(frHeader!.split(';').slice(0, 3)).toEqual([
      '"Page [page]"',
      '"Nom de la page [pageName]"',
      '"Question [question]"',
    ]);
    expect(frHeader).toContain('"Indice de facilité [facility]"');
    expect(frMethode).toContain(';0,667;0,189;1,333;');
  });
});
