import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ensureTeacherRole } from '../../server/auth/bootstrap';
import { emptyClientRoot } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { trpcCalls } from './trpc-calls';

/**
 * module.list's `usedIn` filter and 'used in' (modules under a course, a section, or
 * top level): a course keeps its own modules and those of its sections, a section its own, 'none'
 * the modules linked nowhere; the admin side names where each module is used, learners get null.
 */

type Who = 'admin' | 'participant';
type Entry = {
  path: string;
  usedIn:
    | { parentType: string; path: string; name: string; course: { path: string; name: string } | null }[]
    | null;
};

describe.each(databaseKinds)('module.list usedIn on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens = {} as Record<Who, string>;
  const { as } = trpcCalls(() => ({ app, platform, tokens }));
  let course = '';
  let other = '';
  let section = '';

  const list = async (who: Who, input: object) =>
    (await as<Entry[]>(who, 'module.list', input, false)).filter((entry) => entry.path.startsWith('mlf-'));
  const paths = (entries: Entry[]) => entries.map((entry) => entry.path).sort();

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await ensureTeacherRole(platform);
    tokens.admin = (await addTestUser(platform, { roles: ['admin'], name: 'The admin' })).token;
    tokens.participant = (await addTestUser(platform, { roles: [], name: 'A learner' })).token;
    for (const path of ['mlf-direct', 'mlf-in-section', 'mlf-twice', 'mlf-loose']) {
      await as('admin', 'module.create', { path, module: { name: path, language: 'en', public: true } });
      await as('admin', 'module.publish', { path });
    }
    course = (await as('admin', 'course.create', { course: { name: 'Course A', language: 'en' } })).path;
    other = (await as('admin', 'course.create', { course: { name: 'Course A', language: 'fr' } })).path;
    section = (
      await as('admin', 'section.create', {
        parentType: 'course',
        parentPath: course,
        section: { name: 'Section B', language: 'en' },
      })
    ).path;
    const link = (parentType: string, parentPath: string, itemPath: string) =>
      as('admin', 'link.addItemToParent', { parentType, parentPath, itemType: 'module', itemPath });
    await link('course', course, 'mlf-direct');
    await link('section', section, 'mlf-in-section');
    await link('course', other, 'mlf-twice');
    await link('section', section, 'mlf-twice');
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('filters by course (its sections included), by section and by none', async () => {
    expect(paths(await list('admin', { onAdmin: true, usedIn: { kind: 'course', path: course } }))).toEqual([
      'mlf-direct',
      'mlf-in-section',
      'mlf-twice',
    ]);
    expect(paths(await list('admin', { onAdmin: true, usedIn: { kind: 'course', path: other } }))).toEqual([
      'mlf-twice',
    ]);
    expect(paths(await list('admin', { onAdmin: true, usedIn: { kind: 'section', path: section } }))).toEqual(
      ['mlf-in-section', 'mlf-twice'],
    );
    expect(paths(await list('admin', { onAdmin: true, usedIn: { kind: 'none' } }))).toEqual(['mlf-loose']);
    expect(paths(await list('admin', { onAdmin: true }))).toHaveLength(4);
  });

  it('names where each module is used on the admin side, a section with its course', async () => {
    const entries = await list('admin', { onAdmin: true });
    const twice = entries.find((entry) => entry.path === 'mlf-twice');
    expect(twice?.usedIn).toEqual([
      { parentType: 'course', path: other, name: 'Course A', course: null },
      {
        parentType: 'section',
        path: section,
        name: 'Section B',
        course: { path: course, name: 'Course A' },
      },
    ]);
    expect(entries.find((entry) => entry.path === 'mlf-loose')?.usedIn).toEqual([]);
  });

  it('gives learners no usage, though their list filters the same way', async () => {
    const entries = await list('participant', {});
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.usedIn === null)).toBe(true);
    expect(paths(await list('participant', { usedIn: { kind: 'none' } }))).toEqual(['mlf-loose']);
  });

  it('refuses a malformed filter', async () => {
    const { call } = trpcCalls(() => ({ app, platform, tokens }));
    const answer = await call('admin', 'module.list', { onAdmin: true, usedIn: { kind: 'course' } }, false);
    expect(answer.code).toBe('BAD_REQUEST');
  });
});
