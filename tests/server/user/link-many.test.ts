import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { ensureTeacherRole } from '../../../server/auth/bootstrap';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';
import { trpcCalls } from '../trpc-calls';

/** Linking people in bulk (ADR 0014): one right for the item, checked once; one command per person. */
describe.each(databaseKinds)('linking several people at once on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens: Record<'admin' | 'teacher' | 'participant', string> = {
    admin: '',
    teacher: '',
    participant: '',
  };
  const { as, refused, eventCount } = trpcCalls(() => ({ app, platform, tokens }));
  const people: string[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    await ensureTeacherRole(platform);
    tokens.admin = (await addTestUser(platform, { roles: ['admin'] })).token;
    tokens.teacher = (await addTestUser(platform, { roles: ['teacher'] })).token;
    tokens.participant = (await addTestUser(platform)).token;
    for (const name of ['Nguyễn Văn An', 'Bo', 'Cy'])
      people.push((await addTestUser(platform, { name })).userId);
    await as('admin', 'course.create', {
      path: 'bulk-admin',
      course: { name: 'Admin course', language: 'en' },
    });
    await as('teacher', 'course.create', {
      path: 'bulk-own',
      course: { name: 'Own course', language: 'en' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const linked = async (path: string) =>
    (
      await platform.database.db
        .selectFrom('user_links')
        .select('user_id')
        .where('item_path', '=', path)
        .where('user_id', 'in', people)
        .execute()
    ).length;

  it('links and unlinks several people to a course the caller may link participants to', async () => {
    const before = await eventCount();
    await as('teacher', 'user.linkMany', {
      userIds: people,
      itemType: 'course',
      itemPath: 'bulk-own',
      linked: true,
    });
    expect(await linked('bulk-own')).toBe(3);
    expect(await eventCount()).toBe(before + 3);
    // Again: nothing new.
    await as('teacher', 'user.linkMany', {
      userIds: people,
      itemType: 'course',
      itemPath: 'bulk-own',
      linked: true,
    });
    expect(await eventCount()).toBe(before + 3);
    await as('teacher', 'user.linkMany', {
      userIds: people.slice(0, 2),
      itemType: 'course',
      itemPath: 'bulk-own',
      linked: false,
    });
    expect(await linked('bulk-own')).toBe(1);
  });

  it('refuses everyone, writing nothing, without the right on the item or for an unknown person', async () => {
    const input = { userIds: people, itemType: 'course', itemPath: 'bulk-admin', linked: true };
    await refused('teacher', 'user.linkMany', input, 'FORBIDDEN');
    await refused('participant', 'user.linkMany', input, 'FORBIDDEN');
    await refused('admin', 'user.linkMany', { ...input, userIds: [...people, 'no-such-user'] }, 'NOT_FOUND');
    await refused('admin', 'user.linkMany', { ...input, itemPath: 'no-such-course' }, 'NOT_FOUND');
    expect(await linked('bulk-admin')).toBe(0);
  });

  it('finds a name whatever its accents: "nguyen" finds "Nguyễn"', async () => {
    const found = await as<{ name: string }[]>('admin', 'user.list', { search: 'nguyen van' }, false);
    expect(found.map((user) => user.name)).toEqual(['Nguyễn Văn An']);
    const upper = await as<{ name: string }[]>('admin', 'user.list', { search: 'NGUYEN' }, false);
    expect(upper.map((user) => user.name)).toEqual(['Nguyễn Văn An']);
  });
});
