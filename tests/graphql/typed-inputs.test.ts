import { describe, expect, it } from 'vitest';
import { printedSchema } from '../../server/graphql/schema';
import { databaseKinds } from '../harness';
import { addTestUser } from '../users';
import { graphql } from './client';
import { graphqlFixture } from './fixture';

interface Answer {
  success: boolean;
  message: string | null;
  fields: { path: string; message: string }[];
}

/**
 * Typed inputs (docs/integrating/graphql.md#the-contract): the create and update mutations take `input`, an input object generated
 * from the form's zod schema, beside the contract's `doc: JSON`. An integrator builds a course, a
 * section, a module and a question page with typed variables only; a refused one names the field.
 */
describe('typed inputs in the schema', () => {
  it('declares the inputs and keeps the contract argument `doc` beside them', () => {
    const schema = printedSchema();
    for (const name of [
      'CourseInput',
      'CourseUpdateInput',
      'SectionInput',
      'SectionUpdateInput',
      'ModuleInput',
      'ModuleUpdateInput',
      'PageInput',
      'PageUpdateInput',
      'PageElementInput',
      'FileInput',
      'FileUpdateInput',
      'RoleInput',
      'RoleUpdateInput',
      'UserInput',
      'ResultInput',
      'TeacherResultInput',
      'FieldError',
    ])
      expect(schema).toMatch(new RegExp(`\\n(input|type) ${name} \\{`));
    expect(schema).toMatch(/\n {4}doc: JSON\n\n[^\n]*\n[^\n]*\n[^\n]*\n {4}input: CourseInput\n/);
  });
});

describe.each(databaseKinds)('GraphQL typed inputs on %s', (kind) => {
  const fx = graphqlFixture(kind, { admin: { name: 'Ada Admin', roles: ['admin'] } });

  const run = async <T>(
    query: string,
    variables: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => {
    const answer = await graphql<T>(fx.app, query, { token: fx.token.admin, variables, headers });
    expect(answer.errors).toBeUndefined();
    return answer.data!;
  };

  const createCourse = `mutation ($input: CourseInput!) {
    createCourse(input: $input) { success message fields { path message } course { path name language published } }
  }`;
  const createSection = `mutation ($input: SectionInput!) {
    createSection(input: $input) { success message fields { path message } section { path name } }
  }`;
  const createModule = `mutation ($input: ModuleInput!) {
    createModule(input: $input) { success message fields { path message } module { path name test } }
  }`;
  const createPage = `mutation ($input: PageInput!) {
    createPage(input: $input) { success message fields { path message } page { path name type parentPath } }
  }`;
  const link = `mutation ($itemType: String!, $itemPath: String!, $parentType: String!, $parentPath: String!) {
    addItemToParent(itemType: $itemType, itemPath: $itemPath, parentType: $parentType, parentPath: $parentPath) { success fields { path } }
  }`;

  const question = {
    type: 'radio',
    questionType: 'single',
    name: 'q1',
    label: 'Which method is hormonal?',
    schema: { autoShow: true, attempts: 2 },
    options: [
      { label: 'The pill', value: 'pill', score: 1 },
      { label: 'Condom', value: 'condom', score: 0 },
    ],
  };

  it('builds a course, a section, a module and a question page with typed variables only', async () => {
    const course = await run<{ createCourse: Answer & { course: unknown } }>(createCourse, {
      input: { name: 'Typed course', language: 'en', info: 'Built by an integrator.', published: false },
    });
    expect(course.createCourse).toEqual({
      success: true,
      message: 'The course is created.',
      fields: [],
      course: { path: 'typed-course', name: 'Typed course', language: 'en', published: false },
    });
    const section = await run<{ createSection: Answer & { section: unknown } }>(createSection, {
      input: {
        parentType: 'course',
        parentPath: 'typed-course',
        name: 'Week one',
        language: 'en',
        classroom: { name: 'Live', type: 'jitsi', meetingId: 'typed-week-one' },
      },
    });
    expect(section.createSection).toMatchObject({
      success: true,
      fields: [],
      section: { path: 'week-one', name: 'Week one' },
    });
    const module = await run<{ createModule: Answer & { module: unknown } }>(createModule, {
      input: { name: 'Typed quiz', language: 'en', test: true, randomized: ['answers'] },
    });
    expect(module.createModule).toMatchObject({
      success: true,
      fields: [],
      module: { path: 'typed-quiz', test: true },
    });
    const linked = await run<{ addItemToParent: Answer }>(link, {
      itemType: 'module',
      itemPath: 'typed-quiz',
      parentType: 'section',
      parentPath: 'week-one',
    });
    expect(linked.addItemToParent).toEqual({ success: true, fields: [] });
    const page = await run<{ createPage: Answer & { page: unknown } }>(createPage, {
      input: {
        parentType: 'module',
        parentPath: 'typed-quiz',
        name: 'Quiz',
        type: 'question',
        estimatedTime: 300,
        content: [{ type: 'markdown', name: 'intro', text: '# Three questions' }, question],
      },
    });
    expect(page.createPage).toMatchObject({
      success: true,
      fields: [],
      page: { path: 'quiz', name: 'Quiz', type: 'question', parentPath: 'typed-quiz' },
    });

    const read = await run<{
      course: { sections: { path: string }[] };
      section: { modules: { path: string }[] };
      module: { pages: { path: string; content: { type: string; questionType?: string }[] }[] };
    }>(
      `{ course(path: "typed-course") { sections { path } }
         section(path: "week-one") { modules { path } }
         module(path: "typed-quiz") { pages { path content } } }`,
      {},
    );
    expect(read.course.sections).toEqual([{ path: 'week-one' }]);
    expect(read.section.modules).toEqual([{ path: 'typed-quiz' }]);
    expect(read.module.pages).toHaveLength(1);
    expect(read.module.pages[0]!.content[1]).toMatchObject({
      type: 'question',
      questionType: 'radio',
      name: 'q1',
    });

    // An update names only what changes, typed too.
    const updated = await run<{ updatePage: Answer & { page: { name: string } } }>(
      `mutation ($path: String!, $input: PageUpdateInput!) {
        updatePage(path: $path, input: $input) { success fields { path } page { name } }
      }`,
      { path: 'quiz', input: { name: 'Final quiz' } },
    );
    expect(updated.updatePage).toEqual({ success: true, fields: [], page: { name: 'Final quiz' } });
    const published = await run<{ updateCourse: Answer & { course: { published: boolean } } }>(
      `mutation ($path: String!, $input: CourseUpdateInput!) {
        updateCourse(path: $path, input: $input) { success course { published } }
      }`,
      { path: 'typed-course', input: { published: true } },
    );
    expect(published.updateCourse).toEqual({ success: true, course: { published: true } });
  });

  it('names the refused field of a typed input, translated', async () => {
    const refused = await run<{ createPage: Answer }>(
      createPage,
      {
        input: {
          parentType: 'module',
          parentPath: 'typed-quiz',
          name: 'Broken quiz',
          type: 'question',
          content: [{ ...question, options: [question.options[0]] }],
        },
      },
      { 'accept-language': 'nl' },
    );
    expect(refused.createPage.success).toBe(false);
    expect(refused.createPage.message).toBe('Geef minstens twee antwoordopties.');
    expect(refused.createPage.fields).toEqual([
      { path: 'content.0.options', message: 'Geef minstens twee antwoordopties.' },
    ]);

    const unnamed = await run<{ createCourse: Answer }>(
      `mutation ($input: CourseInput!) { createCourse(input: $input) { success fields { path message } } }`,
      { input: { name: '  ', language: 'fr' } },
      { 'accept-language': 'fr' },
    );
    expect(unnamed.createCourse).toEqual({
      success: false,
      fields: [{ path: 'name', message: 'Ce champ est obligatoire.' }],
    });
  });

  it('refuses a misspelt or mistyped field before anything runs, naming it', async () => {
    const misspelt = await graphql(fx.app, createCourse, {
      token: fx.token.admin,
      variables: { input: { nmae: 'Typo', language: 'en' } },
    });
    expect(misspelt.data).toBeNull();
    expect(misspelt.errors?.[0]?.message).toMatch(/nmae/);
    const mistyped = await graphql(fx.app, createModule, {
      token: fx.token.admin,
      variables: { input: { name: 'Typed', language: 'en', test: 'yes' } },
    });
    expect(mistyped.errors?.[0]?.message).toMatch(/test/);
  });

  it('takes `doc` or `input`, exactly one', async () => {
    const both = await run<{ createCourse: Answer }>(
      'mutation ($doc: JSON, $input: CourseInput) { createCourse(doc: $doc, input: $input) { success message fields { path message } } }',
      { doc: { name: 'A', language: 'en' }, input: { name: 'B', language: 'en' } },
    );
    const neither = await run<{ createCourse: Answer }>(
      'mutation { createCourse { success message fields { path message } } }',
      {},
    );
    for (const answer of [both.createCourse, neither.createCourse])
      expect(answer).toEqual({
        success: false,
        message: 'Some fields are not valid.',
        fields: [
          {
            path: 'input',
            message:
              'Send the document exactly once: typed as input, or as free JSON (doc; role or result in those mutations).',
          },
        ],
      });
  });

  it('types files, roles, users and results too', async () => {
    const file = await run<{ createFile: Answer & { file: unknown } }>(
      `mutation ($input: FileInput!) { createFile(input: $input) { success fields { path } file { path name url type } } }`,
      { input: { name: 'Typed leaflet', url: 'https://example.org/leaflet.pdf' } },
    );
    expect(file.createFile).toEqual({
      success: true,
      fields: [],
      file: {
        path: 'typed-leaflet',
        name: 'Typed leaflet',
        url: 'https://example.org/leaflet.pdf',
        type: 'pdf',
      },
    });
    const renamed = await run<{ updateFile: Answer & { file: { name: string; type: string } } }>(
      `mutation ($input: FileUpdateInput!) { updateFile(path: "typed-leaflet", input: $input) { success file { name type } } }`,
      { input: { name: 'Typed leaflet, 2nd edition' } },
    );
    expect(renamed.updateFile).toEqual({
      success: true,
      file: { name: 'Typed leaflet, 2nd edition', type: 'pdf' },
    });

    const role = await run<{ createRole: Answer & { role: { name: string; actions: unknown } } }>(
      `mutation ($input: RoleInput!) { createRole(input: $input) { success role { name actions { view edit } } } }`,
      { input: { name: 'typed-reviewer', actions: { view: true } } },
    );
    expect(role.createRole).toEqual({
      success: true,
      role: { name: 'typed-reviewer', actions: { view: true, edit: false } },
    });
    const widened = await run<{ updateRole: Answer & { role: { actions: unknown } } }>(
      `mutation ($input: RoleUpdateInput!) { updateRole(name: "typed-reviewer", input: $input) { success role { actions { view edit } } } }`,
      { input: { actions: { edit: true } } },
    );
    expect(widened.updateRole).toEqual({ success: true, role: { actions: { view: true, edit: true } } });

    const learner = await addTestUser(fx.platform, { name: 'Typed learner' });
    const user = await run<{ updateUser: Answer & { user: unknown } }>(
      `mutation ($id: ID!, $input: UserInput!) { updateUser(_id: $id, input: $input) { success fields { path message } user { name profession roles } } }`,
      { id: learner.userId, input: { profession: 'Midwife', roles: ['typed-reviewer'] } },
    );
    expect(user.updateUser).toEqual({
      success: true,
      fields: [],
      user: { name: 'Typed learner', profession: 'Midwife', roles: ['typed-reviewer'] },
    });
    const badPhone = await run<{ updateUser: Answer }>(
      `mutation ($id: ID!, $input: UserInput!) { updateUser(_id: $id, input: $input) { success fields { path } } }`,
      { id: learner.userId, input: { phone: 'call me' } },
    );
    expect(badPhone.updateUser).toEqual({ success: false, fields: [{ path: 'phone' }] });

    await run(createModule, { input: { name: 'Typed answers', language: 'en' } });
    const page = await run<{ createPage: Answer }>(createPage, {
      input: {
        parentType: 'module',
        parentPath: 'typed-answers',
        name: 'Check',
        type: 'question',
        content: [
          question,
          { type: 'textarea', questionType: 'open', name: 'why', label: 'Why?', schema: { maxScore: 2 } },
        ],
      },
    });
    expect(page.createPage).toMatchObject({ success: true, fields: [] });
    const saved = await graphql<{ saveResult: Answer & { completed: boolean } }>(
      fx.app,
      `mutation ($input: ResultInput!) { saveResult(module: "typed-answers", page: "check", input: $input) { success message fields { path } completed } }`,
      {
        token: learner.token,
        variables: { input: { answers: { q1: 'pill', why: 'Hormones.' }, confirm: ['q1'] } },
      },
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.saveResult).toMatchObject({
      message: 'The answers are saved.',
      success: true,
      fields: [],
    });
    const scored = await run<{ updateResult: Answer & { result: { feedback: unknown } } }>(
      `mutation ($user: ID!, $input: TeacherResultInput!) {
        updateResult(user: $user, module: "typed-answers", page: "check", input: $input) { success fields { path } result }
      }`,
      { user: learner.userId, input: { scores: { why: 1 }, feedback: { why: 'Right.' } } },
    );
    expect(scored.updateResult).toMatchObject({
      success: true,
      fields: [],
      result: { feedback: { why: 'Right.' } },
    });
  });
});
