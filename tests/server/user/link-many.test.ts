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

  it('sets a group within a course for several participants, lists and filters by it', async () => {
    await as('admin', 'user.linkMany', {
      userIds: people,
      itemType: 'course',
      itemPath: 'bulk-admin',
      linked: true,
    });
    const input = { userIds: people.slice(0, 2), coursePath: 'bulk-admin', group: ' Tuesday ' };
    await refused('teacher', 'user.setGroup', input, 'FORBIDDEN');
    await as('admin', 'user.setGroup', input);
    const tuesday = await as<{ _id: string; groups: Record<string, string> }[]>(
      'admin',
      'user.list',
      { course: 'bulk-admin', group: 'Tuesday' },
      false,
    );
    expect(tuesday.map((user) => user._id).sort()).toEqual(people.slice(0, 2).sort());
    expect(tuesday[0]!.groups).toEqual({ 'bulk-admin': 'Tuesday' });
    // Again: nothing new. Someone not linked to the course: the whole request is refused.
    const before = await eventCount();
    await as('admin', 'user.setGroup', input);
    expect(await eventCount()).toBe(before);
    await refused('admin', 'user.setGroup', { ...input, coursePath: 'bulk-own', group: 'X' }, 'BAD_REQUEST');
    // An empty group takes it away.
    await as('admin', 'user.setGroup', { ...input, group: '' });
    expect(await as('admin', 'user.list', { course: 'bulk-admin', group: 'Tuesday' }, false)).toEqual([]);
  });

  it('finds a name whatever its accents: "nguyen" finds "Nguyễn"', async () => {
    const found = await as<{ name: string }[]>('admin', 'user.list', { search: 'nguyen van' }, false);
    expect(found.map((user) => user.name)).toEqual(['Nguyễn Văn An']);
    const upper = await as<{ name: string }[]>('admin', 'user.list', { search: 'NGUYEN' }, false);
    expect(upper.map((user) => user.name)).toEqual(['Nguyễn Văn An']);
  });
});
