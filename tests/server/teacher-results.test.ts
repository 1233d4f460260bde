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
  schema: { attempts: 0 },
  options: [
    { label: 'SDG 5', value: 'five', score: 2 },
    { label: 'SDG 13', value: 'thirteen', score: 0 },
  ],
};
const open = {
  type: 'textarea',
  questionType: 'open',
  name: 'reflection',
  label: 'What matters most in your project?',
  schema: { maxScore: 5 },
};

/**
 * Teachers' results (docs/guide/results-and-scoring.md): scoring with feedback, history, the
 * participants list, CSV.
 */
describe.each(databaseKinds)('teacher results on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: Headers;
  let owner: Headers;
  let otherTeacher: Headers;
  let learner: Headers;
  let learnerId: string;
  let other: Headers;
  let otherId: string;
  let ownerId: string;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    admin = bearer((await addTestUser(platform, { roles: ['admin'] })).token);
    const teacher = await addTestUser(platform, { roles: ['teacher'], name: 'Tess Teacher' });
    owner = bearer(teacher.token);
    ownerId = teacher.userId;
    otherTeacher = bearer((await addTestUser(platform, { roles: ['teacher'] })).token);
    const pia = await addTestUser(platform, { name: 'Pia Participant', email: 'pia@example.org' });
    learner = bearer(pia.token);
    learnerId = pia.userId;
    // A name a spreadsheet would run as a formula.
    const formula = await addTestUser(platform, { name: '=HYPERLINK("x")', email: 'formula@example.org' });
    other = bearer(formula.token);
    otherId = formula.userId;
    await ok(mutate('module.create', { path: 'reflect', module: { name: 'Reflect', language: 'en' } }));
    await ok(
      mutate('page.create', {
        parentType: 'module',
        parentPath: 'reflect',
        page: { name: 'Questions', type: 'question', content: [radio, open] },
      }),
    );
    await ok(mutate('module.addOwner', { path: 'reflect', userId: ownerId }));
    await ok(save({ sdg: 'five', reflection: 'Access to contraception.' }));
    await ok(save({ sdg: 'thirteen', reflection: 'Roads, "mostly", and bridges' }, other));
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = (procedure: string, input: object, headers: Headers = admin) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
  const query = (procedure: string, input: object | undefined, headers: Headers = admin) =>
    app.inject({
      url: `/trpc/${procedure}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`,
      headers,
    });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  const ok = async (response: Promise<{ statusCode: number; json: () => any }>) => {
    const answer = await response;
    expect(answer.statusCode, JSON.stringify(answer.json())).toBe(200);
    return answer.json().result.data;
  };
  const save = (answers: object, headers = learner) =>
    mutate(
      'result.save',
      { module: 'reflect', page: 'questions', result: { answers, confirm: Object.keys(answers) } },
      headers,
    );
  const score = (result: object, headers: Headers = owner, user = learnerId) =>
    mutate('result.score', { user, module: 'reflect', page: 'questions', result }, headers);

  it('an owner scores an open answer (rounded) with feedback; the participant sees both', async () => {
    const scored = await ok(
      score({ scores: { reflection: 3.6 }, feedback: { reflection: 'Name a source.' } }),
    );
    const question = scored.pages[0].questions.find((q: { name: string }) => q.name === 'reflection');
    expect(question).toMatchObject({ score: 4, maxScore: 5, feedback: 'Name a source.', scoredBy: ownerId });
    expect(scored.score).toBe(6);
    const page = await ok(query('result.page', { module: 'reflect', page: 'questions' }, learner));
    expect(page.questions.reflection).toMatchObject({ score: 4, feedback: 'Name a source.' });
    const module = await ok(query('result.module', { module: 'reflect' }, learner));
    expect(module.score).toBe(6);
    expect(module.feedback).toEqual({ questions: { reflection: 'Name a source.' } });
    // The feedback is sealed with the participant's key in the log.
    const { rows } = await platform.database.db
      .selectFrom('events' as never)
      .select(['data' as never])
      .where('type' as never, '=', 'AnswerScored' as never)
      .execute()
      .then((found) => ({ rows: found as { data: { feedback: string } }[] }));
    expect(rows[0]?.data.feedback.startsWith('pd1:')).toBe(true);
  });

  it('refuses other people, choice questions, scores out of range and unanswered questions', async () => {
    const before = (await readAll(platform.database.db, 0, 100_000)).length;
    expect((await score({ scores: { reflection: 1 } }, learner)).statusCode).toBe(403);
    expect((await score({ scores: { reflection: 1 } }, otherTeacher)).statusCode).toBe(403);
    expect((await score({ scores: { reflection: 1 } }, {})).statusCode).toBe(401);
    expect((await score({ scores: { sdg: 0 } })).statusCode).toBe(400);
    expect((await score({ scores: { reflection: 6 } })).statusCode).toBe(400);
    expect((await score({ answers: { reflection: 'x' } })).statusCode).toBe(400);
    expect((await score({ scores: { reflection: 2 } }, owner, ownerId)).statusCode).toBe(409);
    expect((await readAll(platform.database.db, 0, 100_000)).length).toBe(before);
  });

  it('shows who changed which score, when, from what to what', async () => {
    await ok(score({ scores: { reflection: '2' } }, admin));
    const history = await ok(query('result.history', { module: 'reflect', user: learnerId }, owner));
    const changes = history.filter((entry: { type: string }) => entry.type === 'AnswerScored');
    expect(changes).toMatchObject([
      {
        question: 'reflection',
        from: 0,
        to: 4,
        feedbackFrom: null,
        feedbackTo: 'Name a source.',
        actorId: ownerId,
      },
      { question: 'reflection', from: 4, to: 2, feedbackTo: 'Name a source.' },
    ]);
    expect(history[0]).toMatchObject({ type: 'AnswerSaved', attempt: 1 });
    expect((await query('result.history', { module: 'reflect', user: learnerId }, learner)).statusCode).toBe(
      403,
    );
  });

  it('lists participants with per-page scores, filtered by dates, text and numbers', async () => {
    const all = await ok(query('result.participants', { module: 'reflect' }, owner));
    expect(all.total).toBe(2);
    expect(all.maxScore).toBe(7);
    const pia = all.participants.find((row: { _id: string }) => row._id === learnerId);
    expect(pia).toMatchObject({ name: 'Pia Participant', score: 4, percent: 57, pages: { questions: 4 } });
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await ok(
      query('result.participants', { module: 'reflect', from: today, until: today }, owner),
    );
    expect(inRange.total).toBe(2);
    const past = await ok(
      query('result.participants', { module: 'reflect', from: '2020-01-01', until: '2020-12-31' }, owner),
    );
    expect(past.participants).toEqual([]);
    // Numbers compare as numbers: 9 is below 50, though "9" > "50" as text.
    const high = await ok(query('result.participants', { module: 'reflect', minPercent: '50' }, owner));
    expect(high.participants.map((row: { _id: string }) => row._id)).toEqual([learnerId]);
    const low = await ok(query('result.participants', { module: 'reflect', maxPercent: 9 }, owner));
    expect(low.participants.map((row: { _id: string }) => row._id)).toEqual([otherId]);
    const named = await ok(query('result.participants', { module: 'reflect', search: 'pia' }, owner));
    expect(named.total).toBe(1);
    expect((await query('result.participants', { module: 'reflect' }, otherTeacher)).statusCode).toBe(403);
    const reversed = await query(
      'result.participants',
      { module: 'reflect', from: today, until: '2020-01-01' },
      owner,
    );
    expect(reversed.statusCode).toBe(400);
  });

  it('downloads the results as CSV: BOM, labelled columns with keys, answers as texts, totals, neutralised cells', async () => {
    const response = await app.inject({ url: '/api/results/reflect.csv', headers: owner });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('results-reflect.csv');
    const body = response.body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      [
        'Id [_id]',
        'Name [name]',
        'E-mail [email]',
        'Started [startedAt]',
        'Last active [updatedAt]',
        'Questions: Which SDG is about gender equality? [questions/sdg/answer]',
        'Questions: Which SDG is about gender equality? (score) [questions/sdg]',
        'Questions: What matters most in your project? [questions/reflection/answer]',
        'Questions: What matters most in your project? (score) [questions/reflection]',
        'Questions: total [questions/total]',
        'Total [total]',
        'Maximum score [maxScore]',
        'Percentage [percent]',
      ]
        .map((cell) => `"${cell}"`)
        .join(','),
    );
    expect(lines).toHaveLength(3);
    const pia = lines.find((line) => line.startsWith(`"${learnerId}"`));
    expect(pia).toMatch(/,"SDG 5",2,"Access to contraception.",2,4,4,7,57$/);
    const formula = lines.find((line) => line.startsWith(`"${otherId}"`));
    expect(formula).toContain(`"'=HYPERLINK(""x"")"`);
    // The open answer no teacher scored reads 'not yet scored', never 0 (ADR 0018).
    expect(formula).toMatch(/,"SDG 13",0,"Roads, ""mostly"", and bridges","not yet scored",0,0,7,0$/);
    const ranged = await app.inject({
      url: '/api/results/reflect.csv?after=2020-01-01&before=2020-12-31',
      headers: owner,
    });
    expect(ranged.body.slice(1).trimEnd().split('\r\n')).toHaveLength(1);
    expect((await app.inject({ url: '/api/results/reflect.csv' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/results/reflect.csv', headers: learner })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/results/nothing-here.csv', headers: owner })).statusCode).toBe(404);
    expect(
      (await app.inject({ url: '/api/results/reflect.csv?after=soon', headers: owner })).statusCode,
    ).toBe(400);
  });

  it('a new answer keeps the feedback and starts its score again', async () => {
    await ok(save({ reflection: 'Access, and information.' }));
    const page = await ok(query('result.page', { module: 'reflect', page: 'questions' }, learner));
    expect(page.questions.reflection).toMatchObject({ score: 0, feedback: 'Name a source.' });
  });

  it('erasing the participant makes the feedback in the log unreadable and empties their rows', async () => {
    expect((await mutate('user.delete', { _id: learnerId })).statusCode).toBe(200);
    const history = await ok(query('result.history', { module: 'reflect', user: learnerId }, owner));
    const scored = history.filter((entry: { type: string }) => entry.type === 'AnswerScored');
    expect(scored.length).toBeGreaterThan(0);
    for (const entry of scored) expect([entry.feedbackFrom, entry.feedbackTo]).toEqual([null, null]);
    const all = await ok(query('result.participants', { module: 'reflect' }, owner));
    expect(all.participants.map((row: { _id: string }) => row._id)).toEqual([otherId]);
  });
});
