import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ensureTeacherRole } from '../../server/auth/bootstrap';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

// biome-ignore lint/suspicious/noExplicitAny: test answers are read loosely
type Loose = any;

describe.each(databaseKinds)('course duplicate, translate and translation groups on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let learner: Record<string, string>;
  let teacher: Record<string, string>;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    await ensureTeacherRole(platform);
    admin = { authorization: `Bearer ${(await addTestUser(platform, { roles: ['admin'] })).token}` };
    learner = { authorization: `Bearer ${(await addTestUser(platform)).token}` };
    teacher = { authorization: `Bearer ${(await addTestUser(platform, { roles: ['teacher'] })).token}` };
    await seed();
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = (procedure: string, input: object, headers: Record<string, string> = admin) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
  const query = (procedure: string, input: object | undefined, headers: Record<string, string> = admin) =>
    app.inject({
      url: `/trpc/${procedure}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`,
      headers,
    });
  const ok = async (
    response: Promise<{ statusCode: number; body: string; json: () => Loose }>,
  ): Promise<Loose> => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().result.data;
  };
  const sections = async (path: string) =>
    (
      (await ok(query('section.listByCourse', { path }))) as {
        name: string;
        language: string;
        published: boolean;
      }[]
    ).map((section) => [section.name, section.language, section.published]);

  /** A Dutch course with three sections (one unpublished) and modules and files linked. */
  async function seed() {
    await ok(
      mutate('course.create', {
        path: 'family-planning',
        course: { name: 'Family planning', language: 'nl', location: 'Gent', teacher: 'Dr. Peeters' },
      }),
    );
    for (const name of ['Week one', 'Week two', 'Week three']) {
      await ok(
        mutate('section.create', {
          parentType: 'course',
          parentPath: 'family-planning',
          section: { name, language: 'nl' },
        }),
      );
    }
    await ok(
      mutate('section.order', { path: 'family-planning', sections: ['week-two', 'week-one', 'week-three'] }),
    );
    await ok(mutate('section.unpublish', { path: 'week-three' }));
    await ok(mutate('module.create', { path: 'methods', module: { name: 'Methods', language: 'nl' } }));
    await ok(mutate('module.create', { path: 'access', module: { name: 'Access', language: 'nl' } }));
    await ok(
      mutate('file.create', { path: 'leaflet', file: { name: 'Leaflet', url: '/files/leaflet.pdf' } }),
    );
    for (const [itemType, itemPath, parentType, parentPath] of [
      ['module', 'access', 'course', 'family-planning'],
      ['module', 'methods', 'course', 'family-planning'],
      ['file', 'leaflet', 'course', 'family-planning'],
      ['module', 'methods', 'section', 'week-two'],
      ['file', 'leaflet', 'section', 'week-one'],
    ]) {
      await ok(mutate('link.addItemToParent', { itemType, itemPath, parentType, parentPath }));
    }
  }

  it('duplicates a course, unpublished, with its details, its sections in order and its links', async () => {
    const { path } = await ok(mutate('course.duplicate', { path: 'family-planning' }));
    expect(path).toBe('family-planning-copy');
    const copy = await ok(query('course.byPath', { path }));
    expect(copy).toMatchObject({
      name: 'Family planning (copy)',
      language: 'nl',
      location: 'Gent',
      teacher: 'Dr. Peeters',
      // Learners see the copy only once it is published; the sections keep their own state.
      published: false,
    });
    expect(await sections(path)).toEqual([
      ['Week two', 'nl', true],
      ['Week one', 'nl', true],
      ['Week three', 'nl', false],
    ]);
    // Its modules are copies, unpublished, each made once however many places link it.
    const modules = await ok(query('link.modulesOf', { parentType: 'course', parentPath: path }));
    const copies = modules.map((module: { path: string }) => module.path);
    expect(copies).toHaveLength(2);
    expect(copies).not.toContain('access');
    expect(copies).not.toContain('methods');
    for (const copyPath of copies)
      expect(await ok(query('module.byPath', { path: copyPath }))).toMatchObject({ published: false });
    expect((await ok(query('module.byPath', { path: copies[1] }))).name).toBe('Methods (copy)');
    const files = await ok(query('file.list', { course: path }));
    expect(files.map((file: { path: string }) => file.path)).toEqual(['leaflet']);
    const copiedSections = await ok(query('section.listByCourse', { path }));
    const weekTwo = copiedSections.find((section: { name: string }) => section.name === 'Week two');
    const sectionModules = await ok(
      query('link.modulesOf', { parentType: 'section', parentPath: weekTwo.path }),
    );
    expect(sectionModules.map((module: { path: string }) => module.path)).toEqual([copies[1]]);
    // The original is untouched.
    expect(await sections('family-planning')).toHaveLength(3);
  });

  it('translates a course, unpublished: originId to the group root, sections recreated in the new language', async () => {
    const original = await ok(query('course.byPath', { path: 'family-planning' }));
    const { path } = await ok(
      mutate('course.translate', {
        path: 'family-planning',
        course: { name: 'Planification familiale', language: 'fr', location: 'Gand' },
      }),
    );
    expect(path).toBe('planification-familiale');
    const translation = await ok(query('course.byPath', { path }));
    expect(translation).toMatchObject({
      name: 'Planification familiale',
      language: 'fr',
      originId: original.courseId,
      published: false,
    });
    // Unpublished, the translation is offered to no learner yet.
    expect(
      (await ok(query('translation.ofCourse', { path: 'family-planning' }, learner))).map(
        (course: { path: string }) => course.path,
      ),
    ).toEqual(['family-planning']);
    await ok(mutate('course.publish', { path }));
    expect(await sections(path)).toEqual([
      ['Week two (fr)', 'fr', true],
      ['Week one (fr)', 'fr', true],
      ['Week three (fr)', 'fr', true],
    ]);
    const frSections = await ok(query('section.listByCourse', { path }));
    const originalSections = await ok(query('section.listByCourse', { path: 'family-planning' }));
    expect(frSections[0].originId).toBe(originalSections[0].sectionId);

    // A translation of the translation joins the same group.
    const { path: english } = await ok(
      mutate('course.translate', { path, course: { name: 'Family planning EN', language: 'en' } }),
    );
    expect((await ok(query('course.byPath', { path: english }))).originId).toBe(original.courseId);
    await ok(mutate('course.publish', { path: english }));
    expect(await sections(english)).toEqual([
      ['Week two (fr) (en)', 'en', true],
      ['Week one (fr) (en)', 'en', true],
      ['Week three (fr) (en)', 'en', true],
    ]);

    expect(await ok(query('translation.ofCourse', { path: english }))).toEqual([
      { path: 'family-planning-en', name: 'Family planning EN', language: 'en' },
      { path: 'planification-familiale', name: 'Planification familiale', language: 'fr' },
      { path: 'family-planning', name: 'Family planning', language: 'nl' },
    ]);
    await ok(mutate('course.unpublish', { path: 'planification-familiale' }));
    expect(
      (await ok(query('translation.ofCourse', { path: 'family-planning' }, learner))).map(
        (course: { path: string }) => course.path,
      ),
    ).toEqual(['family-planning-en', 'family-planning']);
  });

  it('lists translation groups of courses and modules for holders of the view right', async () => {
    const original = await ok(query('course.byPath', { path: 'family-planning' }));
    await ok(mutate('module.translate', { path: 'methods', module: { name: 'Méthodes', language: 'fr' } }));
    const groups = await ok(query('translation.groups', undefined));
    expect(groups).toEqual([
      {
        kind: 'course',
        originId: original.courseId,
        items: [
          { path: 'family-planning', name: 'Family planning', language: 'nl', isOriginal: true },
          { path: 'family-planning-en', name: 'Family planning EN', language: 'en', isOriginal: false },
          {
            path: 'planification-familiale',
            name: 'Planification familiale',
            language: 'fr',
            isOriginal: false,
          },
        ],
      },
      // Translating the course translated its modules too, each into the course's language.
      {
        kind: 'module',
        originId: expect.any(String),
        items: [
          { path: 'access', name: 'Access', language: 'nl', isOriginal: true },
          { path: 'access-fr-en', name: 'Access (fr) (en)', language: 'en', isOriginal: false },
          { path: 'access-fr', name: 'Access (fr)', language: 'fr', isOriginal: false },
        ],
      },
      {
        kind: 'module',
        originId: expect.any(String),
        items: [
          { path: 'methods', name: 'Methods', language: 'nl', isOriginal: true },
          { path: 'methods-fr-en', name: 'Methods (fr) (en)', language: 'en', isOriginal: false },
          { path: 'methodes', name: 'Méthodes', language: 'fr', isOriginal: false },
          { path: 'methods-fr', name: 'Methods (fr)', language: 'fr', isOriginal: false },
        ],
      },
    ]);
    expect((await query('translation.groups', undefined, teacher)).statusCode).toBe(403);
    expect((await query('translation.groups', undefined, {})).statusCode).toBe(401);
  });

  it('requires the create right to duplicate or translate', async () => {
    expect((await mutate('course.duplicate', { path: 'family-planning' }, learner)).statusCode).toBe(403);
    const translate = { path: 'family-planning', course: { name: 'X', language: 'en' } };
    expect((await mutate('course.translate', translate, learner)).statusCode).toBe(403);
    expect((await mutate('course.duplicate', { path: 'no-such-course' })).statusCode).toBe(404);
    // A teacher may create, so may duplicate, and owns the copy.
    const { path } = await ok(mutate('course.duplicate', { path: 'family-planning' }, teacher));
    expect(path).toBe('family-planning-copy-2');
    const badForm = await mutate('course.translate', { path: 'family-planning', course: { name: '' } });
    expect(badForm.statusCode).toBe(400);
  });
});
