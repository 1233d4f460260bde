import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../../../events/store';
import { buildApp } from '../../../server/app';
import { ensureTeacherRole } from '../../../server/auth/bootstrap';
import { emptyClientRoot, graphql } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';

type Headers = Record<string, string>;

const content = [
  {
    type: 'radio',
    questionType: 'single',
    name: 'methode',
    label: 'Welke methode is hormonaal?',
    options: [
      { label: 'De pil', value: 'option1', score: 1 },
      { label: 'Het condoom', value: 'option2', score: 0 },
    ],
  },
  {
    type: 'checkbox',
    questionType: 'multiple',
    name: 'rechten',
    label: 'Welke zijn rechten?',
    options: [
      { label: 'Onderwijs', value: 'option1', score: 1 },
      { label: 'Gezondheid', value: 'option2', score: 1 },
      { label: 'Een auto', value: 'option3', score: 0 },
    ],
  },
  { type: 'textarea', questionType: 'open', name: 'waarom', label: 'Waarom?', schema: { maxScore: 2 } },
];

/**
 * Results speak the module's language (docs/guide/results-and-scoring.md): a teacher reads option
 * texts, not option values, through tRPC (result.participant), GraphQL (Module.resultAnswers beside
 * the unchanged Module.result) and the CSV, whose headers carry labels with their keys.
 */
describe.each(databaseKinds)('answer texts for teachers on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: { token: string; headers: Headers };
  let participant: { token: string; userId: string; headers: Headers };
  let stranger: { token: string };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    const adminUser = await addTestUser(platform, { roles: ['admin'] });
    admin = { token: adminUser.token, headers: bearer(adminUser.token) };
    const rita = await addTestUser(platform, { name: 'Rita Resultaat' });
    participant = { token: rita.token, userId: rita.userId, headers: bearer(rita.token) };
    stranger = await addTestUser(platform);
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
    await ok(
      mutate(
        'result.save',
        {
          module: 'toets',
          page: 'vragen',
          result: {
            answers: { methode: 'option1', rechten: ['option3', 'option1'], waarom: '=1+1, "zegt" men' },
          },
        },
        participant.headers,
      ),
    );
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

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

  it('tRPC result.participant gives option texts beside the values', async () => {
    const result = await ok(query('result.participant', { module: 'toets', user: participant.userId }));
    expect(result.module.language).toBe('nl');
    const questions = Object.fromEntries(result.pages[0].questions.map((q: { name: string }) => [q.name, q]));
    expect(questions.methode).toMatchObject({ answer: 'option1', answerLabels: ['De pil'] });
    expect(questions.rechten).toMatchObject({
      answer: ['option1', 'option3'],
      answerLabels: ['Onderwijs', 'Een auto'],
    });
    expect(questions.waarom).toMatchObject({
      answer: '=1+1, "zegt" men',
      answerLabels: ['=1+1, "zegt" men'],
    });
  });

  it('GraphQL Module.resultAnswers gives the texts; Module.result keeps the values', async () => {
    const read = `query ($user: ID) { module(path: "toets") {
      result(user: $user)
      resultAnswers(user: $user) { page pageName question label questionType value labels text }
    } }`;
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    const teacher = await graphql<any>(app, read, {
      token: admin.token,
      variables: { user: participant.userId },
    });
    expect(teacher.errors).toBeUndefined();
    expect(teacher.data.module.result.answers).toEqual({
      vragen: { methode: 'option1', rechten: ['option1', 'option3'], waarom: '=1+1, "zegt" men' },
    });
    expect(teacher.data.module.resultAnswers).toEqual([
      {
        page: 'vragen',
        pageName: 'Vragen',
        question: 'methode',
        label: 'Welke methode is hormonaal?',
        questionType: 'radio',
        value: 'option1',
        labels: ['De pil'],
        text: 'De pil',
      },
      {
        page: 'vragen',
        pageName: 'Vragen',
        question: 'rechten',
        label: 'Welke zijn rechten?',
        questionType: 'checkbox',
        value: ['option1', 'option3'],
        labels: ['Onderwijs', 'Een auto'],
        text: 'Onderwijs; Een auto',
      },
      {
        page: 'vragen',
        pageName: 'Vragen',
        question: 'waarom',
        label: 'Waarom?',
        questionType: 'text',
        value: '=1+1, "zegt" men',
        labels: ['=1+1, "zegt" men'],
        text: '=1+1, "zegt" men',
      },
    ]);
    // The participant reads their own the same way; anyone else reads nothing.
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    const own = await graphql<any>(app, read, { token: participant.token, variables: {} });
    expect(own.data.module.resultAnswers).toEqual(teacher.data.module.resultAnswers);
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    const other = await graphql<any>(app, read, {
      token: stranger.token,
      variables: { user: participant.userId },
    });
    expect(other.data.module).toEqual({ result: null, resultAnswers: null });
    // A teacher who does not own the module reads nothing either, and asking writes nothing.
    await ensureTeacherRole(platform);
    const teacherElsewhere = await addTestUser(platform, { roles: ['teacher'] });
    const before = (await readAll(platform.database.db, 0, 100_000)).length;
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    const notTheirs = await graphql<any>(app, read, {
      token: teacherElsewhere.token,
      variables: { user: participant.userId },
    });
    expect(notTheirs.data.module).toEqual({ result: null, resultAnswers: null });
    expect((await readAll(platform.database.db, 0, 100_000)).length).toBe(before);
  });

  it('the CSV heads its columns in Dutch with keys and reads answers as texts, also through GraphQL', async () => {
    const response = await app.inject({ url: '/api/results/toets.csv', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const [header, row, ...rest] = response.body.slice(1).trimEnd().split('\r\n');
    expect(rest).toEqual([]);
    expect(header).toBe(
      [
        'Id [_id]',
        'Naam [name]',
        'E-mailadres [email]',
        'Begonnen op [startedAt]',
        'Laatst actief [updatedAt]',
        'Vragen: Welke methode is hormonaal? [vragen/methode/answer]',
        'Vragen: Welke methode is hormonaal? (score) [vragen/methode]',
        'Vragen: Welke zijn rechten? [vragen/rechten/answer]',
        'Vragen: Welke zijn rechten? (score) [vragen/rechten]',
        'Vragen: Waarom? [vragen/waarom/answer]',
        'Vragen: Waarom? (score) [vragen/waarom]',
        'Vragen: totaal [vragen/total]',
        'Totaal [total]',
        'Maximumscore [maxScore]',
        'Percentage [percent]',
      ]
        .map((cell) => `"${cell}"`)
        .join(','),
    );
    expect(row).toContain('"Rita Resultaat"');
    // Option texts, several joined by '; '; the open answer as text, neutralised and quoted.
    expect(row).toMatch(
      /,"De pil",1,"Onderwijs; Een auto",1,"'=1\+1, ""zegt"" men","nog niet gescoord",2,2,5,40$/,
    );
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    const text = await graphql<any>(app, '{ resultCSV(path: "toets") }', { token: admin.token });
    expect(text.data.resultCSV).toBe(response.body);
  });
});
