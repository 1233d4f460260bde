import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { structureEvents } from '../../../migrations/2026_11_25_00_00_00_create_structure_versions';
import { structureVersions } from '../../../projections/module/structure-versions';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { type Platform, startPlatform } from '../../../server/platform';
import type { ModuleStructure } from '../../../server/result/module-structures';
import { StructureCache } from '../../../server/result/module-structures';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';
import { trpcCalls } from '../trpc-calls';

/**
 * The learner's screens keep a module's structure (summary, owners, pages) in memory per process
 * and check one version with each read (docs/adr/0005-structure-cache-with-a-version.md). Every
 * change an author makes shows on the next request: on the instance that made it and, on
 * PostgreSQL, on another instance whose copy is older.
 */

const question = (label: string, yes: number) => ({
  type: 'radio',
  questionType: 'single',
  name: 'a',
  label,
  schema: { attempts: 0 },
  options: [
    { label: 'Yes', value: 'yes', score: yes },
    { label: 'No', value: 'no', score: 1 - yes },
  ],
});

/** An author changes a module through `author` while a learner reads it through `viewer`. */
async function authorChangesWhileLearnerReads(
  platform: TestPlatform,
  authorApp: FastifyInstance,
  viewerApp: FastifyInstance,
) {
  const admin = await addTestUser(platform, { roles: ['admin'] });
  const learner = await addTestUser(platform);
  const tokens = { admin: admin.token, learner: learner.token };
  const author = trpcCalls(() => ({ app: authorApp, platform, tokens }));
  const viewer = trpcCalls(() => ({ app: viewerApp, platform, tokens }));
  const module = (
    await author.call('admin', 'module.create', {
      module: { name: 'Structure module', language: 'en', public: true },
    })
  ).data.path as string;
  const page = (
    await author.call('admin', 'page.create', {
      parentType: 'module',
      parentPath: module,
      page: { name: 'First name', type: 'question', content: [question('Asked first?', 1)] },
    })
  ).data.path as string;
  expect((await author.call('admin', 'module.publish', { path: module })).code).toBeNull();

  const view = async () => {
    const [moduleView, pageView] = await Promise.all([
      viewer.call('learner', 'result.module', { module }, false),
      viewer.call('learner', 'result.page', { module, page }, false),
    ]);
    return { module: moduleView, page: pageView };
  };
  const before = await view();
  expect(before.module.data.module.name).toBe('Structure module');
  expect(before.page.data.page.name).toBe('First name');
  expect(before.page.data.questions.a.label).toBe('Asked first?');
  // Read twice, so the viewer holds the structure.
  expect((await view()).page.data.page.content[0].options[0]).toEqual({ label: 'Yes', value: 'yes' });

  // The page's words and answer key change, and the module's name.
  await author.call('admin', 'page.update', {
    path: page,
    page: { name: 'Second name', type: 'question', content: [question('Asked again?', 0)] },
  });
  await author.call('admin', 'module.update', {
    path: module,
    module: { name: 'Renamed module', language: 'en', public: true },
  });
  const after = await view();
  expect(after.module.data.module.name).toBe('Renamed module');
  expect(after.page.data.page.name).toBe('Second name');
  expect(after.page.data.questions.a.label).toBe('Asked again?');
  // A save scores with the key as it is now: 'no' is the right answer since the change.
  const saved = await viewer.call('learner', 'result.save', {
    module,
    page,
    result: { answers: { a: 'no' } },
  });
  expect(saved.data.page.questions.a).toMatchObject({ answer: 'no', score: 1, maxScore: 1 });

  // Made an owner, the learner reads the answer key; no longer one, not.
  await author.call('admin', 'module.addOwner', { path: module, userId: learner.userId });
  expect((await view()).page.data.page.content[0].options[1]).toMatchObject({ value: 'no', score: 1 });
  await author.call('admin', 'module.removeOwner', { path: module, userId: learner.userId });
  expect((await view()).page.data.page.content[0].options[1]).toEqual({ label: 'No', value: 'no' });

  // Unpublished, then deleted: the learner is refused, then told it is not there.
  await author.call('admin', 'module.unpublish', { path: module });
  expect((await view()).module.code).toBe('FORBIDDEN');
  await author.call('admin', 'module.delete', { path: module });
  expect((await view()).module.code).toBe('NOT_FOUND');
}

describe.each(databaseKinds)('module structures kept in memory on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: '/nonexistent' });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it("shows every author's change on the next request", async () => {
    await authorChangesWhileLearnerReads(platform, app, app);
  }, 60_000);
});

// Two instances need a PostgreSQL server (the embedded database belongs to one process).
describe.runIf(process.env.TEST_DATABASE_URL)('module structures on two instances of one database', () => {
  let a: TestPlatform;
  let b: Platform;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  beforeAll(async () => {
    a = await startTestPlatform('postgres');
    const target = a.database.target;
    if (target.kind !== 'server') throw new Error('expected a server database');
    b = await startPlatform(
      loadConfig({
        NODE_ENV: 'test',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        DATA_DIR: '/tmp/platform-tests-unused',
      }),
      pino({ level: 'silent' }),
      { target: { ...target }, workJobs: false },
    );
    appA = await buildApp(a, { clientRoot: '/nonexistent' });
    appB = await buildApp(b, { clientRoot: '/nonexistent' });
  });
  afterAll(async () => {
    await appA?.close();
    await appB?.close();
    await b?.close();
    await a?.dispose();
  });

  it('shows a change made on the other instance on the next request', async () => {
    await authorChangesWhileLearnerReads(a, appB, appA);
  }, 60_000);
});

describe('the structure version', () => {
  it('follows every event that changes a module summary, its owners or its pages, from the first migration on', () => {
    // Publishing a draft's changes came later: no log that migration read could hold those events.
    const later = ['ModuleChangesPublished', 'PageChangesPublished'];
    expect([...structureVersions.handles].sort()).toEqual([...structureEvents, ...later].sort());
  });

  it('a copy holds one version: another starts it afresh, and the oldest entry goes past the capacity', () => {
    const cache = new StructureCache(2);
    const structure = { owners: [] } as unknown as ModuleStructure;
    expect(cache.versionOf('m')).toBeNull();
    cache.set('5', 'm', structure);
    cache.set('5', 'n', null);
    expect(cache.versionOf('m')).toBe('5');
    expect(cache.get('n')).toBeNull();
    cache.set('5', 'o', structure);
    expect(cache.versionOf('m')).toBeNull();
    expect(cache.versionOf('o')).toBe('5');
    cache.set('6', 'm', structure);
    expect(cache.versionOf('o')).toBeNull();
    expect(cache.versionOf('m')).toBe('6');
  });
});
