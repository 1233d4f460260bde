import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ensureTeacherRole } from '../../server/auth/bootstrap';
import { emptyClientRoot, graphql } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { trpcCalls } from './trpc-calls';

/**
 * The one ownership rule (docs/guide/users-and-roles.md): a child (page, section) goes into a
 * parent only with the parent's edit right or ownership; a copy (duplicate, translate) needs the
 * create right and opening the original, and never carries an answer key its copier could not read.
 * And personal data by audience: user lists give others no phone, riziv, profession or description.
 * Every refusal writes no event.
 */

type Who = 'admin' | 'owner' | 'teacher' | 'participant';

const question = {
  type: 'radio',
  questionType: 'single',
  name: 'q',
  label: 'Which one?',
  schema: {},
  options: [
    { label: 'Right', value: 'right', score: 5 },
    { label: 'Wrong', value: 'wrong', score: 0 },
  ],
};

describe.each(databaseKinds)('one ownership rule and personal data by audience on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, string>;
  /** The owner's unpublished, non-public exam module with a scored question, and its page. */
  let exam = '';
  let examPage = '';
  /** The owner's published, public module with a scored question: a teacher opens it, without its key. */
  let open = '';
  /** The owner's unpublished, non-public course with one section; and a published, public one. */
  let closedCourse = '';
  let openCourse = '';
  let openSection = '';

  const _headersOf = (who: Who) => ({ authorization: `Bearer ${tokens[who]}` });

  const { call, as, refused, eventCount } = trpcCalls(() => ({ app, platform, tokens }));

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await ensureTeacherRole(platform);
    for (const [who, roles] of [
      ['admin', ['admin']],
      ['owner', ['teacher']],
      ['teacher', ['teacher']],
      ['participant', []],
    ] as const) {
      const user = await addTestUser(platform, { roles: [...roles], name: `The ${who}` });
      tokens[who] = user.token;
      ids[who] = user.userId;
    }
    // The participant's personal data, which only they and manage_users may read.
    await as('participant', 'user.updateProfile', {
      name: 'The participant',
      phone: '+32 470 00 00 00',
      profession: 'Midwife',
      riziv: '12345678901',
      description: 'About me',
      language: 'en',
    });

    exam = (
      await as('owner', 'module.create', {
        module: { name: 'Exam', language: 'en', test: true, public: false },
      })
    ).path;
    examPage = (
      await as<{ path: string }>('owner', 'page.create', {
        parentType: 'module',
        parentPath: exam,
        page: { name: 'Question', type: 'question', content: [question] },
      })
    ).path;
    await as('owner', 'module.unpublish', { path: exam });
    open = (await as('owner', 'module.create', { module: { name: 'Open', language: 'en', public: true } }))
      .path;
    await as('owner', 'page.create', {
      parentType: 'module',
      parentPath: open,
      page: { name: 'Open question', type: 'question', content: [question] },
    });
    closedCourse = (
      await as('owner', 'course.create', { course: { name: 'Closed', language: 'en', public: false } })
    ).path;
    await as('owner', 'section.create', {
      parentType: 'course',
      parentPath: closedCourse,
      section: { name: 'Closed section', language: 'en' },
    });
    await as('owner', 'course.unpublish', { path: closedCourse });
    openCourse = (
      await as('owner', 'course.create', { course: { name: 'Open course', language: 'en', public: true } })
    ).path;
    openSection = (
      await as('owner', 'section.create', {
        parentType: 'course',
        parentPath: openCourse,
        section: { name: 'Open section', language: 'en', public: true },
      })
    ).path;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  describe('a copy needs opening the original', () => {
    it('a teacher who cannot open an exam module cannot duplicate or translate it', async () => {
      expect((await call('teacher', 'module.byPath', { path: exam }, false)).code).toBe('NOT_FOUND');
      await refused('teacher', 'module.duplicate', { path: exam }, 'NOT_FOUND');
      await refused(
        'teacher',
        'module.translate',
        { path: exam, module: { name: 'Examen', language: 'fr' } },
        'NOT_FOUND',
      );
    });

    it('a teacher who cannot open a course cannot duplicate or translate it', async () => {
      expect((await call('teacher', 'course.byPath', { path: closedCourse }, false)).code).toBe('NOT_FOUND');
      await refused('teacher', 'course.duplicate', { path: closedCourse }, 'NOT_FOUND');
      await refused(
        'teacher',
        'course.translate',
        { path: closedCourse, course: { name: 'Fermé', language: 'fr' } },
        'NOT_FOUND',
      );
    });

    it("a copy of a module its copier opens without the answer key carries no option's score", async () => {
      const copy = await as('teacher', 'module.duplicate', { path: open });
      const translation = await as('teacher', 'module.translate', {
        path: open,
        module: { name: 'Ouvert', language: 'fr' },
      });
      for (const made of [copy.path, translation.path]) {
        const pages = (await call('admin', 'page.listByModule', { path: made }, false)).data as {
          path: string;
        }[];
        expect(pages).toHaveLength(1);
        const page = (await call('admin', 'page.editable', { path: pages[0]!.path }, false)).data as {
          content: { options?: { score: number }[] }[];
        };
        expect(page.content[0]!.options!.map((option) => option.score)).toEqual([0, 0]);
      }
    });

    it('an owner copies their own module with its answer key', async () => {
      const copy = await as('owner', 'module.duplicate', { path: exam });
      const pages = (await call('owner', 'page.listByModule', { path: copy.path }, false)).data as {
        path: string;
      }[];
      const page = (await call('owner', 'page.editable', { path: pages[0]!.path }, false)).data as {
        content: { options?: { score: number }[] }[];
      };
      expect(page.content[0]!.options!.map((option) => option.score)).toEqual([5, 0]);
    });
  });

  describe("a child needs the parent's edit right or ownership", () => {
    it("the create right adds no page to someone else's module (tRPC and GraphQL), however visible", async () => {
      for (const module of [exam, open]) {
        await refused(
          'teacher',
          'page.create',
          { parentType: 'module', parentPath: module, page: { name: 'Injected', type: 'markdown' } },
          'FORBIDDEN',
        );
      }
      await refused('teacher', 'page.duplicate', { path: examPage }, 'FORBIDDEN');
      const before = await eventCount();
      const answer = await graphql<{ createPage: { success: boolean } }>(
        app,
        `mutation ($doc: JSON!) { createPage(doc: $doc) { success message } }`,
        {
          token: tokens.teacher,
          variables: { doc: { parentType: 'module', parentPath: open, name: 'Injected', type: 'markdown' } },
        },
      );
      expect(answer.data?.createPage?.success ?? false).toBe(false);
      expect(await eventCount()).toBe(before);
      const pages = (await call('participant', 'page.listByModule', { path: open }, false)).data as {
        name: string;
      }[];
      expect(pages.map((page) => page.name)).not.toContain('Injected');
    });

    it("the create right adds no section to someone else's course", async () => {
      for (const course of [closedCourse, openCourse]) {
        await refused(
          'teacher',
          'section.create',
          { parentType: 'course', parentPath: course, section: { name: 'Injected', language: 'en' } },
          'FORBIDDEN',
        );
      }
      await refused('teacher', 'section.duplicate', { path: openSection }, 'FORBIDDEN');
      const before = await eventCount();
      const answer = await graphql<{ createSection: { success: boolean } }>(
        app,
        `mutation ($doc: JSON!) { createSection(doc: $doc) { success message } }`,
        {
          token: tokens.teacher,
          variables: {
            doc: { parentType: 'course', parentPath: openCourse, name: 'Injected', language: 'en' },
          },
        },
      );
      expect(answer.data?.createSection?.success ?? false).toBe(false);
      expect(await eventCount()).toBe(before);
    });

    it('owners and the edit right still add pages and sections', async () => {
      await as('owner', 'page.duplicate', { path: examPage });
      await as('admin', 'page.create', {
        parentType: 'module',
        parentPath: exam,
        page: { name: 'By the admin', type: 'markdown' },
      });
      await as('owner', 'section.duplicate', { path: openSection });
      await as('admin', 'section.create', {
        parentType: 'course',
        parentPath: openCourse,
        section: { name: 'By the admin', language: 'en' },
      });
    });
  });

  describe('personal data by audience', () => {
    const personal = ['phone', 'profession', 'riziv', 'description'] as const;

    it('user.list gives a teacher id, name and e-mail, never phone, riziv, profession or description', async () => {
      const listed = (await call('teacher', 'user.list', { search: 'participant' }, false)).data as Record<
        string,
        unknown
      >[];
      const person = listed.find((user) => user._id === ids.participant)!;
      expect(person.name).toBe('The participant');
      expect(person.email).toEqual(expect.stringContaining('@'));
      for (const field of personal) expect(person[field]).toBeNull();
      // The same refusal user.byId gives.
      expect((await call('teacher', 'user.byId', { _id: ids.participant }, false)).code).toBe('FORBIDDEN');
    });

    it('user.list gives manage_users everything', async () => {
      const listed = (await call('admin', 'user.list', { search: 'participant' }, false)).data as Record<
        string,
        unknown
      >[];
      const person = listed.find((user) => user._id === ids.participant)!;
      expect(person).toMatchObject({
        phone: '+32 470 00 00 00',
        profession: 'Midwife',
        riziv: '12345678901',
      });
    });

    it('GraphQL users gives the same projection per audience', async () => {
      const query = `{ users(search: "participant") { _id name email phone profession riziv description } }`;
      const forTeacher = await graphql<{ users: Record<string, unknown>[] }>(app, query, {
        token: tokens.teacher,
      });
      const seenByTeacher = forTeacher.data!.users.find((user) => user._id === ids.participant)!;
      expect(seenByTeacher.name).toBe('The participant');
      for (const field of personal) expect(seenByTeacher[field]).toBeNull();
      const forAdmin = await graphql<{ users: Record<string, unknown>[] }>(app, query, {
        token: tokens.admin,
      });
      expect(forAdmin.data!.users.find((user) => user._id === ids.participant)).toMatchObject({
        phone: '+32 470 00 00 00',
        riziv: '12345678901',
      });
      const self = await graphql<{ currentUser: Record<string, unknown> }>(
        app,
        '{ currentUser { phone riziv profession } }',
        { token: tokens.participant },
      );
      expect(self.data!.currentUser).toMatchObject({ phone: '+32 470 00 00 00', riziv: '12345678901' });
    });
  });
});
