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

describe.each(databaseKinds)('modules over tRPC on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: Headers;
  let adminId: string;
  let learner: Headers;
  let learnerId: string;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    const adminUser = await addTestUser(platform, { roles: ['admin'] });
    adminId = adminUser.userId;
    admin = { authorization: `Bearer ${adminUser.token}` };
    const learnerUser = await addTestUser(platform);
    learnerId = learnerUser.userId;
    learner = { authorization: `Bearer ${learnerUser.token}` };
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = (procedure: string, input: object, headers: Headers = admin) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
  // Module and page content is for registered users: reads go as a signed-in learner unless told.
  const query = (procedure: string, input?: object, headers: Headers = learner) =>
    app.inject({
      url: `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
      headers,
    });
  const data = async (response: Promise<{ json: () => { result: { data: unknown } } }>) =>
    // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field
    (await response).json().result.data as any;
  const eventCount = async () => (await readAll(platform.database.db, 0, 100_000)).length;
  const listPaths = async (input: object, headers: Headers = learner) =>
    (await data(query('module.list', input, headers))).map((module: { path: string }) => module.path);
  const page = (name: string, estimatedTime: number) => ({
    name,
    type: 'markdown',
    content: [{ type: 'markdown', name: 'text', text: `# ${name}` }],
    estimatedTime,
  });

  it('creates, updates, unpublishes, publishes and deletes a module', async () => {
    const created = await mutate('module.create', {
      module: { name: 'Contraception basics', language: 'en', info: 'Methods and myths' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().result.data).toEqual({ path: 'contraception-basics' });
    const module = await data(query('module.byPath', { path: 'contraception-basics' }, admin));
    expect(module).toMatchObject({
      path: 'contraception-basics',
      name: 'Contraception basics',
      language: 'en',
      info: 'Methods and myths',
      originId: null,
      public: true,
      onHome: false,
      test: false,
      randomized: [],
      gateConfig: [],
      published: true,
      pageCount: 0,
      estimatedTime: 0,
      owners: [adminId],
      pages: [],
    });
    const second = await mutate('module.create', {
      module: { name: 'Contraception basics', language: 'nl' },
    });
    expect(second.json().result.data).toEqual({ path: 'contraception-basics-2' });

    const updated = await mutate('module.update', {
      path: 'contraception-basics',
      module: {
        name: 'Contraception, the basics',
        language: 'en',
        onHome: true,
        showCorrect: true,
        gateProgress: true,
        gateConfig: ['all-correct'],
        image: { name: 'pill.jpg', alt: 'A strip of pills' },
      },
    });
    expect(updated.json().result.data).toEqual({ path: 'contraception-basics' });
    expect(await data(query('module.byPath', { path: 'contraception-basics' }))).toMatchObject({
      name: 'Contraception, the basics',
      onHome: true,
      showCorrect: true,
      gateProgress: true,
      gateConfig: ['all-correct'],
      image: { name: 'pill.jpg', alt: 'A strip of pills' },
    });
    expect(await listPaths({ onHome: true })).toEqual(['contraception-basics']);

    await mutate('module.unpublish', { path: 'contraception-basics' });
    expect(await listPaths({})).toEqual(['contraception-basics-2']);
    // The admin list holds unpublished modules too (ordered by name, so compare as sets).
    expect((await listPaths({ onAdmin: true }, admin)).sort()).toEqual([
      'contraception-basics',
      'contraception-basics-2',
    ]);
    const before = await eventCount();
    await mutate('module.unpublish', { path: 'contraception-basics' });
    expect(await eventCount()).toBe(before);
    await mutate('module.publish', { path: 'contraception-basics' });
    expect(await listPaths({ published: true })).toContain('contraception-basics');

    expect((await mutate('module.delete', { path: 'contraception-basics-2' })).statusCode).toBe(200);
    expect((await query('module.byPath', { path: 'contraception-basics-2' }, admin)).statusCode).toBe(404);
    expect((await mutate('module.delete', { path: 'contraception-basics-2' })).statusCode).toBe(404);
  });

  it('keeps randomization for a test, empties it for a normal module, and refuses a gated test', async () => {
    await mutate('module.create', {
      path: 'final-exam',
      module: {
        name: 'Final exam',
        language: 'fr',
        test: true,
        anonymousPages: true,
        randomized: ['pages', 'answers'],
      },
    });
    expect(await data(query('module.byPath', { path: 'final-exam' }, admin))).toMatchObject({
      test: true,
      anonymousPages: true,
      randomized: ['pages', 'answers'],
    });
    await mutate('module.update', {
      path: 'final-exam',
      module: {
        name: 'Final exam',
        language: 'fr',
        test: false,
        anonymousPages: true,
        randomized: ['pages'],
      },
    });
    expect(await data(query('module.byPath', { path: 'final-exam' }, admin))).toMatchObject({
      test: false,
      anonymousPages: false,
      randomized: [],
    });

    const before = await eventCount();
    const refused = await app.inject({
      method: 'POST',
      url: '/trpc/module.update',
      payload: {
        path: 'final-exam',
        module: { name: 'Final exam', language: 'fr', test: true, gateProgress: true },
      },
      headers: { ...admin, 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.data.fields).toEqual([
      {
        path: 'module.gateProgress',
        key: 'module.gateWithTest',
        message: 'Blocking progress cannot be combined with a test.',
      },
    ]);
    const refusedCreate = await mutate('module.create', {
      module: { name: 'Gated exam', language: 'fr', test: true, gateProgress: true },
    });
    expect(refusedCreate.statusCode).toBe(400);
    expect(refusedCreate.json().error.data.fields[0].key).toBe('module.gateWithTest');
    expect(await eventCount()).toBe(before);
    expect((await query('module.byPath', { path: 'gated-exam' }, admin)).statusCode).toBe(404);
  });

  it('duplicates a module with its pages, and translates it with the language on every page', async () => {
    await mutate('module.create', {
      path: 'family-planning',
      module: { name: 'Family planning', language: 'en' },
    });
    for (const [name, seconds] of [
      ['Intro', 60],
      ['Methods', 300],
    ] as const) {
      await mutate('page.create', {
        parentType: 'module',
        parentPath: 'family-planning',
        page: page(name, seconds),
      });
    }
    const original = await data(query('module.byPath', { path: 'family-planning' }, admin));
    expect(original).toMatchObject({ pageCount: 2, estimatedTime: 360 });

    const copy = await data(mutate('module.duplicate', { path: 'family-planning' }));
    expect(copy).toEqual({ path: 'family-planning-2' });
    const duplicated = await data(query('module.byPath', { path: copy.path }, admin));
    expect(duplicated).toMatchObject({
      name: 'Family planning (copy)',
      language: 'en',
      pageCount: 2,
      published: false,
    });
    expect(duplicated.pages.map((entry: { name: string }) => entry.name)).toEqual(['Intro', 'Methods']);
    expect(duplicated.pages.map((entry: { path: string }) => entry.path)).toEqual(['intro-2', 'methods-2']);

    const translated = await data(
      mutate('module.translate', {
        path: 'family-planning',
        module: { name: 'Planning familial', language: 'fr' },
      }),
    );
    expect(translated).toEqual({ path: 'planning-familial' });
    const translation = await data(query('module.byPath', { path: 'planning-familial' }, admin));
    expect(translation).toMatchObject({
      language: 'fr',
      originId: original.moduleId,
      estimatedTime: 360,
      published: false,
    });
    await mutate('module.publish', { path: 'planning-familial' });
    expect(translation.pages.map((entry: { name: string }) => entry.name)).toEqual([
      'Intro (fr)',
      'Methods (fr)',
    ]);
    const translatedPage = await data(query('page.byPath', { path: translation.pages[0].path }, admin));
    expect(translatedPage.content).toEqual([{ type: 'markdown', name: 'text', text: '# Intro' }]);

    // A translation of a translation joins the same group.
    await mutate('module.translate', {
      path: 'planning-familial',
      module: { name: 'Gezinsplanning', language: 'nl' },
    });
    expect((await data(query('module.byPath', { path: 'gezinsplanning' }, admin))).originId).toBe(
      original.moduleId,
    );
    await mutate('module.publish', { path: 'gezinsplanning' });
    const group = await data(query('module.translations', { path: 'planning-familial' }));
    expect(group).toEqual([
      { path: 'family-planning', name: 'Family planning', language: 'en' },
      { path: 'planning-familial', name: 'Planning familial', language: 'fr' },
      { path: 'gezinsplanning', name: 'Gezinsplanning', language: 'nl' },
    ]);

    expect((await mutate('module.duplicate', { path: 'family-planning' }, learner)).statusCode).toBe(403);
    expect(
      (
        await mutate(
          'module.translate',
          { path: 'family-planning', module: { name: 'x', language: 'nl' } },
          learner,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('lets an owner edit but not create without the rule; owners are assigned with assign_owners', async () => {
    await createRole(platform, system, systemMeta('test'), { name: 'module-keeper', actions: noRules() });
    const keeper = await addTestUser(platform, { roles: ['module-keeper'] });
    const asKeeper = { authorization: `Bearer ${keeper.token}` };
    await mutate('module.create', {
      path: 'menstrual-health',
      module: { name: 'Menstrual health', language: 'en' },
    });

    const asOwnerBefore = await mutate(
      'module.update',
      { path: 'menstrual-health', module: { name: 'Menstrual health 101', language: 'en' } },
      asKeeper,
    );
    expect(asOwnerBefore.statusCode).toBe(403);
    expect(
      (await mutate('module.addOwner', { path: 'menstrual-health', userId: keeper.userId }, asKeeper))
        .statusCode,
    ).toBe(403);
    expect((await mutate('module.addOwner', { path: 'menstrual-health', userId: 'nobody' })).statusCode).toBe(
      404,
    );
    expect(
      (await mutate('module.addOwner', { path: 'menstrual-health', userId: keeper.userId })).statusCode,
    ).toBe(200);
    expect((await data(query('module.byPath', { path: 'menstrual-health' }, admin))).owners.sort()).toEqual(
      [adminId, keeper.userId].sort(),
    );

    const edited = await mutate(
      'module.update',
      { path: 'menstrual-health', module: { name: 'Menstrual health 101', language: 'en' } },
      asKeeper,
    );
    expect(edited.statusCode).toBe(200);
    expect((await mutate('module.unpublish', { path: 'menstrual-health' }, asKeeper)).statusCode).toBe(200);
    // Owners see their unpublished module; the admin list shows them only their own.
    expect((await query('module.byPath', { path: 'menstrual-health' }, asKeeper)).statusCode).toBe(200);
    expect(await listPaths({ onAdmin: true }, asKeeper)).toEqual(['menstrual-health']);
    const created = await mutate(
      'module.create',
      { module: { name: 'Not allowed', language: 'en' } },
      asKeeper,
    );
    expect(created.statusCode).toBe(403);
    expect((await mutate('module.duplicate', { path: 'menstrual-health' }, asKeeper)).statusCode).toBe(403);
    expect(
      (await mutate('module.update', { path: 'final-exam', module: { name: 'x', language: 'en' } }, asKeeper))
        .statusCode,
    ).toBe(403);

    expect(
      (await mutate('module.removeOwner', { path: 'menstrual-health', userId: keeper.userId })).statusCode,
    ).toBe(200);
    expect((await mutate('module.publish', { path: 'menstrual-health' }, asKeeper)).statusCode).toBe(403);
    expect((await mutate('module.create', { module: { name: 'x', language: 'en' } }, {})).statusCode).toBe(
      401,
    );
  });

  it('hides unpublished and non-public modules from learners, unless linked to a non-public one', async () => {
    await mutate('module.create', { path: 'hidden', module: { name: 'Hidden', language: 'en' } });
    await mutate('module.unpublish', { path: 'hidden' });
    await mutate('module.create', {
      path: 'members-only',
      module: { name: 'Members only', language: 'en', public: false },
    });

    for (const headers of [learner, {}]) {
      expect((await query('module.byPath', { path: 'hidden' }, headers)).statusCode).toBe(404);
      expect((await query('module.byPath', { path: 'members-only' }, headers)).statusCode).toBe(404);
      const paths = await listPaths({ onAdmin: true }, headers);
      expect(paths).not.toContain('hidden');
      expect(paths).not.toContain('members-only');
    }
    const notFound = await query(
      'module.byPath',
      { path: 'hidden' },
      { ...learner, 'accept-language': 'nl' },
    );
    expect(notFound.json().error.message).toBe('Oeps, deze module bestaat niet.');
    expect((await query('page.listByModule', { path: 'hidden' }, learner)).statusCode).toBe(404);

    const missing = { _id: learnerId, itemType: 'module', itemPath: 'no-such-module', linked: true };
    expect((await mutate('user.link', missing)).statusCode).toBe(404);
    const link = { _id: learnerId, itemType: 'module', itemPath: 'members-only', linked: true };
    expect((await mutate('user.link', link)).statusCode).toBe(200);
    expect((await query('module.byPath', { path: 'members-only' }, learner)).statusCode).toBe(200);
    expect((await query('module.byPath', { path: 'members-only' }, {})).statusCode).toBe(404);
    expect((await query('module.byPath', { path: 'hidden' }, admin)).statusCode).toBe(200);
  });

  it('shows three updates in the history and each earlier state with asOf', async () => {
    await mutate('module.create', { path: 'time-travel', module: { name: 'Version 1', language: 'en' } });
    for (const name of ['Version 2', 'Version 3', 'Version 4']) {
      await mutate('module.update', { path: 'time-travel', module: { name, language: 'en' } });
    }
    const history = (await data(query('module.history', { path: 'time-travel' }, admin))) as {
      type: string;
      at: string;
      actorId: string;
      changes: { field: string; from: unknown; to: unknown }[];
    }[];
    expect(history.map((entry) => entry.type)).toEqual([
      'ModuleCreated',
      'ModuleOwnerAdded',
      'ModuleUpdated',
      'ModuleUpdated',
      'ModuleUpdated',
    ]);
    const updates = history.filter((entry) => entry.type === 'ModuleUpdated');
    expect(updates.map((entry) => entry.changes)).toEqual([
      [{ field: 'details.name', from: 'Version 1', to: 'Version 2' }],
      [{ field: 'details.name', from: 'Version 2', to: 'Version 3' }],
      [{ field: 'details.name', from: 'Version 3', to: 'Version 4' }],
    ]);
    expect(updates.every((entry) => entry.actorId === adminId)).toBe(true);
    const names = [];
    for (const moment of [history[0]!.at, ...updates.map((entry) => entry.at)]) {
      names.push((await data(query('module.asOf', { path: 'time-travel', at: moment }, admin))).name);
    }
    expect(names).toEqual(['Version 1', 'Version 2', 'Version 3', 'Version 4']);
    const before = new Date(Date.parse(history[0]!.at) - 1000).toISOString();
    expect(await data(query('module.asOf', { path: 'time-travel', at: before }, admin))).toBeNull();
    expect((await query('module.history', { path: 'time-travel' }, learner)).statusCode).toBe(403);
  });
});
