import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

describe.each(databaseKinds)('sections over tRPC on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: { authorization: string };
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    admin = { authorization: `Bearer ${(await addTestUser(platform, { roles: ['admin'] })).token}` };
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = (procedure: string, input: object, headers: Record<string, string> = admin) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
  const query = (procedure: string, input: object, headers: Record<string, string> = {}) =>
    app.inject({ url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, headers });
  const paths = async (headers: Record<string, string> = {}) =>
    (await query('section.listByCourse', { path: 'family-planning' }, headers))
      .json()
      .result.data.map((section: { path: string }) => section.path);

  it('creates sections under a course, reorders them, and hides unpublished ones from learners', async () => {
    await mutate('course.create', {
      path: 'family-planning',
      course: { name: 'Family planning', language: 'en' },
    });
    for (const name of ['Week one', 'Week two', 'Week three']) {
      const created = await mutate('section.create', {
        parentType: 'course',
        parentPath: 'family-planning',
        section: {
          name,
          language: 'en',
          classroom: { name: 'Live', type: 'jitsi', startdate: '2027-01-10T10:00:00+01:00' },
        },
      });
      expect(created.statusCode).toBe(200);
    }
    expect(await paths()).toEqual(['week-one', 'week-two', 'week-three']);
    await mutate('section.update', {
      path: 'week-two',
      section: {
        name: 'Week two',
        language: 'en',
        classroom: { name: 'Live', type: 'zoom', meetingId: '123 456', pwd: 'secret' },
      },
    });
    const anonymous = (await query('section.byPath', { path: 'week-two' })).json().result.data.classroom;
    expect(anonymous).toMatchObject({ meetingId: '', pwd: '' });
    const signedIn = (await query('section.byPath', { path: 'week-two' }, admin)).json().result.data
      .classroom;
    expect(signedIn).toMatchObject({ meetingId: '123 456', pwd: 'secret' });

    const order = ['week-three', 'week-one', 'week-two'];
    expect((await mutate('section.order', { path: 'family-planning', sections: order })).statusCode).toBe(
      200,
    );
    expect(await paths()).toEqual(order);

    const wrongOrder = await mutate('section.order', { path: 'family-planning', sections: ['week-one'] });
    expect(wrongOrder.statusCode).toBe(400);

    await mutate('section.unpublish', { path: 'week-one' });
    expect(await paths()).toEqual(['week-three', 'week-two']);
    expect(await paths(admin)).toEqual(order);
    expect((await query('section.byPath', { path: 'week-one' })).statusCode).toBe(404);

    const history = (await query('section.history', { path: 'week-one' }, admin)).json().result.data;
    expect(history.map((entry: { type: string }) => entry.type)).toEqual([
      'SectionCreated',
      'SectionUnpublished',
    ]);
  });

  it('refuses invalid sections with messages per field and writes nothing', async () => {
    const before = (await readAll(platform.database.db, 0, 100_000)).length;
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/section.create',
      payload: { parentType: 'course', parentPath: 'family-planning', section: { name: '' } },
      headers: { ...admin, 'accept-language': 'nl' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.data.fields).toEqual(
      expect.arrayContaining([
        { path: 'section.name', key: 'validation.required', message: 'Dit veld is verplicht.' },
        { path: 'section.language', key: 'validation.languageRequired', message: 'Kies een taal.' },
      ]),
    );
    const noCourse = await mutate('section.create', {
      parentType: 'course',
      parentPath: 'nope',
      section: { name: 'x', language: 'nl' },
    });
    expect(noCourse.statusCode).toBe(404);
    expect((await readAll(platform.database.db, 0, 100_000)).length).toBe(before);
  });

  it('duplicates a section into its course and shows a section as it was', async () => {
    const copy = await mutate('section.duplicate', { path: 'week-two' });
    expect(copy.json().result.data.path).toBe('week-two-copy');
    const duplicated = (await query('section.byPath', { path: 'week-two-copy' }, admin)).json().result.data;
    expect(duplicated).toMatchObject({
      name: 'Week two (copy)',
      parentPath: 'family-planning',
      // The course may be live: the copy waits for an editor to publish it.
      published: false,
    });
    expect(duplicated.classroom).toMatchObject({ type: 'zoom', meetingId: '123 456' });

    const before = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mutate('section.update', { path: 'week-two-copy', section: { name: 'Renamed', language: 'fr' } });
    const then = (await query('section.asOf', { path: 'week-two-copy', at: before }, admin)).json().result
      .data;
    expect(then).toMatchObject({ name: 'Week two (copy)', language: 'en', deleted: false });
    const now = (await query('section.byPath', { path: 'week-two-copy' }, admin)).json().result.data;
    expect(now).toMatchObject({ name: 'Renamed', language: 'fr' });
    expect((await query('section.asOf', { path: 'week-two-copy', at: before })).statusCode).toBe(401);
  });

  it("takes a deleted course's sections off the read side", async () => {
    await mutate('course.create', { path: 'short-lived', course: { name: 'Short lived', language: 'en' } });
    await mutate('section.create', {
      parentType: 'course',
      parentPath: 'short-lived',
      section: { name: 'Only week', language: 'en' },
    });
    expect((await query('section.byPath', { path: 'only-week' }, admin)).statusCode).toBe(200);
    expect((await mutate('course.delete', { path: 'short-lived' })).statusCode).toBe(200);
    expect((await query('section.byPath', { path: 'only-week' }, admin)).statusCode).toBe(404);
    expect(
      (await mutate('section.update', { path: 'only-week', section: { name: 'x', language: 'en' } }))
        .statusCode,
    ).toBe(404);
  });

  it('lets participants do nothing but read', async () => {
    const learner = { authorization: `Bearer ${(await addTestUser(platform)).token}` };
    const attempt = await mutate(
      'section.create',
      { parentType: 'course', parentPath: 'family-planning', section: { name: 'x', language: 'nl' } },
      learner,
    );
    expect(attempt.statusCode).toBe(403);
    expect((await mutate('section.delete', { path: 'week-two' }, learner)).statusCode).toBe(403);
  });
});
