import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, allRules, noRules } from '../../events/permissions';
import { buildApp } from '../../server/app';
import { ensureTeacherRole } from '../../server/auth/bootstrap';
import { ownerIdsOfCourses } from '../../server/course/queries';
import {
  filesOfParents,
  itemsOfParents,
  modulesLinkedTo,
  visibleModuleSummariesOf,
  visibleModulesOf,
} from '../../server/link/queries';
import { modulesByPaths } from '../../server/module/queries';
import { updateSection } from '../../server/section/commands';
import { systemMeta } from '../../server/user/execute-user';
import { emptyClientRoot } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { trpcCalls } from './trpc-calls';

/**
 * The batched reads GraphQL's loaders wire (server/<feature>/queries.ts): modules by path with their
 * page totals, the links and files of many parents at once, the owners of many courses; and the
 * linked modules of one parent, filtered like the module list, for tRPC and GraphQL alike.
 */

type Who = 'admin' | 'teacher' | 'participant';

describe.each(databaseKinds)('batched content queries on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, string>;
  const { as } = trpcCalls(() => ({ app, platform, tokens }));
  let course = '';
  let owned = '';
  let section = '';
  const db = () => platform.database.db;

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await ensureTeacherRole(platform);
    for (const [who, roles] of [
      ['admin', ['admin']],
      ['teacher', ['teacher']],
      ['participant', []],
    ] as const) {
      const user = await addTestUser(platform, { roles: [...roles], name: who });
      tokens[who] = user.token;
      ids[who] = user.userId;
    }
    const modules = [
      { path: 'cbq-home', onHome: true, publish: true },
      { path: 'cbq-plain', onHome: false, publish: true },
      { path: 'cbq-draft', onHome: false, publish: false },
    ];
    for (const { path, onHome, publish } of modules) {
      await as('admin', 'module.create', {
        path,
        module: { name: path, language: 'en', public: true, onHome },
      });
      await as('admin', publish ? 'module.publish' : 'module.unpublish', { path });
    }
    for (const [name, estimatedTime] of [
      ['One', 60],
      ['Two', 90],
    ] as const) {
      await as('admin', 'page.create', {
        parentType: 'module',
        parentPath: 'cbq-home',
        page: { name, type: 'markdown', estimatedTime },
      });
    }
    course = (await as('admin', 'course.create', { course: { name: 'Batch course', language: 'en' } })).path;
    await as('admin', 'course.publish', { path: course });
    owned = (await as('teacher', 'course.create', { course: { name: 'Owned course', language: 'en' } })).path;
    section = (
      await as('admin', 'section.create', {
        parentType: 'course',
        parentPath: course,
        section: { name: 'Batch section', language: 'en' },
      })
    ).path;
    const link = (parentType: string, parentPath: string, itemType: string, itemPath: string) =>
      as('admin', 'link.addItemToParent', { parentType, parentPath, itemType, itemPath });
    for (const path of ['cbq-draft', 'cbq-plain', 'cbq-home']) await link('course', course, 'module', path);
    await link('section', section, 'module', 'cbq-plain');
    for (const name of ['Leaflet', 'Slides']) {
      const file = await as('admin', 'file.create', {
        file: { name, url: `https://example.org/${name.toLowerCase()}.pdf` },
        parent: { parentType: 'course', parentPath: course },
      });
      if (name === 'Slides') await link('section', section, 'file', file.path ?? String(file));
    }
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('reads modules by path with their page totals, leaving out paths that are no module', async () => {
    const modules = await modulesByPaths(db(), ['cbq-home', 'cbq-plain', 'no-such-module', 'cbq-home']);
    expect([...modules.keys()].sort()).toEqual(['cbq-home', 'cbq-plain']);
    expect(modules.get('cbq-home')).toMatchObject({ pageCount: 2, estimatedTime: 150, onHome: true });
    expect(modules.get('cbq-plain')).toMatchObject({ pageCount: 0, estimatedTime: 0, published: true });
    expect((await modulesByPaths(db(), [])).size).toBe(0);
  });

  it("reads many parents' links and files in link order, each with its parent", async () => {
    const parents = [
      { parentType: 'course' as const, parentPath: course },
      { parentType: 'section' as const, parentPath: section },
    ];
    expect(await itemsOfParents(db(), parents, 'module')).toEqual([
      { parentType: 'course', parentPath: course, itemPath: 'cbq-draft' },
      { parentType: 'section', parentPath: section, itemPath: 'cbq-plain' },
      { parentType: 'course', parentPath: course, itemPath: 'cbq-plain' },
      { parentType: 'course', parentPath: course, itemPath: 'cbq-home' },
    ]);
    const files = await filesOfParents(db(), parents);
    expect(files.map(({ parentType, parentPath, file }) => [parentType, parentPath, file.name])).toEqual([
      ['course', course, 'Leaflet'],
      ['section', section, 'Slides'],
      ['course', course, 'Slides'],
    ]);
    expect(await itemsOfParents(db(), [], 'file')).toEqual([]);
    expect(await filesOfParents(db(), [])).toEqual([]);
  });

  it('reads the owner ids of many courses by path, every path given with an entry', async () => {
    const owners = await ownerIdsOfCourses(db(), [course, owned, 'no-such-course']);
    expect(owners.get(owned)).toEqual([ids.teacher]);
    // Who creates a course owns it.
    expect(owners.get(course)).toEqual([ids.admin]);
    expect(owners.get('no-such-course')).toEqual([]);
  });

  it("filters a parent's linked modules by published and onHome in SQL, as the module list does", async () => {
    const parent = { parentType: 'course' as const, parentPath: course };
    const paths = (modules: { path: string }[]) => modules.map((module) => module.path);
    expect(paths(await modulesLinkedTo(db(), parent))).toEqual(['cbq-draft', 'cbq-plain', 'cbq-home']);
    expect(paths(await modulesLinkedTo(db(), parent, { published: true }))).toEqual([
      'cbq-plain',
      'cbq-home',
    ]);
    expect(paths(await modulesLinkedTo(db(), parent, { published: false }))).toEqual(['cbq-draft']);
    expect(paths(await modulesLinkedTo(db(), parent, { onHome: true }))).toEqual(['cbq-home']);
    expect(paths(await modulesLinkedTo(db(), parent, { published: true, onHome: false }))).toEqual([
      'cbq-plain',
    ]);
  });

  it('keeps the modules this actor may open, filtered like the module list, for tRPC and GraphQL alike', async () => {
    const parent = { parentType: 'course' as const, parentPath: course };
    const admin: Actor = { userId: ids.admin, roles: ['admin'], rules: allRules() };
    const participant: Actor = { userId: ids.participant, roles: [], rules: noRules() };
    const summaries = await visibleModuleSummariesOf(db(), participant, parent);
    // The draft is not the participant's to open; positions count in their list.
    expect(summaries.map((module) => [module.path, module.position, module.pageCount])).toEqual([
      ['cbq-plain', 0, 0],
      ['cbq-home', 1, 2],
    ]);
    expect(
      (await visibleModuleSummariesOf(db(), participant, parent, { onHome: true })).map(
        (module) => module.path,
      ),
    ).toEqual(['cbq-home']);
    const adminSide = await visibleModuleSummariesOf(db(), admin, parent, {
      onAdmin: true,
      published: false,
    });
    expect(adminSide.map((module) => module.path)).toEqual(['cbq-draft']);
    // tRPC's link.modulesOf: the same modules, as the admin's list of links shows them.
    const listed = await visibleModulesOf(db(), participant, parent);
    expect(listed).toEqual(
      summaries.map(({ moduleId, path, name, language, published, public: open, position }) => ({
        moduleId,
        path,
        name,
        language,
        published,
        public: open,
        position,
      })),
    );
    await expect(
      visibleModuleSummariesOf(db(), participant, { parentType: 'section', parentPath: 'no-such-section' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', key: 'section.notFound' });
  });

  it('updates a section only in its own course: the command refuses another parent', async () => {
    const admin: Actor = { userId: ids.admin, roles: ['admin'], rules: allRules() };
    const update = (parent: { parentType?: unknown; parentPath?: unknown }) =>
      updateSection(platform, admin, systemMeta('test'), {
        path: section,
        section: { name: 'Renamed' },
        ...parent,
      });
    for (const parent of [
      { parentType: 'course', parentPath: owned },
      { parentType: 'module', parentPath: course },
      { parentPath: course },
    ]) {
      await expect(update(parent)).rejects.toMatchObject({ code: 'INVALID', key: 'errors.invalidInput' });
    }
    await update({ parentType: 'course', parentPath: course });
    await update({});
    const listed = await visibleModuleSummariesOf(db(), admin, {
      parentType: 'section',
      parentPath: section,
    });
    expect(listed.map((module) => module.path)).toEqual(['cbq-plain']);
  });
});
