import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';
import { trpcCalls } from '../trpc-calls';

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

/** Module results and a course's certificate list filtered by a group within the course; without `group`, everyone as before. */
describe.each(databaseKinds)('module results by group on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const { as } = trpcCalls(() => ({ app, platform, tokens }));

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    tokens.admin = (await addTestUser(platform, { roles: ['admin'] })).token;
    for (const name of ['ana', 'bo', 'cy']) {
      const person = await addTestUser(platform, { name });
      tokens[name] = person.token;
      ids[name] = person.userId;
    }
    await as('admin', 'course.create', { path: 'grp-course', course: { name: 'Groups', language: 'en' } });
    await as('admin', 'module.create', { path: 'grp-mod', module: { name: 'Grouped', language: 'en' } });
    await as('admin', 'page.create', {
      parentType: 'module',
      parentPath: 'grp-mod',
      page: { name: 'Questions', type: 'question', content: [radio] },
    });
    await as('admin', 'user.linkMany', {
      userIds: Object.values(ids),
      itemType: 'course',
      itemPath: 'grp-course',
      linked: true,
    });
    await as('admin', 'user.setGroup', {
      userIds: [ids.ana, ids.bo],
      coursePath: 'grp-course',
      group: 'Tuesday',
    });
    for (const name of ['ana', 'bo', 'cy']) {
      await as(name, 'result.save', {
        module: 'grp-mod',
        page: 'questions',
        result: { answers: { sdg: 'five' }, confirm: ['sdg'] },
      });
    }
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const names = async (input: object) =>
    (
      await as<{ participants: { name: string }[] }>(
        'admin',
        'result.participants',
        { module: 'grp-mod', ...input },
        false,
      )
    ).participants.map((row) => row.name);

  it('keeps everyone without a group, and only the group with one', async () => {
    expect((await names({})).sort()).toEqual(['ana', 'bo', 'cy']);
    expect((await names({ group: 'Tuesday' })).sort()).toEqual(['ana', 'bo']);
    expect(await names({ group: 'Nobody' })).toEqual([]);
  });

  it("lists a course's certificates with each participant's group, and filters by it", async () => {
    const list = (group?: string) =>
      as<{ participants: { name: string; group: string | null }[] }>(
        'admin',
        'certificate.courseList',
        group ? { path: 'grp-course', group } : { path: 'grp-course' },
        false,
      );
    const all = await list();
    expect(all.participants.map((p) => [p.name, p.group]).sort()).toEqual([
      ['ana', 'Tuesday'],
      ['bo', 'Tuesday'],
      ['cy', null],
    ]);
    expect((await list('Tuesday')).participants.map((p) => p.name).sort()).toEqual(['ana', 'bo']);
  });
});
