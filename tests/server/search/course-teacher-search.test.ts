import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { actorFor } from '../../../server/auth/actor';
import { ensureTeacherRole } from '../../../server/auth/bootstrap';
import { moduleList } from '../../../server/module/queries';
import { search } from '../../../server/search/queries';
import { emptyClientRoot, graphql } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';
import { trpcCalls } from '../trpc-calls';

/**
 * The owners of a course teach the modules it lists through a link made by someone who may edit the
 * module (docs/adr/0001-rights-come-from-the-item.md), and open them like their owners do. Search,
 * the module list and a course's module list keep exactly what opening allows, for them too: the
 * module (its teacher's view and the learner's view), and its pages as the learner's view opens
 * them. A teacher of another course, a participant of the course who is not linked to the module,
 * an anonymous visitor, and the owners of a course listing a module through a link whose maker has
 * since lost the right on the module, get none of it.
 */
type Who = 'admin' | 'courseOwner' | 'teamMember' | 'stranger' | 'participant' | 'learner';
const rolesOf: Record<Who, string[]> = {
  admin: ['admin'],
  courseOwner: ['teacher'],
  teamMember: ['teacher'],
  stranger: ['teacher'],
  participant: [],
  learner: [],
};
const people = Object.keys(rolesOf) as Who[];

/** Each module with the word that finds it. */
const modules = { taught: 'quokka', unpublished: 'wombat', lapsed: 'numbat' } as const;
type ModuleKey = keyof typeof modules;

/** Who opens which module, by the rule of `module.byPath`. */
const opens: Record<Who, ModuleKey[]> = {
  admin: ['taught', 'unpublished', 'lapsed'],
  // The course's owner who made it, and a teacher named its owner later (its team).
  courseOwner: ['taught', 'unpublished'],
  teamMember: ['taught', 'unpublished'],
  stranger: [],
  // Linked to the course, not to the module (which is not public).
  participant: [],
  // Linked to the taught module only.
  learner: ['taught'],
};

const text = (words: string) => ({ type: 'markdown', name: 'text', text: words });

describe.each(databaseKinds)("a course's teachers find the modules they teach on %s", (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, string>;
  const { call, as } = trpcCalls(() => ({ app, platform, tokens }));
  let course = '';

  /** The routes of the hits, in path order (ranking is not what is tested here). */
  const searchPaths = async (who: Who, q: string) =>
    (await as<{ path: string }[]>(who, 'search.query', { q }, false)).map((hit) => hit.path).sort();
  const listed = async (who: Who) =>
    (await as<{ path: string }[]>(who, 'module.list', {}, false)).map((module) => module.path);
  const ok = async (who: Who, procedure: string, input: object) =>
    (await call(who, procedure, input, false)).ok;

  beforeAll(async () => {
    platform = await startTestPlatform(kind, {
      env: { RATE_LIMIT_PER_ADDRESS: '0', RATE_LIMIT_PER_USER: '0' },
    });
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await ensureTeacherRole(platform);
    for (const who of people) {
      const user = await addTestUser(platform, { roles: rolesOf[who], name: `The ${who}` });
      tokens[who] = user.token;
      ids[who] = user.userId;
    }
    const addPage = (who: Who, module: string, path: string, page: object) =>
      as(who, 'page.create', { parentType: 'module', parentPath: module, path, page });

    // The admin's published module that is not public, with a gate after its first page.
    await as('admin', 'module.create', {
      path: 'taught',
      module: { name: 'Quokka care', language: 'en', public: false, gateProgress: true },
    });
    await addPage('admin', 'taught', 'quokka-first', {
      name: 'First quokka page',
      type: 'question',
      content: [
        text('Feeding a quokka.'),
        { type: 'textarea', questionType: 'open', name: 'why', label: 'Why?' },
      ],
    });
    await addPage('admin', 'taught', 'quokka-behind', {
      name: 'Behind the gate',
      type: 'markdown',
      content: [text('Where a quokka sleeps.')],
    });
    // The admin's unpublished module that is not public, listed in a section of the course.
    await as('admin', 'module.create', {
      path: 'unpublished',
      published: false,
      module: { name: 'Wombat care', language: 'en', public: false },
    });
    await addPage('admin', 'unpublished', 'wombat-page', {
      name: 'Wombat page',
      type: 'markdown',
      content: [text('Wombat burrows.')],
    });

    course = (await as('courseOwner', 'course.create', { course: { name: 'Marsupials', language: 'en' } }))
      .path;
    const section = (
      await as('courseOwner', 'section.create', {
        parentType: 'course',
        parentPath: course,
        section: { name: 'Week 1', language: 'en' },
      })
    ).path;
    const link = (who: Who, parentType: 'course' | 'section', parentPath: string, itemPath: string) =>
      as(who, 'link.addItemToParent', { parentType, parentPath, itemType: 'module', itemPath });
    await link('admin', 'course', course, 'taught');
    await link('admin', 'section', section, 'unpublished');
    // The course's owner lists a module of their own, then is no longer its owner: the link they
    // made confers nothing any more.
    await as('courseOwner', 'module.create', {
      path: 'lapsed',
      module: { name: 'Numbat care', language: 'en', public: false },
    });
    await addPage('courseOwner', 'lapsed', 'numbat-page', {
      name: 'Numbat page',
      type: 'markdown',
      content: [text('Numbat termites.')],
    });
    await link('courseOwner', 'course', course, 'lapsed');
    await as('admin', 'module.addOwner', { path: 'lapsed', userId: ids.admin });
    await as('admin', 'module.removeOwner', { path: 'lapsed', userId: ids.courseOwner });

    await as('admin', 'course.addOwner', { path: course, userId: ids.teamMember });
    await as('stranger', 'course.create', { course: { name: 'Another course', language: 'en' } });
    await as('admin', 'user.link', {
      _id: ids.participant,
      itemType: 'course',
      itemPath: course,
      linked: true,
    });
    await as('admin', 'user.link', {
      _id: ids.learner,
      itemType: 'module',
      itemPath: 'taught',
      linked: true,
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it("opens a module through the course's link, for its owners only", async () => {
    for (const who of ['courseOwner', 'teamMember'] as const) {
      const detail = await as<{ courseTeacher: boolean }>(who, 'module.byPath', { path: 'taught' }, false);
      expect(detail.courseTeacher, who).toBe(true);
    }
    for (const who of people) {
      for (const module of Object.keys(modules) as ModuleKey[]) {
        expect(await ok(who, 'module.byPath', { path: module }), `${who} opens ${module}`).toBe(
          opens[who].includes(module),
        );
      }
    }
  });

  it('lists, finds and opens in the learner view exactly the modules that open', async () => {
    for (const who of people) {
      const list = await listed(who);
      for (const [module, word] of Object.entries(modules) as [ModuleKey, string][]) {
        const expected = opens[who].includes(module);
        const label = `${who}, ${module}`;
        expect(list.includes(module), `${label}: module.list`).toBe(expected);
        expect((await searchPaths(who, word)).includes(`/module/${module}`), `${label}: search`).toBe(
          expected,
        );
        // Where a search hit or a card leads: the module as a participant meets it.
        expect(await ok(who, 'result.module', { module }), `${label}: result.module`).toBe(expected);
      }
    }
  });

  it("finds a module's pages as its teacher opens them in the learner view, up to the gate", async () => {
    for (const who of ['courseOwner', 'teamMember'] as const) {
      expect(await searchPaths(who, 'quokka')).toEqual([
        '/module/taught',
        '/module/taught/page/quokka-first',
      ]);
      expect(await ok(who, 'result.page', { module: 'taught', page: 'quokka-first' })).toBe(true);
      expect((await call(who, 'result.page', { module: 'taught', page: 'quokka-behind' }, false)).code).toBe(
        'FORBIDDEN',
      );
      expect(await searchPaths(who, 'wombat')).toEqual([
        '/module/unpublished',
        '/module/unpublished/page/wombat-page',
      ]);
      expect(await searchPaths(who, 'numbat')).toEqual([]);
    }
    for (const who of ['stranger', 'participant'] as const) {
      for (const word of Object.values(modules))
        expect(await searchPaths(who, word), `${who}, ${word}`).toEqual([]);
      expect((await call(who, 'result.page', { module: 'taught', page: 'quokka-first' }, false)).code).toBe(
        'NOT_FOUND',
      );
    }
  });

  it("lists the course's modules to its teachers on the course, not to its participant", async () => {
    const ofCourse = async (who: Who) =>
      (
        await as<{ path: string }[]>(
          who,
          'link.modulesOf',
          { parentType: 'course', parentPath: course },
          false,
        )
      ).map((module) => module.path);
    expect(await ofCourse('courseOwner')).toEqual(['taught']);
    expect(await ofCourse('teamMember')).toEqual(['taught']);
    expect(await ofCourse('participant')).toEqual([]);
  });

  it("gives GraphQL the same: the course's modules, their pages and the caller's state in them", async () => {
    const query = `query ($path: String!) {
      course(path: $path) { modules { path completed } sections { modules { path completed pages { path } } } }
    }`;
    const ask = async (who: Who) => {
      const answer = await graphql<{
        course: {
          modules: { path: string; completed: boolean | null }[];
          sections: { modules: { path: string; completed: boolean | null; pages: { path: string }[] }[] }[];
        };
      }>(app, query, { token: tokens[who], variables: { path: course } });
      expect(answer.errors, who).toBeUndefined();
      return answer.data!.course;
    };
    for (const who of ['courseOwner', 'teamMember'] as const) {
      expect(await ask(who), who).toEqual({
        modules: [{ path: 'taught', completed: false }],
        // Its one page has no question: done at once (null would say the state did not open).
        sections: [{ modules: [{ path: 'unpublished', completed: true, pages: [{ path: 'wombat-page' }] }] }],
      });
    }
    expect(await ask('participant')).toEqual({ modules: [], sections: [{ modules: [] }] });
  });

  it('decides for a whole list in the same statements, whatever the number of modules it teaches', async () => {
    let statements = 0;
    const plugin: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements += 1;
        return args.result;
      },
    };
    const db = platform.database.db.withPlugin(plugin);
    const actor = (await actorFor(platform, ids.courseOwner))!;
    const counted = async (read: () => Promise<{ path: string }[]>) => {
      statements = 0;
      const paths = (await read()).map((item) => item.path);
      return { paths, statements };
    };
    const list = () => counted(() => moduleList(db, actor, {}));
    const find = () => counted(() => search(db, actor, { q: 'bilby', limit: 50, language: 'en' }));
    const teach = async (n: number) => {
      await as('admin', 'module.create', {
        path: `bilby-${n}`,
        module: { name: `Bilby ${n}`, language: 'en', public: false },
      });
      await as('admin', 'link.addItemToParent', {
        parentType: 'course',
        parentPath: course,
        itemType: 'module',
        itemPath: `bilby-${n}`,
      });
    };
    await teach(1);
    const before = { list: await list(), find: await find() };
    expect(before.find.paths).toEqual(['/module/bilby-1']);
    for (const n of [2, 3, 4]) await teach(n);
    const after = { list: await list(), find: await find() };
    expect(after.list.paths).toEqual(expect.arrayContaining(['bilby-1', 'bilby-2', 'bilby-3', 'bilby-4']));
    expect(after.find.paths.sort()).toEqual([
      '/module/bilby-1',
      '/module/bilby-2',
      '/module/bilby-3',
      '/module/bilby-4',
    ]);
    expect(before.list.statements).toBeGreaterThan(0);
    expect(after.list.statements).toBe(before.list.statements);
    expect(after.find.statements).toBe(before.find.statements);
  });

  it('shows an anonymous visitor none of it', async () => {
    const anonymous = (procedure: string, input: object) =>
      app.inject({ url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}` });
    expect((await anonymous('search.query', { q: 'quokka' })).statusCode).toBe(401);
    expect((await anonymous('module.list', {})).json().result.data).toEqual([]);
    for (const module of Object.keys(modules)) {
      expect((await anonymous('module.byPath', { path: module })).statusCode, module).toBe(404);
      expect((await anonymous('result.module', { module })).statusCode, module).toBe(404);
    }
  });
});
