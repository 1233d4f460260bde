import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ensureTeacherRole } from '../../server/auth/bootstrap';
import { emptyClientRoot, graphql } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

/**
 * The one visibility rule (docs/development/architecture.md#the-read-side): every query that lists
 * modules, pages, courses, sections or files keeps an item exactly when opening that item succeeds,
 * for an anonymous visitor, a participant not linked, a linked participant and an owner, on a
 * non-public and on an unpublished item. Module and page content is for registered users: an
 * anonymous visitor opening an existing, public module is asked to sign in (UNAUTHORIZED), a
 * missing or closed one answers not found.
 */

type Who = 'anonymous' | 'participant' | 'linked' | 'owner';
const everyone: Who[] = ['anonymous', 'participant', 'linked', 'owner'];
type Kind = 'module' | 'page' | 'course' | 'section' | 'courseFile' | 'sectionFile';
type State = 'nonPublic' | 'unpublished';
const states: State[] = ['nonPublic', 'unpublished'];

describe.each(databaseKinds)('one visibility rule for items and lists on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens: Partial<Record<Who | 'admin', string>> = {};
  /** The host: a published, public course with a published, public section, both listing the modules. */
  let host = '';
  let hostSection = '';
  /** Per state, the item of each kind in that state (pages and files sit in an item in that state). */
  const items = {} as Record<State, Record<Kind, string>>;
  const insideSections = {} as Record<State, string>;
  /** A published, public module with a page: the one an anonymous visitor must sign in to open. */
  let openModule = '';
  let openPage = '';

  const headersOf = (who: Who | 'admin') =>
    tokens[who as keyof typeof tokens]
      ? { authorization: `Bearer ${tokens[who as keyof typeof tokens]}` }
      : {};

  async function call(who: Who | 'admin', procedure: string, input?: unknown, mutation = false) {
    const response = mutation
      ? await app.inject({
          method: 'POST',
          url: `/trpc/${procedure}`,
          payload: input as object,
          headers: headersOf(who),
        })
      : await app.inject({
          method: 'GET',
          url: `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers: headersOf(who),
        });
    const body = response.json();
    return body.error
      ? { ok: false as const, code: body.error.data.code as string, key: body.error.data.key as string }
      : { ok: true as const, data: body.result.data };
  }

  async function admin<T = { path: string }>(procedure: string, input: unknown): Promise<T> {
    const answer = await call('admin', procedure, input, true);
    if (!answer.ok) throw new Error(`${procedure}: ${answer.code} ${answer.key}`);
    return answer.data as T;
  }

  async function gql(who: Who, query: string) {
    const token = tokens[who as keyof typeof tokens];
    return graphql<Record<string, unknown>>(app, query, token ? { token } : {});
  }

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await ensureTeacherRole(platform);
    tokens.admin = (await addTestUser(platform, { roles: ['admin'] })).token;
    tokens.participant = (await addTestUser(platform)).token;
    const linked = await addTestUser(platform);
    tokens.linked = linked.token;
    // A teacher holds create only on their own content: here the owner of every item.
    const owner = await addTestUser(platform, { roles: ['teacher'] });
    tokens.owner = owner.token;

    const course = (name: string, extra: object = {}) =>
      admin('course.create', { course: { name, language: 'en', onHome: true, ...extra } });
    const module = (name: string, extra: object = {}) =>
      admin('module.create', { module: { name, language: 'en', onHome: true, ...extra } });
    const page = (modulePath: string) =>
      admin('page.create', {
        parentType: 'module',
        parentPath: modulePath,
        page: { name: `Page of ${modulePath}`, type: 'markdown' },
      });
    const section = (coursePath: string, name: string, extra: object = {}) =>
      admin('section.create', {
        parentType: 'course',
        parentPath: coursePath,
        section: { name, language: 'en', ...extra },
      });
    const file = (parentType: 'course' | 'section', parentPath: string) =>
      admin('file.create', {
        file: { name: `File of ${parentPath}`, url: `https://files.example.org/${parentPath}.pdf` },
        parent: { parentType, parentPath },
      });
    const link = (itemPath: string, parentType: 'course' | 'section', parentPath: string) =>
      admin('link.addItemToParent', { itemType: 'module', itemPath, parentType, parentPath });

    host = (await course('Visibility host')).path;
    hostSection = (await section(host, 'Host section')).path;
    await admin('course.addOwner', { path: host, userId: owner.userId });
    await admin('user.link', { _id: linked.userId, itemType: 'course', itemPath: host, linked: true });
    openModule = (await module('Open module')).path;
    openPage = (await page(openModule)).path;
    await link(openModule, 'course', host);

    for (const state of states) {
      const closed = state === 'nonPublic' ? { public: false } : {};
      const coursePath = (await course(`Course ${state}`, closed)).path;
      // The section of this state sits in the host; the course of this state holds a plain section.
      const sectionPath = (await section(host, `Section ${state}`, closed)).path;
      const modulePath = (await module(`Module ${state}`, closed)).path;
      const pagePath = (await page(modulePath)).path;
      const innerSection = (await section(coursePath, `Inside ${state}`)).path;
      // Files: one in the course of this state, one in the section of this state.
      const courseFile = (await file('course', coursePath)).path;
      const sectionFile = (await file('section', sectionPath)).path;
      await link(modulePath, 'course', host);
      await link(modulePath, 'section', hostSection);
      await link(modulePath, 'section', sectionPath);
      await link(modulePath, 'course', coursePath);
      await admin('course.addOwner', { path: coursePath, userId: owner.userId });
      await admin('module.addOwner', { path: modulePath, userId: owner.userId });
      await admin('user.link', {
        _id: linked.userId,
        itemType: 'course',
        itemPath: coursePath,
        linked: true,
      });
      await admin('user.link', {
        _id: linked.userId,
        itemType: 'module',
        itemPath: modulePath,
        linked: true,
      });
      if (state === 'unpublished') {
        await admin('course.unpublish', { path: coursePath });
        await admin('section.unpublish', { path: sectionPath });
        await admin('module.unpublish', { path: modulePath });
      }
      items[state] = {
        course: coursePath,
        section: sectionPath,
        module: modulePath,
        page: pagePath,
        courseFile,
        sectionFile,
      };
      // A course of this state holds a section of its own, which only who opens the course sees.
      insideSections[state] = innerSection;
    }
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  /** Whether opening the item succeeds, by every query that opens one (they must agree). */
  async function opens(who: Who, itemKind: Kind, path: string): Promise<boolean> {
    const answers: boolean[] = [];
    if (itemKind === 'module') {
      answers.push((await call(who, 'module.byPath', { path })).ok);
      answers.push((await call(who, 'result.module', { module: path })).ok);
      const viaGraphql = await gql(who, `{ module(path: "${path}") { path } }`);
      answers.push(Boolean((viaGraphql.data?.module as { path: string } | null)?.path));
    } else if (itemKind === 'page') {
      const page = await call(who, 'page.byPath', { path });
      answers.push(page.ok);
      if (page.ok) {
        const module = (page.data as { parentPath: string }).parentPath;
        answers.push((await call(who, 'result.page', { module, page: path })).ok);
      }
      const viaGraphql = await gql(who, `{ page(path: "${path}") { path } }`);
      answers.push(Boolean((viaGraphql.data?.page as { path: string } | null)?.path));
    } else if (itemKind === 'course') {
      answers.push((await call(who, 'course.byPath', { path })).ok);
      const viaGraphql = await gql(who, `{ course(path: "${path}") { path } }`);
      answers.push(Boolean((viaGraphql.data?.course as { path: string } | null)?.path));
    } else if (itemKind === 'section') {
      answers.push((await call(who, 'section.byPath', { path })).ok);
      const viaGraphql = await gql(who, `{ section(path: "${path}") { path } }`);
      answers.push(Boolean((viaGraphql.data?.section as { path: string } | null)?.path));
    } else {
      answers.push((await call(who, 'file.byPath', { path })).ok);
    }
    expect(new Set(answers).size, `every way of opening ${itemKind} ${path} agrees for ${who}`).toBe(1);
    return answers[0] ?? false;
  }

  const pathsIn = (value: unknown): string[] =>
    Array.isArray(value) ? value.map((item) => (item as { path: string }).path) : [];
  /** A list as its query answers it; a refused list (its parent closed) lists nothing. */
  const trpcList = async (who: Who, procedure: string, input?: unknown) => {
    const answer = await call(who, procedure, input);
    return answer.ok ? pathsIn(answer.data) : [];
  };
  const gqlList = async (who: Who, query: string, pick: (data: Record<string, unknown>) => unknown) => {
    const answer = await gql(who, query);
    return answer.data ? pathsIn(pick(answer.data)) : [];
  };
  const field = (data: Record<string, unknown>, ...keys: string[]) =>
    keys.reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key] ?? null, data);
  const sectionOf = (data: unknown, path: string) =>
    (data as ({ path: string } & Record<string, unknown>)[] | null)?.find(
      (section) => section.path === path,
    ) ?? null;

  /** Every query that lists items of a kind, as `who` calls it. */
  const listsOf: Record<Kind, (who: Who, state: State) => Promise<[string, string[]][]>> = {
    module: async (who, state) => {
      const own = items[state];
      return [
        ['module.list', await trpcList(who, 'module.list')],
        ['module.list onHome (home)', await trpcList(who, 'module.list', { onHome: true })],
        [
          'link.modulesOf host course',
          await trpcList(who, 'link.modulesOf', { parentType: 'course', parentPath: host }),
        ],
        [
          'link.modulesOf host section',
          await trpcList(who, 'link.modulesOf', { parentType: 'section', parentPath: hostSection }),
        ],
        [
          'link.modulesOf own course',
          await trpcList(who, 'link.modulesOf', { parentType: 'course', parentPath: own.course }),
        ],
        [
          'link.modulesOf own section',
          await trpcList(who, 'link.modulesOf', { parentType: 'section', parentPath: own.section }),
        ],
        ['GraphQL modules', await gqlList(who, '{ modules { path } }', (data) => data.modules)],
        [
          'GraphQL modules(onHome)',
          await gqlList(who, '{ modules(onHome: true) { path } }', (data) => data.modules),
        ],
        [
          'GraphQL modules(course)',
          await gqlList(who, `{ modules(course: "${host}") { path } }`, (data) => data.modules),
        ],
        [
          'GraphQL modules(section)',
          await gqlList(who, `{ modules(section: "${hostSection}") { path } }`, (data) => data.modules),
        ],
        [
          'GraphQL course.modules',
          await gqlList(who, `{ course(path: "${host}") { modules { path } } }`, (data) =>
            field(data, 'course', 'modules'),
          ),
        ],
        [
          'GraphQL courses.modules',
          await gqlList(
            who,
            '{ courses { path modules { path } } }',
            (data) =>
              (data.courses as { path: string; modules: unknown }[]).find((course) => course.path === host)
                ?.modules,
          ),
        ],
        [
          'GraphQL course.sections.modules',
          await gqlList(
            who,
            `{ course(path: "${host}") { sections { path modules { path } } } }`,
            (data) => sectionOf(field(data, 'course', 'sections'), hostSection)?.modules,
          ),
        ],
        [
          'GraphQL section.modules',
          await gqlList(who, `{ section(path: "${hostSection}") { modules { path } } }`, (data) =>
            field(data, 'section', 'modules'),
          ),
        ],
      ] as [string, string[]][];
    },
    page: async (who, state) => {
      const modulePath = items[state].module;
      return [
        ['page.listByModule', await trpcList(who, 'page.listByModule', { path: modulePath })],
        [
          'module.byPath pages',
          await call(who, 'module.byPath', { path: modulePath }).then((answer) =>
            answer.ok ? pathsIn((answer.data as { pages: unknown }).pages) : [],
          ),
        ],
        [
          'result.module pages',
          await call(who, 'result.module', { module: modulePath }).then((answer) =>
            answer.ok ? pathsIn((answer.data as { pages: unknown }).pages) : [],
          ),
        ],
        [
          'GraphQL module.pages',
          await gqlList(who, `{ module(path: "${modulePath}") { pages { path } } }`, (data) =>
            field(data, 'module', 'pages'),
          ),
        ],
        [
          'GraphQL modules(course).pages',
          await gqlList(
            who,
            `{ modules(course: "${host}") { path pages { path } } }`,
            (data) =>
              (data.modules as { path: string; pages: unknown }[]).find(
                (module) => module.path === modulePath,
              )?.pages,
          ),
        ],
      ] as [string, string[]][];
    },
    course: async (who) => [
      ['course.list', await trpcList(who, 'course.list')],
      ['course.list onHome (home)', await trpcList(who, 'course.list', { onHome: true })],
      ['GraphQL courses', await gqlList(who, '{ courses { path } }', (data) => data.courses)],
      [
        'GraphQL courses(onHome)',
        await gqlList(who, '{ courses(onHome: true) { path } }', (data) => data.courses),
      ],
    ],
    section: async (who) => [
      ['section.listByCourse', await trpcList(who, 'section.listByCourse', { path: host })],
      [
        'GraphQL course.sections',
        await gqlList(who, `{ course(path: "${host}") { sections { path } } }`, (data) =>
          field(data, 'course', 'sections'),
        ),
      ],
      [
        'GraphQL courses.sections',
        await gqlList(
          who,
          '{ courses { path sections { path } } }',
          (data) =>
            (data.courses as { path: string; sections: unknown }[]).find((course) => course.path === host)
              ?.sections,
        ),
      ],
    ],
    courseFile: async (who, state) => {
      const own = items[state];
      return [
        ['file.list course', await trpcList(who, 'file.list', { course: own.course })],
        [
          'GraphQL files(course)',
          await gqlList(who, `{ files(course: "${own.course}") { path } }`, (data) => data.files),
        ],
        [
          'GraphQL course.files',
          await gqlList(who, `{ course(path: "${own.course}") { files { path } } }`, (data) =>
            field(data, 'course', 'files'),
          ),
        ],
      ];
    },
    sectionFile: async (who, state) => {
      const own = items[state];
      return [
        ['file.list section', await trpcList(who, 'file.list', { section: own.section })],
        [
          'GraphQL files(section)',
          await gqlList(who, `{ files(section: "${own.section}") { path } }`, (data) => data.files),
        ],
        [
          'GraphQL section.files',
          await gqlList(who, `{ section(path: "${own.section}") { files { path } } }`, (data) =>
            field(data, 'section', 'files'),
          ),
        ],
        [
          'GraphQL course.sections.files',
          await gqlList(
            who,
            `{ course(path: "${host}") { sections { path files { path } } } }`,
            (data) => sectionOf(field(data, 'course', 'sections'), own.section)?.files,
          ),
        ],
      ];
    },
  };

  const kinds: Kind[] = ['module', 'page', 'course', 'section', 'courseFile', 'sectionFile'];
  const cases = kinds.flatMap((itemKind) =>
    states.flatMap((state) => everyone.map((who) => [itemKind, state, who] as const)),
  );

  it.each(cases)('lists a %s (%s) to %s exactly when opening it succeeds', async (itemKind, state, who) => {
    const lists = await listsOf[itemKind](who, state);
    const path = items[state][itemKind];
    const open = await opens(who, itemKind, path);
    expect(lists.length).toBeGreaterThan(0);
    for (const [name, listed] of lists) {
      expect(
        listed.includes(path),
        `${name} lists ${itemKind} ${path} (${state}) to ${who}: opens ${open}`,
      ).toBe(open);
    }
    if (itemKind === 'course') {
      // What is inside a course follows it: its own section is listed exactly when it opens.
      const inside = insideSections[state];
      const listed = await trpcList(who, 'section.listByCourse', { path });
      expect(listed.includes(inside)).toBe(await opens(who, 'section', inside));
      expect(listed.includes(inside)).toBe(open);
    }
  });

  it('what each actor opens: owners and linked participants their items, others the open ones', async () => {
    const expected: Record<State, Record<Who, boolean>> = {
      nonPublic: { anonymous: false, participant: false, linked: true, owner: true },
      unpublished: { anonymous: false, participant: false, linked: false, owner: true },
    };
    for (const state of states) {
      for (const who of everyone) {
        expect(await opens(who, 'module', items[state].module), `module ${state} for ${who}`).toBe(
          expected[state][who],
        );
        expect(await opens(who, 'course', items[state].course), `course ${state} for ${who}`).toBe(
          expected[state][who],
        );
      }
    }
    // The host and its open module: every signed-in actor opens them; anonymous visitors the course only.
    for (const who of everyone) {
      expect(await opens(who, 'course', host)).toBe(true);
      expect(await opens(who, 'module', openModule)).toBe(who !== 'anonymous');
      expect(
        (await trpcList(who, 'link.modulesOf', { parentType: 'course', parentPath: host })).includes(
          openModule,
        ),
      ).toBe(who !== 'anonymous');
    }
  });

  it('asks an anonymous visitor to sign in for an existing, open module or page, and says not found otherwise', async () => {
    for (const [procedure, input] of [
      ['module.byPath', { path: openModule }],
      ['result.module', { module: openModule }],
      ['result.page', { module: openModule, page: openPage }],
      ['page.byPath', { path: openPage }],
      ['page.listByModule', { path: openModule }],
    ] as const) {
      expect(await call('anonymous', procedure, input), procedure).toMatchObject({
        ok: false,
        code: 'UNAUTHORIZED',
      });
    }
    const viaGraphql = await gql('anonymous', `{ module(path: "${openModule}") { path } }`);
    expect(viaGraphql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    for (const path of ['no-such-module', items.nonPublic.module, items.unpublished.module]) {
      expect(await call('anonymous', 'result.module', { module: path })).toMatchObject({
        ok: false,
        code: 'NOT_FOUND',
        key: 'module.notFound',
      });
      expect(await call('anonymous', 'module.byPath', { path })).toMatchObject({
        code: 'NOT_FOUND',
        key: 'module.notFound',
      });
    }
    for (const path of ['no-such-page', items.nonPublic.page, items.unpublished.page]) {
      expect(await call('anonymous', 'page.byPath', { path })).toMatchObject({
        code: 'NOT_FOUND',
        key: 'page.notFound',
      });
    }
    // The course list and course info stay open to anonymous visitors; the modules are for registered users.
    expect(await trpcList('anonymous', 'course.list')).toContain(host);
    expect(await trpcList('anonymous', 'module.list', { onHome: true })).toEqual([]);
  });

  it('keeps a linked participant out of an unpublished module with its own message, never listing it', async () => {
    expect(await call('linked', 'result.module', { module: items.unpublished.module })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
      key: 'module.blocked',
    });
  });
});
