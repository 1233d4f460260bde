import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import { findCourseByPath } from '../../projections/course/course-summaries';
import { buildApp } from '../../server/app';
import { ensureTeacherRole } from '../../server/auth/bootstrap';
import { printedSchema } from '../../server/graphql/schema';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { emptyClientRoot, type GraphQLAnswer, graphql } from './client';

/** Counts the SQL statements the app runs through its read handle (commands use their own). */
function countingPlugin() {
  const counter = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.statements += 1;
      return args.result;
    },
  };
  return { counter, plugin };
}

describe('content operations in the schema', () => {
  it('keeps the documented names (docs/integrating/graphql.md)', () => {
    const schema = printedSchema();
    for (const query of [
      'modules',
      'module',
      'page',
      'files',
      'translations',
      'moduleTranslationsPaths',
      'courseTranslationsPaths',
    ])
      expect(schema).toMatch(new RegExp(`\\n  ${query}[(:]`));
    for (const mutation of [
      'createModule',
      'updateModule',
      'deleteModule',
      'createPage',
      'updatePage',
      'deletePage',
      'createFile',
      'updateFile',
      'deleteFile',
      'addItemToParent',
      'removeItemFromParent',
    ])
      expect(schema).toMatch(new RegExp(`\\n  ${mutation}\\(`));
  });
});

/**
 * Content over GraphQL (docs/integrating/graphql.md): modules, pages and files created,
 * linked, read back through course, section, module, page, files and modules, refused for bad
 * input and for learners without writing anything, unlinked and deleted; nested lists batched.
 */
describe.each(databaseKinds)('GraphQL content on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const token = { admin: '', teacher: '', participant: '' };
  const { counter, plugin } = countingPlugin();

  const as = (who: keyof typeof token | null, headers: Record<string, string> = {}) => ({
    token: who ? token[who] : undefined,
    headers,
  });
  const eventCount = async () => (await readAll(platform.database.db, 0, 100_000)).length;
  const codeOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions?.code;

  const mutations = {
    createCourse: 'mutation ($doc: JSON!) { createCourse(doc: $doc) { success message course { path } } }',
    createSection: 'mutation ($doc: JSON!) { createSection(doc: $doc) { success message section { path } } }',
    createModule: `mutation ($doc: JSON!) {
      createModule(doc: $doc) { success message module { path name published showCorrect gateProgress gateConfig test randomized } }
    }`,
    updateModule: `mutation ($path: String!, $doc: JSON!) {
      updateModule(path: $path, doc: $doc) { success message module { path name info published } }
    }`,
    deleteModule: 'mutation ($path: String!) { deleteModule(path: $path) { success message } }',
    createPage: `mutation ($doc: JSON!) {
      createPage(doc: $doc) { success message page { path name type parentType parentPath estimatedTime } }
    }`,
    updatePage: `mutation ($path: String!, $doc: JSON!) {
      updatePage(path: $path, doc: $doc) { success message page { path name type estimatedTime } }
    }`,
    deletePage: 'mutation ($path: String!) { deletePage(path: $path) { success message } }',
    createFile:
      'mutation ($doc: JSON!) { createFile(doc: $doc) { success message file { path name url type } } }',
    updateFile: `mutation ($path: String!, $doc: JSON!) {
      updateFile(path: $path, doc: $doc) { success message file { path name url type } }
    }`,
    deleteFile: 'mutation ($path: String!) { deleteFile(path: $path) { success message } }',
    addItemToParent: `mutation ($itemType: String!, $itemPath: String!, $parentType: String!, $parentPath: String!) {
      addItemToParent(itemType: $itemType, itemPath: $itemPath, parentType: $parentType, parentPath: $parentPath) { success message }
    }`,
    removeItemFromParent: `mutation ($itemType: String!, $itemPath: String!, $parentType: String!, $parentPath: String!) {
      removeItemFromParent(itemType: $itemType, itemPath: $itemPath, parentType: $parentType, parentPath: $parentPath) { success message }
    }`,
  };

  /** Runs a mutation and answers its one result field. */
  async function mutate(
    name: keyof typeof mutations,
    variables: Record<string, unknown>,
    who: keyof typeof token | null = 'admin',
  ): Promise<Record<string, unknown>> {
    const answer = await graphql<Record<string, Record<string, unknown>>>(app, mutations[name], {
      ...as(who),
      variables,
    });
    expect(answer.errors).toBeUndefined();
    return answer.data![name]!;
  }

  async function query<T = Record<string, unknown>>(
    text: string,
    variables: Record<string, unknown> = {},
    who: keyof typeof token | null = 'admin',
  ) {
    const answer = await graphql<T>(app, text, { ...as(who), variables });
    return answer;
  }

  const link = (itemType: string, itemPath: string, parentType: string, parentPath: string) =>
    mutate('addItemToParent', { itemType, itemPath, parentType, parentPath });

  const markdownPage = {
    parentType: 'module',
    parentPath: 'contraception-basics',
    name: 'Welcome',
    type: 'markdown',
    content: [{ type: 'markdown', name: 'intro', text: '# Hello' }],
    estimatedTime: 120,
  };
  // The contract's shape of a question element; the platform stores it as { type: 'radio', questionType: 'single' }.
  const question = {
    type: 'question',
    questionType: 'radio',
    name: 'q1',
    label: 'Which method is hormonal?',
    schema: { autoShow: true },
    options: [
      { label: 'The pill', value: 'pill', score: 1, feedback: '' },
      { label: 'Condom', value: 'condom', score: 0, feedback: '' },
    ],
  };
  const questionPage = {
    parentType: 'module',
    parentPath: 'contraception-basics',
    name: 'Quiz',
    type: 'question',
    content: [question],
    estimatedTime: 300,
  };

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    await ensureTeacherRole(platform);
    // The app reads through a counting handle; the command pipeline keeps the real one.
    const counted = {
      ...platform,
      database: { ...platform.database, db: platform.database.db.withPlugin(plugin) },
    };
    app = await buildApp(counted, { clientRoot: emptyClientRoot() });
    token.admin = (await addTestUser(platform, { roles: ['admin'], name: 'Ada Admin' })).token;
    token.teacher = (await addTestUser(platform, { roles: ['teacher'], name: 'Tom Teacher' })).token;
    token.participant = (await addTestUser(platform, { name: 'Pia Participant' })).token;
    expect(await mutate('createCourse', { doc: { name: 'Family planning', language: 'en' } })).toMatchObject({
      success: true,
      course: { path: 'family-planning' },
    });
    expect(
      await mutate('createSection', {
        doc: { parentType: 'course', parentPath: 'family-planning', name: 'Week one', language: 'en' },
      }),
    ).toMatchObject({ success: true, section: { path: 'week-one' } });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('creates a module with pages and a file, links them and reads them back everywhere', async () => {
    expect(
      await mutate('createModule', {
        doc: {
          name: 'Contraception basics',
          language: 'en',
          info: 'What to know',
          showCorrect: true,
          gateProgress: true,
          gateConfig: ['all-correct'],
          // Not a test: the form's rule empties randomized.
          randomized: ['pages'],
        },
      }),
    ).toEqual({
      success: true,
      message: 'The module is created.',
      module: {
        path: 'contraception-basics',
        name: 'Contraception basics',
        published: true,
        showCorrect: true,
        gateProgress: true,
        gateConfig: ['all-correct'],
        test: false,
        randomized: [],
      },
    });
    expect(await mutate('createPage', { doc: markdownPage })).toEqual({
      success: true,
      message: 'The page is created.',
      page: {
        path: 'welcome',
        name: 'Welcome',
        type: 'markdown',
        parentType: 'module',
        parentPath: 'contraception-basics',
        estimatedTime: 120,
      },
    });
    expect(await mutate('createPage', { doc: questionPage })).toMatchObject({
      success: true,
      page: { path: 'quiz', type: 'question', estimatedTime: 300 },
    });
    expect(
      await mutate('createFile', { doc: { name: 'Leaflet', url: 'https://example.org/leaflet.pdf' } }),
    ).toEqual({
      success: true,
      message: 'The file is created.',
      file: { path: 'leaflet', name: 'Leaflet', url: 'https://example.org/leaflet.pdf', type: 'pdf' },
    });
    // Created and linked to the section at once.
    expect(
      await mutate('createFile', {
        doc: {
          name: 'Slides',
          url: 'https://example.org/slides',
          type: 'document',
          parentType: 'section',
          parentPath: 'week-one',
        },
      }),
    ).toMatchObject({ success: true, file: { path: 'slides', type: 'document' } });

    for (const [itemType, itemPath, parentType, parentPath] of [
      ['module', 'contraception-basics', 'course', 'family-planning'],
      ['module', 'contraception-basics', 'section', 'week-one'],
      ['file', 'leaflet', 'course', 'family-planning'],
      ['file', 'leaflet', 'section', 'week-one'],
    ] as const)
      expect(await link(itemType, itemPath, parentType, parentPath)).toEqual({
        success: true,
        message: 'The link is saved.',
      });
    // Linking twice changes nothing.
    expect(await link('file', 'leaflet', 'course', 'family-planning')).toMatchObject({ success: true });

    const courseQuery = `query ($path: String!) {
      course(path: $path) { modules { path } files { path } sections { path modules { path } files { path } } }
    }`;
    for (const who of ['admin', 'participant', null] as const) {
      const course = await query(courseQuery, { path: 'family-planning' }, who);
      expect(course.errors).toBeUndefined();
      // Module content is for registered users: an anonymous caller sees the course, not its modules.
      const modules = who === null ? [] : [{ path: 'contraception-basics' }];
      expect(course.data).toEqual({
        course: {
          modules,
          files: [{ path: 'leaflet' }],
          sections: [
            {
              path: 'week-one',
              modules,
              files: [{ path: 'slides' }, { path: 'leaflet' }],
            },
          ],
        },
      });
    }

    const module = await query(
      `query ($path: String!) {
        module(path: $path) {
          path name info estimatedTime pageCount certificate activeUsers(after: "2026-01-01") { _id } result(user: "x")
          owners { name } pages { path name type content estimatedTime result completed }
        }
      }`,
      { path: 'contraception-basics' },
      'participant',
    );
    expect(module.errors).toBeUndefined();
    expect(module.data).toEqual({
      module: {
        path: 'contraception-basics',
        name: 'Contraception basics',
        info: 'What to know',
        estimatedTime: 420,
        pageCount: 2,
        // No certificate yet; a participant is no teacher of the module: no one else's result or activity.
        certificate: null,
        activeUsers: null,
        result: null,
        owners: [{ name: 'Ada Admin' }],
        pages: [
          {
            path: 'welcome',
            name: 'Welcome',
            type: 'markdown',
            content: markdownPage.content,
            estimatedTime: 120,
            // The caller's own progress: nothing to answer on this page.
            result: { answers: {}, feedback: {}, scoring: { __score: 0, __maxScore: 0 }, updatedAt: null },
            completed: true,
          },
          {
            path: 'quiz',
            name: 'Quiz',
            type: 'question',
            // A participant gets the options without their scores (the answer key).
            content: [
              {
                ...question,
                schema: { autoShow: true, attempts: 0, info: '', maxScore: 1 },
                options: question.options.map(({ label, value }) => ({ label, value })),
              },
            ],
            estimatedTime: 300,
            result: {
              answers: {},
              feedback: {},
              scoring: {
                __score: 0,
                __maxScore: 1,
                q1: { __score: 0, __maxScore: 1, questionType: 'radio' },
              },
              updatedAt: null,
            },
            completed: false,
          },
        ],
      },
    });

    // Who edits the module gets the scores, through module and page alike.
    const scored = {
      ...question,
      schema: { autoShow: true, attempts: 0, info: '', maxScore: 1 },
    };
    const editorView = await query('{ module(path: "contraception-basics") { pages { content } } }');
    expect(editorView.data).toEqual({
      module: { pages: [{ content: markdownPage.content }, { content: [scored] }] },
    });
    expect((await query('{ page(path: "quiz") { content } }')).data).toEqual({ page: { content: [scored] } });
    const learnerPage = await query(
      '{ page(path: "quiz") { content module { pages { content } } } }',
      {},
      'participant',
    );
    expect(learnerPage.raw).not.toContain('"score"');
    expect(learnerPage.data).toMatchObject({
      page: {
        content: [
          {
            name: 'q1',
            options: [
              { label: 'The pill', value: 'pill' },
              { label: 'Condom', value: 'condom' },
            ],
          },
        ],
      },
    });

    const page = await query(
      `query ($path: String!) {
        page(path: $path) {
          path estimatedTime prevPage nextPage
          module { path showCorrect gateProgress gateConfig pages { path } }
        }
      }`,
      { path: 'quiz' },
      'participant',
    );
    expect(page.errors).toBeUndefined();
    expect(page.data).toEqual({
      page: {
        path: 'quiz',
        estimatedTime: 300,
        prevPage: 'welcome',
        nextPage: null,
        module: {
          path: 'contraception-basics',
          showCorrect: true,
          gateProgress: true,
          gateConfig: ['all-correct'],
          pages: [{ path: 'welcome' }, { path: 'quiz' }],
        },
      },
    });

    const files = await query('query ($course: String!) { files(course: $course) { path name type } }', {
      course: 'family-planning',
    });
    expect(files.data).toEqual({ files: [{ path: 'leaflet', name: 'Leaflet', type: 'pdf' }] });
    const sectionFiles = await query('{ files(section: "week-one") { path } }', {}, 'participant');
    expect(sectionFiles.data).toEqual({ files: [{ path: 'slides' }, { path: 'leaflet' }] });

    const modules = await query('query ($course: String!) { modules(course: $course) { path } }', {
      course: 'family-planning',
    });
    expect(modules.data).toEqual({ modules: [{ path: 'contraception-basics' }] });
    const sectionModules = await query('{ modules(section: "week-one") { path } }', {}, 'participant');
    expect(sectionModules.data).toEqual({ modules: [{ path: 'contraception-basics' }] });
    // The module list's published and onHome filters apply to a course's modules too.
    const byFlags = async (flags: string) =>
      (await query(`{ modules(course: "family-planning", ${flags}) { path } }`)).data;
    const linked = { modules: [{ path: 'contraception-basics' }] };
    const onHome = (
      (await query('{ module(path: "contraception-basics") { onHome } }')).data as {
        module: { onHome: boolean };
      }
    ).module.onHome;
    expect(await byFlags('published: true')).toEqual(linked);
    expect(await byFlags('published: false')).toEqual({ modules: [] });
    expect(await byFlags(`onHome: ${onHome}`)).toEqual(linked);
    expect(await byFlags(`published: true, onHome: ${!onHome}`)).toEqual({ modules: [] });

    // A module linked to nothing is what filterByParent (and noParents) keep.
    expect(await mutate('createModule', { doc: { name: 'Loose module', language: 'fr' } })).toMatchObject({
      success: true,
      module: { path: 'loose-module' },
    });
    for (const filter of ['filterByParent: true', 'noParents: true', 'filterByParent: true, onAdmin: true']) {
      const unlinked = await query(`{ modules(${filter}) { path } }`);
      expect(unlinked.errors).toBeUndefined();
      expect(unlinked.data).toEqual({ modules: [{ path: 'loose-module' }] });
    }
    const all = await query('{ modules(onAdmin: true) { path } }');
    expect(all.data).toEqual({ modules: [{ path: 'contraception-basics' }, { path: 'loose-module' }] });
  });

  it('changes only what a doc names, and hides unpublished modules from learners', async () => {
    expect(await mutate('updateModule', { path: 'contraception-basics', doc: { info: 'Updated' } })).toEqual({
      success: true,
      message: 'The module is saved.',
      module: {
        path: 'contraception-basics',
        name: 'Contraception basics',
        info: 'Updated',
        published: true,
      },
    });
    expect(await mutate('updatePage', { path: 'welcome', doc: { estimatedTime: 60 } })).toEqual({
      success: true,
      message: 'The page is saved.',
      page: { path: 'welcome', name: 'Welcome', type: 'markdown', estimatedTime: 60 },
    });
    expect(await mutate('updateFile', { path: 'leaflet', doc: { name: 'Leaflet 2' } })).toEqual({
      success: true,
      message: 'The file is saved.',
      file: { path: 'leaflet', name: 'Leaflet 2', url: 'https://example.org/leaflet.pdf', type: 'pdf' },
    });

    expect(
      await mutate('updateModule', { path: 'contraception-basics', doc: { published: false } }),
    ).toMatchObject({ success: true, module: { published: false } });
    const courseModules =
      '{ course(path: "family-planning") { modules { path } sections { modules { path } } } }';
    expect((await query(courseModules, {}, 'participant')).data).toEqual({
      course: { modules: [], sections: [{ modules: [] }] },
    });
    expect((await query(courseModules)).data).toEqual({
      course: {
        modules: [{ path: 'contraception-basics' }],
        sections: [{ modules: [{ path: 'contraception-basics' }] }],
      },
    });
    const hidden = await query('{ module(path: "contraception-basics") { path } }', {}, 'participant');
    expect(hidden.data).toEqual({ module: null });
    expect(codeOf(hidden)).toBe('NOT_FOUND');
    const hiddenPage = await query('{ page(path: "quiz") { path } }', {}, 'participant');
    expect(hiddenPage.errors?.[0]).toMatchObject({
      message: 'Oops, this page does not exist.',
      extensions: { code: 'NOT_FOUND' },
    });
    expect(
      await mutate('updateModule', { path: 'contraception-basics', doc: { published: true } }),
    ).toMatchObject({ success: true, module: { published: true } });
  });

  it('answers success: false with the translated message for invalid input, writing nothing', async () => {
    const before = await eventCount();
    const refusals: [keyof typeof mutations, Record<string, unknown>, string][] = [
      ['createModule', { doc: { name: '', language: 'en' } }, 'This field is required.'],
      [
        'createModule',
        { doc: { name: 'Exam', language: 'en', test: true, gateProgress: true } },
        'Blocking progress cannot be combined with a test.',
      ],
      [
        'createModule',
        { doc: { name: 'X', language: 'en', path: 'Not A Path' } },
        'Use lower-case letters, digits and hyphens.',
      ],
      [
        'createModule',
        { doc: { name: 'X', language: 'en', published: 'yes' } },
        'Some fields are not valid.',
      ],
      ['createModule', { doc: [1] }, 'Some fields are not valid.'],
      ['updateModule', { path: 'no-such-module', doc: { name: 'X' } }, 'Oops, this module does not exist.'],
      ['updateModule', { path: 'contraception-basics', doc: {} }, 'Some fields are not valid.'],
      ['updateModule', { path: 'contraception-basics', doc: { name: '' } }, 'This field is required.'],
      ['createPage', { doc: { ...markdownPage, type: undefined } }, 'Choose a page type.'],
      ['createPage', { doc: { ...markdownPage, parentType: 'course' } }, 'Some fields are not valid.'],
      [
        'createPage',
        { doc: { ...markdownPage, parentPath: 'no-such-module' } },
        'Oops, this module does not exist.',
      ],
      ['updatePage', { path: 'welcome', doc: { parentPath: 'loose-module' } }, 'Some fields are not valid.'],
      ['updatePage', { path: 'no-such-page', doc: { name: 'X' } }, 'Oops, this page does not exist.'],
      ['createFile', { doc: { name: 'Bad', url: 'not a url' } }, 'Enter a valid web address.'],
      [
        'createFile',
        {
          doc: {
            name: 'Bad',
            url: 'https://example.org/x',
            parentType: 'section',
            parentPath: 'no-such-section',
          },
        },
        'This section does not exist.',
      ],
      ['deleteFile', { path: 'no-such-file' }, 'This document does not exist.'],
      ['deletePage', { path: 'no-such-page' }, 'Oops, this page does not exist.'],
      ['deleteModule', { path: 'no-such-module' }, 'Oops, this module does not exist.'],
      [
        'addItemToParent',
        { itemType: 'page', itemPath: 'welcome', parentType: 'course', parentPath: 'family-planning' },
        'Some fields are not valid.',
      ],
      [
        'addItemToParent',
        {
          itemType: 'module',
          itemPath: 'no-such-module',
          parentType: 'course',
          parentPath: 'family-planning',
        },
        'Oops, this module does not exist.',
      ],
      [
        'removeItemFromParent',
        { itemType: 'file', itemPath: 'leaflet', parentType: 'course', parentPath: 'no-such-course' },
        'Oops, this course does not exist.',
      ],
    ];
    for (const [name, variables, message] of refusals) {
      const refused = await mutate(name, variables);
      expect({ name, ...refused }).toMatchObject({ name, success: false, message });
    }
    expect(await eventCount()).toBe(before);

    // In the caller's language: a Dutch account gets Dutch messages.
    const anonymous = await graphql(app, mutations.createModule, {
      ...as(null, { 'accept-language': 'nl' }),
      variables: { doc: { name: 'X', language: 'en' } },
    });
    expect(anonymous.data?.createModule).toEqual({
      success: false,
      message: 'Meld je eerst aan.',
      module: null,
    });
  });

  it('refuses learners and anonymous callers every content mutation, writing nothing', async () => {
    const before = await eventCount();
    const attempts: [keyof typeof mutations, Record<string, unknown>][] = [
      ['createModule', { doc: { name: 'Mine', language: 'en' } }],
      ['updateModule', { path: 'contraception-basics', doc: { name: 'Mine' } }],
      ['deleteModule', { path: 'contraception-basics' }],
      ['createPage', { doc: { ...markdownPage, name: 'Mine' } }],
      ['updatePage', { path: 'welcome', doc: { name: 'Mine' } }],
      ['deletePage', { path: 'welcome' }],
      ['createFile', { doc: { name: 'Mine', url: 'https://example.org/mine' } }],
      ['updateFile', { path: 'leaflet', doc: { name: 'Mine' } }],
      ['deleteFile', { path: 'leaflet' }],
      [
        'addItemToParent',
        { itemType: 'module', itemPath: 'loose-module', parentType: 'course', parentPath: 'family-planning' },
      ],
      [
        'removeItemFromParent',
        { itemType: 'file', itemPath: 'leaflet', parentType: 'course', parentPath: 'family-planning' },
      ],
    ];
    for (const [name, variables] of attempts) {
      expect({ name, ...(await mutate(name, variables, 'participant')) }).toMatchObject({
        name,
        success: false,
        message: 'You are not allowed to do this.',
      });
      expect({ name, ...(await mutate(name, variables, null)) }).toMatchObject({ name, success: false });
    }
    expect(await eventCount()).toBe(before);
    // A teacher may create a module (create right) and then owns it; not edit someone else's.
    expect(
      await mutate('createModule', { doc: { name: 'Teacher module', language: 'en' } }, 'teacher'),
    ).toMatchObject({
      success: true,
    });
    const owners = await query('{ module(path: "teacher-module") { owners { name } } }', {}, 'teacher');
    expect(owners.data).toEqual({ module: { owners: [{ name: 'Tom Teacher' }] } });
    expect(await mutate('deleteModule', { path: 'teacher-module' }, 'teacher')).toMatchObject({
      success: true,
    });
  });

  it("shows a course owner without the edit right their course's unpublished modules", async () => {
    expect(
      await mutate('createCourse', { doc: { name: 'Teacher course', language: 'en' } }, 'teacher'),
    ).toMatchObject({ success: true, course: { path: 'teacher-course' } });
    expect(
      await mutate(
        'createModule',
        { doc: { name: 'Draft lesson', language: 'en', published: false } },
        'teacher',
      ),
    ).toMatchObject({ success: true, module: { path: 'draft-lesson', published: false } });
    expect(
      await mutate(
        'addItemToParent',
        {
          itemType: 'module',
          itemPath: 'draft-lesson',
          parentType: 'course',
          parentPath: 'teacher-course',
        },
        'teacher',
      ),
    ).toMatchObject({ success: true });
    const modules = '{ course(path: "teacher-course") { modules { path published } } }';
    expect((await query(modules, {}, 'teacher')).data).toEqual({
      course: { modules: [{ path: 'draft-lesson', published: false }] },
    });
    expect((await query(modules, {}, 'participant')).data).toEqual({ course: { modules: [] } });
    expect((await query('{ modules(course: "teacher-course") { path } }', {}, 'teacher')).data).toEqual({
      modules: [{ path: 'draft-lesson' }],
    });
    expect(await mutate('deleteModule', { path: 'draft-lesson' }, 'teacher')).toMatchObject({
      success: true,
    });
  });

  it("keeps a closed module's pages from participants who are not linked to it", async () => {
    expect(
      await mutate('createModule', { doc: { name: 'Members only', language: 'en', public: false } }),
    ).toMatchObject({ success: true, module: { path: 'members-only' } });
    await mutate('createPage', { doc: { ...markdownPage, parentPath: 'members-only', name: 'Inside' } });
    await link('module', 'members-only', 'course', 'family-planning');
    type Modules = {
      course: { modules: { path: string; pages: { path: string }[]; users: { name: string }[] }[] };
    };
    const closed = async (who: keyof typeof token) =>
      (
        await query<Modules>(
          '{ course(path: "family-planning") { modules { path pages { path } users { name } } } }',
          {},
          who,
        )
      ).data!.course.modules.find((module) => module.path === 'members-only');
    // Not listed under the course to a participant who is not linked to it: opening it says it does
    // not exist (the one visibility rule: no card leads to 'does not exist').
    expect(await closed('participant')).toBeUndefined();
    expect(codeOf(await query('{ module(path: "members-only") { path } }', {}, 'participant'))).toBe(
      'NOT_FOUND',
    );

    // Linking a participant to a module (addItemToUser) arrives with module enrolment; until then a
    // closed module's pages are for its editors, and its participant list is empty.
    expect(await closed('admin')).toEqual({
      path: 'members-only',
      pages: [{ path: 'inside' }],
      users: [],
    });
    expect(await mutate('deleteModule', { path: 'members-only' })).toMatchObject({ success: true });
  });

  it('lists translation groups and the translations of a course or module', async () => {
    const original = await query<{ module: { _id: string } }>(
      '{ module(path: "contraception-basics") { _id } }',
    );
    const originId = original.data!.module._id;
    expect(
      await mutate('createModule', { doc: { name: 'Contraception (fr)', language: 'fr', originId } }),
    ).toMatchObject({ success: true, module: { path: 'contraception-fr' } });
    const course = await findCourseByPath(platform.database.db, 'family-planning');
    expect(
      await mutate('createCourse', {
        doc: { name: 'Gezinsplanning', language: 'nl', originId: course!.courseId, published: false },
      }),
    ).toMatchObject({ success: true, course: { path: 'gezinsplanning' } });

    const modulePaths = '{ moduleTranslationsPaths(path: "contraception-fr") { path name language } }';
    expect((await query(modulePaths, {}, 'participant')).data).toEqual({
      moduleTranslationsPaths: [
        { path: 'contraception-basics', name: 'Contraception basics', language: 'en' },
        { path: 'contraception-fr', name: 'Contraception (fr)', language: 'fr' },
      ],
    });
    const coursePaths = '{ courseTranslationsPaths(path: "family-planning") { path language } }';
    expect((await query(coursePaths)).data).toEqual({
      courseTranslationsPaths: [
        { path: 'family-planning', language: 'en' },
        { path: 'gezinsplanning', language: 'nl' },
      ],
    });
    // Learners see the published, public members only.
    expect((await query(coursePaths, {}, 'participant')).data).toEqual({
      courseTranslationsPaths: [{ path: 'family-planning', language: 'en' }],
    });

    const list = await query(
      '{ translations { _id path kind originId items { path language isOriginal } } }',
    );
    expect(list.errors).toBeUndefined();
    expect(list.data).toEqual({
      translations: [
        {
          _id: course!.courseId,
          path: 'family-planning/gezinsplanning',
          kind: 'course',
          originId: course!.courseId,
          items: [
            { path: 'family-planning', language: 'en', isOriginal: true },
            { path: 'gezinsplanning', language: 'nl', isOriginal: false },
          ],
        },
        {
          _id: originId,
          path: 'contraception-basics/contraception-fr',
          kind: 'module',
          originId,
          items: [
            { path: 'contraception-basics', language: 'en', isOriginal: true },
            { path: 'contraception-fr', language: 'fr', isOriginal: false },
          ],
        },
      ],
    });
    expect(codeOf(await query('{ translations { _id } }', {}, 'participant'))).toBe('FORBIDDEN');
    expect(codeOf(await query('{ translations { _id } }', {}, null))).toBe('UNAUTHENTICATED');
    for (const path of ['contraception-fr']) await mutate('deleteModule', { path });
    expect(
      await graphql(app, 'mutation { deleteCourse(path: "gezinsplanning") { success } }', as('admin')),
    ).toMatchObject({
      data: { deleteCourse: { success: true } },
    });
  });

  it('answers nested content lists in a constant number of SQL statements', async () => {
    const nested = `{ courses(onAdmin: true) {
      path modules { path owners { name } users { name } pages { path nextPage module { path } } }
      files { path } sections { path modules { path pages { path } } files { path } }
    } }`;
    async function counted() {
      counter.statements = 0;
      const answer = await query<{ courses: { path: string; modules: { pages: unknown[] }[] }[] }>(nested);
      expect(answer.errors).toBeUndefined();
      return { courses: answer.data!.courses, statements: counter.statements };
    }
    async function addCourses(from: number, to: number) {
      for (let n = from; n < to; n++) {
        const course = (await mutate('createCourse', { doc: { name: `Course ${n}`, language: 'en' } })) as {
          course: { path: string };
        };
        const section = (await mutate('createSection', {
          doc: { parentType: 'course', parentPath: course.course.path, name: `Section ${n}`, language: 'en' },
        })) as { section: { path: string } };
        const module = (await mutate('createModule', { doc: { name: `Module ${n}`, language: 'en' } })) as {
          module: { path: string };
        };
        await mutate('createPage', {
          doc: { ...markdownPage, parentPath: module.module.path, name: `Page ${n}` },
        });
        await mutate('createPage', {
          doc: { ...questionPage, parentPath: module.module.path, name: `Question ${n}` },
        });
        await link('module', module.module.path, 'course', course.course.path);
        await link('module', module.module.path, 'section', section.section.path);
        await link('file', 'leaflet', 'course', course.course.path);
        await link('file', 'leaflet', 'section', section.section.path);
      }
    }
    await addCourses(0, 2);
    const few = await counted();
    await addCourses(2, 8);
    const many = await counted();
    expect(many.courses.length).toBe(few.courses.length + 6);
    const added = many.courses.filter((course) => course.path.startsWith('course-'));
    expect(added).toHaveLength(8);
    for (const course of added) expect(course.modules[0]?.pages).toHaveLength(2);
    expect(many.statements).toBe(few.statements);
    // The request limiter's count, the caller's access and actions, the courses, their sections,
    // their module links, the modules, their files, the module owners and their profiles,
    // participants, pages, the sections' module links and files: 14, for 3 courses as for 9.
    expect(many.statements).toBeLessThanOrEqual(14);
  });

  it('unlinks modules and files, and deletes pages, modules and files', async () => {
    expect(
      await mutate('removeItemFromParent', {
        itemType: 'module',
        itemPath: 'contraception-basics',
        parentType: 'section',
        parentPath: 'week-one',
      }),
    ).toEqual({ success: true, message: 'The link is removed.' });
    expect(
      await mutate('removeItemFromParent', {
        itemType: 'file',
        itemPath: 'leaflet',
        parentType: 'course',
        parentPath: 'family-planning',
      }),
    ).toMatchObject({ success: true });
    const course =
      '{ course(path: "family-planning") { modules { path } files { path } sections { modules { path } files { path } } } }';
    expect((await query(course)).data).toEqual({
      course: {
        modules: [{ path: 'contraception-basics' }],
        files: [],
        sections: [{ modules: [], files: [{ path: 'slides' }, { path: 'leaflet' }] }],
      },
    });

    expect(await mutate('deletePage', { path: 'welcome' })).toEqual({
      success: true,
      message: 'The page is deleted.',
    });
    const module = await query(
      '{ module(path: "contraception-basics") { pageCount pages { path prevPage } } }',
    );
    expect(module.data).toEqual({ module: { pageCount: 1, pages: [{ path: 'quiz', prevPage: null }] } });

    expect(await mutate('deleteModule', { path: 'contraception-basics' })).toEqual({
      success: true,
      message: 'The module is deleted.',
    });
    expect(codeOf(await query('{ module(path: "contraception-basics") { path } }'))).toBe('NOT_FOUND');
    expect(codeOf(await query('{ page(path: "quiz") { path } }'))).toBe('NOT_FOUND');
    expect(await mutate('deleteFile', { path: 'leaflet' })).toEqual({
      success: true,
      message: 'The file is deleted.',
    });
    expect((await query(course)).data).toEqual({
      course: { modules: [], files: [], sections: [{ modules: [], files: [{ path: 'slides' }] }] },
    });
    expect((await query('{ files(section: "week-one") { path } }')).data).toEqual({
      files: [{ path: 'slides' }],
    });
  });
});
