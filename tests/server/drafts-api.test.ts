import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftStream, resultStream } from '../../events/result/events';
import { readAll, readStream } from '../../events/store';
import { buildApp } from '../../server/app';
import { ensureTeacherRole } from '../../server/auth/bootstrap';
import { transaction } from '../../server/db/transaction';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { limitedOpen, unlimitedOpen } from '../support/questions';
import { addTestUser } from '../users';

type Headers = Record<string, string>;

const radio = {
  type: 'radio',
  questionType: 'single',
  name: 'sdg',
  label: 'Which SDG is about gender equality?',
  schema: { attempts: 2, info: 'Read the page on the SDGs again.' },
  options: [
    { label: 'SDG 5', value: 'five', score: 1 },
    { label: 'SDG 13', value: 'thirteen', score: 0 },
    { label: 'SDG 1', value: 'one', score: 0 },
  ],
};
const checkbox = {
  type: 'checkbox',
  questionType: 'multiple',
  name: 'parts',
  label: 'What belongs to SRHR?',
  schema: { attempts: 1 },
  options: [
    { label: 'Contraception', value: 'contraception', score: 1 },
    { label: 'Road building', value: 'roads', score: 0 },
  ],
};

/** Counts the statements of a request and the rows they read, commands included. */
function statementCounter() {
  const counter = { statements: 0, rows: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.statements += 1;
      counter.rows += args.result.rows.length;
      return args.result;
    },
  };
  return { counter, plugin };
}

describe.each(databaseKinds)('drafts, confirmed answers and another attempt on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: Headers;
  let teacher: Headers;
  let otherTeacher: Headers;
  let learner: { userId: string; headers: Headers };
  const { counter, plugin } = statementCounter();

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    await ensureTeacherRole(platform);
    admin = { authorization: `Bearer ${(await addTestUser(platform, { roles: ['admin'] })).token}` };
    const owner = await addTestUser(platform, { roles: ['teacher'], name: 'Amina Teacher' });
    teacher = { authorization: `Bearer ${owner.token}` };
    otherTeacher = { authorization: `Bearer ${(await addTestUser(platform, { roles: ['teacher'] })).token}` };
    const person = await addTestUser(platform);
    learner = { userId: person.userId, headers: { authorization: `Bearer ${person.token}` } };
    const create = async (path: string, module: object, pages: object[], headers = admin) => {
      await ok(mutate('module.create', { path, module: { language: 'en', ...module } }, headers));
      for (const page of pages)
        await ok(mutate('page.create', { parentType: 'module', parentPath: path, page }, headers));
    };
    await create('drafts', { name: 'Drafts' }, [
      { name: 'Questions', type: 'question', content: [radio, checkbox, limitedOpen, unlimitedOpen] },
    ]);
    await create(
      'gated',
      { name: 'Gated', gateProgress: true, gateConfig: ['all-correct'] },
      [
        { name: 'Check', type: 'question', content: [radio] },
        {
          name: 'After',
          type: 'markdown',
          content: [{ type: 'markdown', name: 'text', text: 'Well done.' }],
        },
      ],
      teacher,
    );
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

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
  const save = (module: string, answers: object, confirm: string[] = [], page = 'questions') =>
    mutate('result.save', { module, page, result: { answers, confirm } }, learner.headers);
  const streams = async (module: string) => {
    const { moduleId } = (await ok(query('module.byPath', { path: module }, admin))) as { moduleId: string };
    return {
      answers: await readStream(platform.database.db, resultStream(moduleId, learner.userId)),
      drafts: await readStream(platform.database.db, draftStream(moduleId, learner.userId)),
    };
  };

  it('keeps changes of limited questions as drafts that spend nothing, across reloads', async () => {
    // Arrow keys through the options, ticking and unticking, typing with pauses: every one a save.
    for (const value of ['thirteen', 'one', 'five', 'thirteen']) await ok(save('drafts', { sdg: value }));
    await ok(save('drafts', { parts: ['roads'] }));
    await ok(save('drafts', { parts: [] }));
    await ok(save('drafts', { plan: 'We will' }));
    const saved = await ok(save('drafts', { plan: 'We will train midwives' }));
    expect(saved.page.questions.sdg).toMatchObject({
      attempts: 0,
      answered: false,
      draft: 'thirteen',
      locked: false,
    });
    expect(saved.page.questions.parts).toMatchObject({ attempts: 0, draft: [], needsConfirm: true });
    expect(saved.page.questions.plan).toMatchObject({ attempts: 0, draft: 'We will train midwives' });
    expect(saved.page.progress.completed).toBe(false);
    // A reload (or another device) reads the drafts back.
    const reloaded = await ok(query('result.page', { module: 'drafts', page: 'questions' }, learner.headers));
    expect(reloaded.questions.sdg.draft).toBe('thirteen');
    // Having only drafted, the participant has begun: home's 'continue' finds the module.
    const latest = await ok(
      app.inject({ url: '/trpc/result.latestActivity', headers: learner.headers }) as never,
    );
    expect(latest.module.path).toBe('drafts');
    const { answers, drafts } = await streams('drafts');
    expect(answers).toHaveLength(0);
    expect(drafts.map((event) => event.type)).toEqual(Array(8).fill('AnswerDrafted'));
  });

  it('the same draft again writes nothing', async () => {
    const before = (await streams('drafts')).drafts.length;
    await ok(save('drafts', { sdg: 'thirteen' }));
    expect((await streams('drafts')).drafts).toHaveLength(before);
  });

  it('takes every change of an unlimited question as its answer, as before', async () => {
    const saved = await ok(save('drafts', { notes: 'First thought' }));
    expect(saved.page.questions.notes).toMatchObject({ answered: true, attempts: 1, needsConfirm: false });
  });

  it('spends one attempt per confirmation, never on an empty answer', async () => {
    const empty = await save('drafts', { parts: [] }, ['parts']);
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('result.emptyAnswer');
    const wrong = await ok(save('drafts', { sdg: 'thirteen' }, ['sdg']));
    expect(wrong.page.questions.sdg).toMatchObject({
      attempts: 1,
      answer: 'thirteen',
      answered: true,
      draft: null,
      locked: false,
    });
    // Confirming the same answer again is no new attempt.
    const again = await ok(save('drafts', { sdg: 'thirteen' }, ['sdg']));
    expect(again.page.questions.sdg.attempts).toBe(1);
    // Back to the confirmed answer after a detour: no draft stays behind.
    await ok(save('drafts', { sdg: 'one' }));
    const back = await ok(save('drafts', { sdg: 'thirteen' }));
    expect(back.page.questions.sdg).toMatchObject({ attempts: 1, draft: 'thirteen' });
    const last = await ok(save('drafts', { sdg: 'one' }, ['sdg']));
    expect(last.page.questions.sdg).toMatchObject({ attempts: 2, locked: true, answer: 'one', draft: null });
    const refused = await save('drafts', { sdg: 'five' });
    expect(refused.statusCode).toBe(409);
    const unknown = await save('drafts', { sdg: 'five' }, ['parts']);
    expect(unknown.statusCode).toBe(400);
  });

  it('costs the same statements and rows read however many drafts came before', async () => {
    const db = platform.database.db.withPlugin(plugin);
    const counted = await buildApp({
      ...platform,
      database: { ...platform.database, db },
      pipeline: { ...platform.pipeline, db, transaction: (work) => transaction(db, work) },
    });
    const draft = async (text: string) => {
      counter.statements = 0;
      counter.rows = 0;
      const response = await counted.inject({
        method: 'POST',
        url: '/trpc/result.save',
        payload: { module: 'drafts', page: 'questions', result: { answers: { plan: text } } },
        headers: learner.headers,
      });
      expect(response.statusCode).toBe(200);
      return { statements: counter.statements, rows: counter.rows };
    };
    // The first request takes the request limiter's share of the budget; the ones measured spend it.
    await draft('Draft 0');
    const early = await draft('Draft 1');
    for (let i = 2; i < 40; i++) await draft(`Draft ${i}`);
    expect(await draft('Draft 40')).toEqual(early);
    await counted.close();
  });

  it('explains a closed gate that cannot open, and a teacher gives another attempt', async () => {
    const page = (headers = learner.headers) =>
      ok(query('result.page', { module: 'gated', page: 'check' }, headers));
    expect((await page()).progress).toMatchObject({ stuck: false, gateOpen: false });
    await ok(save('gated', { sdg: 'thirteen' }, ['sdg'], 'check'));
    const stuck = await ok(save('gated', { sdg: 'one' }, ['sdg'], 'check'));
    expect(stuck.page.progress).toMatchObject({ stuck: true, gateOpen: false });
    expect(stuck.page.helpers).toEqual(['Amina Teacher']);
    expect(stuck.module.helpers).toEqual(['Amina Teacher']);
    // The module's teachers see who is stuck where.
    const list = await ok(query('result.participants', { module: 'gated' }, teacher));
    expect(list.participants).toMatchObject([{ _id: learner.userId, stuckPages: ['check'] }]);
    const teacherView = await ok(
      query('result.participant', { module: 'gated', user: learner.userId }, teacher),
    );
    expect(teacherView.pages[0]).toMatchObject({ stuck: true });
    expect(teacherView.pages[0].questions[0]).toMatchObject({
      attempts: 2,
      attemptsAllowed: 2,
      locked: true,
    });
    // Only the module's teachers may give it; nobody may hand out attempts in advance.
    const grant = { module: 'gated', user: learner.userId, page: 'check', question: 'sdg' };
    const eventsBefore = (await readAll(platform.database.db, 0, 100_000)).length;
    expect((await mutate('result.grantAttempt', grant, otherTeacher)).statusCode).toBe(403);
    expect((await mutate('result.grantAttempt', grant, learner.headers)).statusCode).toBe(403);
    const viaGraphql = (headers: Headers) =>
      app.inject({
        method: 'POST',
        url: '/graphql',
        headers,
        payload: {
          query:
            'mutation ($u: ID!) { grantAttempt(user: $u, module: "gated", page: "check", question: "sdg") { success message } }',
          variables: { u: learner.userId },
        },
      });
    for (const headers of [otherTeacher, learner.headers]) {
      const refused = await viaGraphql(headers);
      expect(refused.json().data.grantAttempt.success).toBe(false);
    }
    // Refusals write nothing.
    expect((await readAll(platform.database.db, 0, 100_000)).length).toBe(eventsBefore);
    await ok(mutate('result.grantAttempt', grant, teacher));
    expect((await mutate('result.grantAttempt', grant, teacher)).statusCode).toBe(409);
    const open = await page();
    expect(open.questions.sdg).toMatchObject({ locked: false, attempts: 2, attemptsAllowed: 3 });
    expect(open.progress.stuck).toBe(false);
    expect(open.helpers).toEqual([]);
    const history = await ok(query('result.history', { module: 'gated', user: learner.userId }, teacher));
    expect(history.at(-1)).toMatchObject({
      type: 'AttemptGranted',
      actorName: 'Amina Teacher',
      attempt: 2,
      attemptsAllowed: 3,
    });
    const passed = await ok(save('gated', { sdg: 'five' }, ['sdg'], 'check'));
    expect(passed.page.progress).toMatchObject({ gateOpen: true, stuck: false });
    const after = await ok(query('result.participants', { module: 'gated' }, teacher));
    expect(after.participants[0].stuckPages).toEqual([]);
  });
});
