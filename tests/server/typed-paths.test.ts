import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

/**
 * A path its author typed is theirs: taken by another item it is refused at the field `path`, never
 * quietly changed; a path made from the name still takes the first free variant.
 */
describe.each(databaseKinds)('typed paths on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    admin = { authorization: `Bearer ${(await addTestUser(platform, { roles: ['admin'] })).token}` };
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = (procedure: string, input: object) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers: admin });
  const eventCount = async () => (await readAll(platform.database.db, 0, 100_000)).length;

  const refusedAtPath = async (procedure: string, input: object) => {
    const before = await eventCount();
    const answer = await mutate(procedure, input);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.data.fields).toEqual([
      { path: 'path', key: 'validation.pathTaken', message: 'This path is already used by another item.' },
    ]);
    expect(await eventCount()).toBe(before);
  };

  it('refuses a taken typed path for a course, section, module and page', async () => {
    const course = { course: { name: 'Quiz course', language: 'en' } };
    expect((await mutate('course.create', { ...course, path: 'quiz' })).statusCode).toBe(200);
    await refusedAtPath('course.create', { ...course, path: 'quiz' });

    const section = {
      parentType: 'course',
      parentPath: 'quiz',
      section: { name: 'Week one', language: 'en' },
    };
    expect((await mutate('section.create', { ...section, path: 'week' })).statusCode).toBe(200);
    await refusedAtPath('section.create', { ...section, path: 'week' });

    const module = { module: { name: 'Quiz module', language: 'en' } };
    expect((await mutate('module.create', { ...module, path: 'quiz' })).statusCode).toBe(200);
    await refusedAtPath('module.create', { ...module, path: 'quiz' });
    expect((await mutate('module.create', { ...module, path: 'other' })).statusCode).toBe(200);

    const page = { parentType: 'module', page: { name: 'Quiz', type: 'markdown' } };
    expect((await mutate('page.create', { ...page, parentPath: 'quiz', path: 'quiz' })).statusCode).toBe(200);
    // Paths are unique across modules: the other module cannot have it either.
    await refusedAtPath('page.create', { ...page, parentPath: 'other', path: 'quiz' });
  });

  it('still gives a name-made path the first free variant', async () => {
    const made = await mutate('page.create', {
      parentType: 'module',
      parentPath: 'other',
      page: { name: 'Quiz', type: 'markdown' },
    });
    expect(made.json().result.data).toEqual({ path: 'quiz-2' });
  });

  it('names the bound of a refused size', async () => {
    const answer = await app.inject({
      url: `/trpc/user.list?input=${encodeURIComponent(JSON.stringify({ limit: 1000 }))}`,
      headers: admin,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.data.fields).toEqual([
      { path: 'limit', key: 'validation.atMost', message: 'At most 500.', params: { max: 500 } },
    ]);
  });
});
