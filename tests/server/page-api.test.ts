import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRules, noRules } from '../../events/permissions';
import { readAll } from '../../events/store';
import { buildApp } from '../../server/app';
import { createRole } from '../../server/role/commands';
import { systemMeta } from '../../server/user/execute-user';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

const system = { userId: 'system', roles: ['admin'], rules: allRules() };
type Headers = Record<string, string>;

const question = {
  type: 'radio',
  questionType: 'single',
  name: 'stiProtection',
  label: 'Which method also protects against STIs?',
  schema: { autoShow: true, attempts: 2, info: 'See the page on condoms.' },
  options: [
    { label: 'Condom', value: 'condom', score: 2, feedback: '' },
    { label: 'Pill', value: 'pill', score: 0, feedback: '' },
    { label: 'Withdrawal', value: 'withdrawal', score: -1, feedback: '' },
  ],
};
const openQuestion = {
  type: 'textarea',
  questionType: 'open',
  name: 'reflection',
  label: 'What would you advise?',
  schema: { maxScore: 5 },
};

describe.each(databaseKinds)('pages over tRPC on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: Headers;
  let learner: Headers;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    admin = { authorization: `Bearer ${(await addTestUser(platform, { roles: ['admin'] })).token}` };
    learner = { authorization: `Bearer ${(await addTestUser(platform)).token}` };
    await app.inject({
      method: 'POST',
      url: '/trpc/module.create',
      payload: { path: 'safer-sex', module: { name: 'Safer sex', language: 'en' } },
      headers: admin,
    });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = (procedure: string, input: object, headers: Headers = admin) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
  // Module and page content is for registered users: reads go as a signed-in learner unless told.
  const query = (procedure: string, input: object, headers: Headers = learner) =>
    app.inject({ url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, headers });
  // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
  const data = async (response: Promise<{ json: () => any }>) => (await response).json().result.data;
  const eventCount = async () => (await readAll(platform.database.db, 0, 100_000)).length;
  const create = (page: object, parentPath = 'safer-sex', headers: Headers = admin) =>
    mutate('page.create', { parentType: 'module', parentPath, page }, headers);
  const order = async (headers: Headers = admin) =>
    (await data(query('page.listByModule', { path: 'safer-sex' }, headers))).map(
      (page: { path: string }) => page.path,
    );

  it('creates a page of each type and answers it by path', async () => {
    const markdown = await create({
      name: 'Why safer sex',
      type: 'markdown',
      content: [{ type: 'markdown', name: 'intro', text: '## Why\nBecause.' }],
      estimatedTime: 90,
    });
    expect(markdown.json().result.data).toEqual({ path: 'why-safer-sex' });

    const video = await create({
      name: 'Condom demo',
      type: 'video',
      content: [{ type: 'video', name: 'demo', url: 'https://video.example.org/condom.mp4' }],
      estimatedTime: 180,
    });
    expect(video.statusCode).toBe(200);

    const quiz = await create({
      name: 'Check yourself',
      type: 'question',
      content: [question, openQuestion],
    });
    expect(quiz.json().result.data).toEqual({ path: 'check-yourself' });
    const stored = await data(query('page.editable', { path: 'check-yourself' }, admin));
    expect(stored).toMatchObject({
      path: 'check-yourself',
      name: 'Check yourself',
      type: 'question',
      parentPath: 'safer-sex',
      position: 2,
      estimatedTime: 0,
      interactiveVideo: null,
    });
    expect(stored.content).toEqual([
      { ...question, schema: { ...question.schema, maxScore: 1 } },
      { ...openQuestion, options: [], schema: { autoShow: false, attempts: 0, info: '', maxScore: 5 } },
    ]);

    // Learners get the question without its answer key; only the module's editors see the scores.
    const seenByLearner = await data(query('page.byPath', { path: 'check-yourself' }, learner));
    expect(seenByLearner.content[0].options).toEqual(
      question.options.map(({ label, value }) => ({ label, value })),
    );
    expect((await query('page.editable', { path: 'check-yourself' }, learner)).statusCode).toBe(403);
    expect((await data(query('page.byPath', { path: 'check-yourself' }, admin))).content[0].options).toEqual(
      question.options,
    );

    const interactive = await create({
      name: 'Watch and answer',
      type: 'interactive',
      content: [question],
      interactiveVideo: {
        url: 'https://video.example.org/talk.mp4',
        videoTime: 600,
        timestamps: [
          { hh: 0, mm: 5, ss: 30, references: ['stiProtection'] },
          { hh: 1, mm: 0, ss: 1, references: [] },
        ],
      },
      estimatedTime: 600,
    });
    expect(interactive.statusCode).toBe(200);
    const watched = await data(query('page.byPath', { path: 'watch-and-answer' }, admin));
    expect(watched.interactiveVideo).toEqual({
      show: true,
      url: 'https://video.example.org/talk.mp4',
      videoTime: 600,
      timestamps: [
        { hh: 0, mm: 5, ss: 30, references: ['stiProtection'], timestampInSeconds: 330 },
        { hh: 1, mm: 0, ss: 1, references: [], timestampInSeconds: 3601 },
      ],
      tracks: [],
    });

    const module = await data(query('module.byPath', { path: 'safer-sex' }));
    expect(module).toMatchObject({ pageCount: 4, estimatedTime: 870 });
    expect(module.pages).toEqual([
      expect.objectContaining({ path: 'why-safer-sex', type: 'markdown', estimatedTime: 90, position: 0 }),
      expect.objectContaining({ path: 'condom-demo', type: 'video', position: 1 }),
      expect.objectContaining({ path: 'check-yourself', type: 'question', position: 2 }),
      expect.objectContaining({ path: 'watch-and-answer', type: 'interactive', position: 3 }),
    ]);
  });

  it('refuses a bad timestamp, an unknown reference and a missing module, writing nothing', async () => {
    const before = await eventCount();
    const badMinutes = await app.inject({
      method: 'POST',
      url: '/trpc/page.create',
      payload: {
        parentType: 'module',
        parentPath: 'safer-sex',
        page: {
          name: 'Broken video',
          type: 'interactive',
          content: [question],
          interactiveVideo: {
            url: 'https://video.example.org/v.mp4',
            timestamps: [{ hh: 0, mm: 60, ss: 0 }],
          },
        },
      },
      headers: { ...admin, 'accept-language': 'en' },
    });
    expect(badMinutes.statusCode).toBe(400);
    expect(badMinutes.json().error.data.fields).toEqual([
      {
        path: 'page.interactiveVideo.timestamps.0.mm',
        key: 'pageErrors.minutesRange',
        message: 'Minutes are between 0 and 59.',
      },
    ]);
    const unknownReference = await create({
      name: 'Broken video',
      type: 'interactive',
      content: [],
      interactiveVideo: {
        url: 'https://video.example.org/v.mp4',
        timestamps: [{ hh: 0, mm: 1, ss: 0, references: ['nothing'] }],
      },
    });
    expect(unknownReference.statusCode).toBe(400);
    expect(unknownReference.json().error.data.fields[0].key).toBe('pageErrors.unknownReference');
    const noModule = await create({ name: 'Lost', type: 'markdown' }, 'no-such-module');
    expect(noModule.statusCode).toBe(404);
    expect(
      (await mutate('page.update', { path: 'check-yourself', page: { name: '', type: 'markdown' } }))
        .statusCode,
    ).toBe(400);
    expect(await eventCount()).toBe(before);
    expect((await query('page.byPath', { path: 'broken-video' }, admin)).statusCode).toBe(404);
  });

  it('reorders pages with the exact list of their paths and refuses any other list', async () => {
    const wanted = ['watch-and-answer', 'why-safer-sex', 'check-yourself', 'condom-demo'];
    expect((await mutate('module.orderPages', { path: 'safer-sex', pages: wanted })).statusCode).toBe(200);
    expect(await order()).toEqual(wanted);
    expect(
      (await data(query('module.byPath', { path: 'safer-sex' }))).pages.map(
        (page: { path: string }) => page.path,
      ),
    ).toEqual(wanted);

    const before = await eventCount();
    for (const pages of [
      wanted.slice(1),
      [...wanted, 'elsewhere'],
      ['why-safer-sex', 'why-safer-sex', 'check-yourself', 'condom-demo'],
    ]) {
      const refused = await mutate(
        'module.orderPages',
        { path: 'safer-sex', pages },
        { ...admin, 'accept-language': 'en' },
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.data.key).toBe('module.orderMismatch');
      expect(refused.json().error.message).toBe("The new order must list exactly the module's pages.");
    }
    expect(
      (await mutate('module.orderPages', { path: 'safer-sex', pages: wanted }, learner)).statusCode,
    ).toBe(403);
    expect(await eventCount()).toBe(before);
    expect(await order()).toEqual(wanted);
  });

  it('updates, duplicates (last in the module) and deletes a page, with history and asOf', async () => {
    await mutate('page.update', {
      path: 'why-safer-sex',
      page: { name: 'Why safer sex matters', type: 'markdown', estimatedTime: 120 },
    });
    expect(await data(query('page.byPath', { path: 'why-safer-sex' }))).toMatchObject({
      name: 'Why safer sex matters',
      content: [],
      estimatedTime: 120,
    });
    const copy = await data(mutate('page.duplicate', { path: 'check-yourself' }));
    expect(copy).toEqual({ path: 'check-yourself-2' });
    const copied = await data(query('page.byPath', { path: 'check-yourself-2' }));
    expect(copied).toMatchObject({ name: 'Check yourself (copy)', position: 4, type: 'question' });
    expect(copied.content.map((element: { name: string }) => element.name)).toEqual([
      'stiProtection',
      'reflection',
    ]);
    expect((await order()).at(-1)).toBe('check-yourself-2');

    expect((await mutate('page.delete', { path: 'condom-demo' }, learner)).statusCode).toBe(403);
    expect((await mutate('page.delete', { path: 'condom-demo' })).statusCode).toBe(200);
    expect((await query('page.byPath', { path: 'condom-demo' }, admin)).statusCode).toBe(404);
    expect(await order()).not.toContain('condom-demo');

    const history = await data(query('page.history', { path: 'why-safer-sex' }, admin));
    expect(history.map((entry: { type: string }) => entry.type)).toEqual(['PageCreated', 'PageUpdated']);
    const first = await data(query('page.asOf', { path: 'why-safer-sex', at: history[0].at }, admin));
    expect(first).toMatchObject({ name: 'Why safer sex', parentPath: 'safer-sex', deleted: false });
  });

  it('lets module owners manage its pages, and hides pages of modules learners may not see', async () => {
    await createRole(platform, system, systemMeta('test'), { name: 'page-keeper', actions: noRules() });
    const keeper = await addTestUser(platform, { roles: ['page-keeper'] });
    const asKeeper = { authorization: `Bearer ${keeper.token}` };
    expect(
      (await create({ name: 'By the keeper', type: 'markdown' }, 'safer-sex', asKeeper)).statusCode,
    ).toBe(403);
    await mutate('module.addOwner', { path: 'safer-sex', userId: keeper.userId });
    expect(
      (await create({ name: 'By the keeper', type: 'markdown' }, 'safer-sex', asKeeper)).statusCode,
    ).toBe(200);
    expect(
      (
        await mutate(
          'page.update',
          { path: 'by-the-keeper', page: { name: 'Kept', type: 'markdown' } },
          asKeeper,
        )
      ).statusCode,
    ).toBe(200);
    expect((await mutate('page.duplicate', { path: 'by-the-keeper' }, asKeeper)).statusCode).toBe(200);
    expect((await mutate('page.delete', { path: 'by-the-keeper-2' }, asKeeper)).statusCode).toBe(200);

    await mutate('module.unpublish', { path: 'safer-sex' });
    const hidden = await query(
      'page.byPath',
      { path: 'check-yourself' },
      { ...learner, 'accept-language': 'nl' },
    );
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.message).toBe('Oeps, deze pagina bestaat niet.');
    expect((await query('page.listByModule', { path: 'safer-sex' }, learner)).statusCode).toBe(404);
    expect((await query('page.byPath', { path: 'check-yourself' }, asKeeper)).statusCode).toBe(200);

    // Deleting the module takes its pages off the read side.
    expect((await mutate('module.delete', { path: 'safer-sex' })).statusCode).toBe(200);
    expect((await query('page.byPath', { path: 'check-yourself' }, admin)).statusCode).toBe(404);
    expect(
      (await mutate('page.update', { path: 'check-yourself', page: { name: 'x', type: 'markdown' } }))
        .statusCode,
    ).toBe(404);
  });
});
