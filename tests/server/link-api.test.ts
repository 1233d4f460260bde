import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import { buildApp } from '../../server/app';
import { ensureTeacherRole } from '../../server/auth/bootstrap';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

describe.each(databaseKinds)('links, owners and teachers over tRPC on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let learner: Record<string, string>;
  let teacher: Record<string, string>;
  let teacherId: string;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    await ensureTeacherRole(platform);
    admin = { authorization: `Bearer ${(await addTestUser(platform, { roles: ['admin'] })).token}` };
    learner = { authorization: `Bearer ${(await addTestUser(platform)).token}` };
    const user = await addTestUser(platform, { roles: ['teacher'], name: 'Tess Teacher' });
    teacher = { authorization: `Bearer ${user.token}` };
    teacherId = user.userId;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = (procedure: string, input: object, headers: Record<string, string> = admin) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
  const query = (procedure: string, input: object | undefined, headers: Record<string, string> = admin) =>
    app.inject({
      url: `/trpc/${procedure}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`,
      headers,
    });
  const ok = async (response: Promise<{ statusCode: number; json: () => { result: { data: unknown } } }>) => {
    const answer = await response;
    expect(answer.statusCode).toBe(200);
    return answer.json().result.data;
  };
  const link = (
    itemType: string,
    itemPath: string,
    parentType: string,
    parentPath: string,
    headers = admin,
  ) => mutate('link.addItemToParent', { itemType, itemPath, parentType, parentPath }, headers);
  const unlink = (
    itemType: string,
    itemPath: string,
    parentType: string,
    parentPath: string,
    headers = admin,
  ) => mutate('link.removeItemFromParent', { itemType, itemPath, parentType, parentPath }, headers);
  const modulesOf = async (parentType: string, parentPath: string, headers = admin, onAdmin?: boolean) =>
    (
      (await ok(query('link.modulesOf', { parentType, parentPath, onAdmin }, headers))) as { path: string }[]
    ).map((module) => module.path);
  const filesOf = async (parent: object, headers = admin) =>
    ((await ok(query('file.list', parent, headers))) as { path: string }[]).map((file) => file.path);
  const eventCount = async () => (await readAll(platform.database.db, 0, 100_000)).length;

  it('links, orders and unlinks modules and files on a course and a section', async () => {
    await ok(
      mutate('course.create', {
        path: 'family-planning',
        course: { name: 'Family planning', language: 'en' },
      }),
    );
    await ok(
      mutate('section.create', {
        parentType: 'course',
        parentPath: 'family-planning',
        section: { name: 'Week one', language: 'en' },
      }),
    );
    for (const name of ['Methods', 'Counselling', 'Access']) {
      await ok(mutate('module.create', { module: { name, language: 'en' } }));
    }
    for (const name of ['Leaflet', 'Slides']) {
      await ok(mutate('file.create', { file: { name, url: `/files/${name.toLowerCase()}.pdf` } }));
    }

    for (const module of ['methods', 'counselling', 'access']) {
      expect(await ok(link('module', module, 'course', 'family-planning'))).toEqual({ success: true });
    }
    expect(await modulesOf('course', 'family-planning')).toEqual(['methods', 'counselling', 'access']);
    const listed = (await ok(
      query('link.modulesOf', { parentType: 'course', parentPath: 'family-planning' }),
    )) as {
      position: number;
    }[];
    expect(listed[0]).toMatchObject({
      path: 'methods',
      name: 'Methods',
      language: 'en',
      published: true,
      public: true,
      position: 0,
    });
    expect(listed[0]).toHaveProperty('moduleId');

    // Linking what is linked writes nothing.
    const before = await eventCount();
    expect(await ok(link('module', 'methods', 'course', 'family-planning'))).toEqual({ success: true });
    expect(await eventCount()).toBe(before);

    const order = ['access', 'methods', 'counselling'];
    expect(
      await ok(
        mutate('link.orderModules', { parentType: 'course', parentPath: 'family-planning', modules: order }),
      ),
    ).toEqual({ success: true });
    expect(await modulesOf('course', 'family-planning')).toEqual(order);
    const mismatch = await mutate('link.orderModules', {
      parentType: 'course',
      parentPath: 'family-planning',
      modules: ['access', 'methods'],
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.data.key).toBe('link.orderMismatch');
    const doubled = await mutate('link.orderModules', {
      parentType: 'course',
      parentPath: 'family-planning',
      modules: ['access', 'access', 'methods'],
    });
    expect(doubled.statusCode).toBe(400);

    await ok(unlink('module', 'methods', 'course', 'family-planning'));
    expect(await modulesOf('course', 'family-planning')).toEqual(['access', 'counselling']);
    const afterUnlink = await eventCount();
    expect(await ok(unlink('module', 'methods', 'course', 'family-planning'))).toEqual({ success: true });
    expect(await eventCount()).toBe(afterUnlink);
    // A module linked again goes last.
    await ok(link('module', 'methods', 'course', 'family-planning'));
    expect(await modulesOf('course', 'family-planning')).toEqual(['access', 'counselling', 'methods']);

    // The section keeps its own lists.
    await ok(link('module', 'counselling', 'section', 'week-one'));
    await ok(link('module', 'methods', 'section', 'week-one'));
    await ok(
      mutate('link.orderModules', {
        parentType: 'section',
        parentPath: 'week-one',
        modules: ['methods', 'counselling'],
      }),
    );
    expect(await modulesOf('section', 'week-one')).toEqual(['methods', 'counselling']);
    await ok(link('file', 'slides', 'section', 'week-one'));
    await ok(link('file', 'leaflet', 'section', 'week-one'));
    await ok(link('file', 'leaflet', 'course', 'family-planning'));
    expect(await filesOf({ section: 'week-one' })).toEqual(['slides', 'leaflet']);
    expect(await filesOf({ course: 'family-planning' })).toEqual(['leaflet']);
    await ok(unlink('file', 'slides', 'section', 'week-one'));
    expect(await filesOf({ section: 'week-one' })).toEqual(['leaflet']);
    expect(await filesOf({ filterByParent: true })).toEqual(['slides']);

    // Deleting a linked item takes it off every list.
    await ok(mutate('file.delete', { path: 'leaflet' }));
    expect(await filesOf({ section: 'week-one' })).toEqual([]);
    expect(await filesOf({ course: 'family-planning' })).toEqual([]);
    await ok(mutate('module.delete', { path: 'counselling' }));
    expect(await modulesOf('course', 'family-planning')).toEqual(['access', 'methods']);
    expect(await modulesOf('section', 'week-one')).toEqual(['methods']);
  });

  it('shows learners only the published modules of a parent they may see', async () => {
    await ok(mutate('module.unpublish', { path: 'access' }));
    expect(await modulesOf('course', 'family-planning', learner)).toEqual(['methods']);
    const seen = (await ok(
      query('link.modulesOf', { parentType: 'course', parentPath: 'family-planning' }, learner),
    )) as { position: number }[];
    expect(seen[0]!.position).toBe(0);
    expect(await modulesOf('course', 'family-planning')).toEqual(['access', 'methods']);
    await ok(mutate('section.unpublish', { path: 'week-one' }));
    expect(
      (await query('link.modulesOf', { parentType: 'section', parentPath: 'week-one' }, learner)).statusCode,
    ).toBe(404);
    await ok(mutate('section.publish', { path: 'week-one' }));
    await ok(mutate('module.publish', { path: 'access' }));
  });

  it('refuses missing items and parents with NotFound, writing nothing', async () => {
    const before = await eventCount();
    const noModule = await link('module', 'no-such-module', 'course', 'family-planning');
    expect(noModule.statusCode).toBe(404);
    expect(noModule.json().error.data.key).toBe('module.notFound');
    expect((await link('file', 'no-such-file', 'section', 'week-one')).json().error.data.key).toBe(
      'file.notFound',
    );
    expect((await link('module', 'methods', 'course', 'no-such-course')).json().error.data.key).toBe(
      'course.notFound',
    );
    expect((await unlink('module', 'methods', 'section', 'no-such-section')).json().error.data.key).toBe(
      'section.notFound',
    );
    expect((await query('link.modulesOf', { parentType: 'course', parentPath: 'nope' })).statusCode).toBe(
      404,
    );
    expect(await eventCount()).toBe(before);
  });

  it('lets an owner link without the edit right, and a stranger not', async () => {
    expect((await link('module', 'access', 'section', 'week-one', teacher)).statusCode).toBe(403);
    expect((await link('module', 'access', 'course', 'family-planning', learner)).statusCode).toBe(403);
    expect((await link('module', 'access', 'course', 'family-planning', {})).statusCode).toBe(401);

    // Only holders of assign_owners make owners.
    expect(
      (await mutate('course.addOwner', { path: 'family-planning', userId: teacherId }, teacher)).statusCode,
    ).toBe(403);
    expect(await ok(mutate('course.addOwner', { path: 'family-planning', userId: teacherId }))).toEqual({
      path: 'family-planning',
      modules: [],
    });
    expect(await ok(query('course.owners', { path: 'family-planning' }, teacher))).toContainEqual({
      userId: teacherId,
      name: 'Tess Teacher',
      email: expect.stringContaining('@'),
    });
    expect((await query('course.owners', { path: 'family-planning' }, learner)).statusCode).toBe(403);
    const missingUser = await mutate('course.addOwner', { path: 'family-planning', userId: 'nobody' });
    expect(missingUser.statusCode).toBe(404);

    // On the admin side an owner sees the unpublished modules of their course, as editors do; as a
    // learner (the course page) only those they may open, which the modules they teach through it
    // are (the admin linked them), unpublished too; learners never.
    await ok(mutate('module.unpublish', { path: 'access' }));
    expect(await modulesOf('course', 'family-planning', teacher, true)).toEqual(['access', 'methods']);
    expect((await query('module.byPath', { path: 'access' }, teacher)).statusCode).toBe(200);
    expect(await modulesOf('course', 'family-planning', teacher)).toEqual(['access', 'methods']);
    expect(await modulesOf('course', 'family-planning', learner, true)).toEqual(['methods']);
    expect(await modulesOf('course', 'family-planning', learner)).toEqual(['methods']);
    await ok(mutate('module.publish', { path: 'access' }));

    // The owner of the course looks after its sections too.
    expect(await ok(link('module', 'access', 'section', 'week-one', teacher))).toEqual({ success: true });
    expect(await ok(unlink('module', 'methods', 'course', 'family-planning', teacher))).toEqual({
      success: true,
    });
    expect(await modulesOf('section', 'week-one')).toEqual(['methods', 'access']);

    await ok(mutate('course.removeOwner', { path: 'family-planning', userId: teacherId }));
    expect((await link('module', 'methods', 'course', 'family-planning', teacher)).statusCode).toBe(403);
    expect(await ok(query('course.owners', { path: 'family-planning' }))).not.toContainEqual(
      expect.objectContaining({ userId: teacherId }),
    );
  });

  it('lists the teachers for holders of assign_owners', async () => {
    const teachers = (await ok(query('link.teachers', undefined))) as { userId: string; name: string }[];
    expect(teachers).toEqual([{ userId: teacherId, name: 'Tess Teacher', email: expect.any(String) }]);
    expect((await query('link.teachers', undefined, teacher)).statusCode).toBe(403);
  });
});
