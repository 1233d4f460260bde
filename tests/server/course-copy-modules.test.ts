import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import { buildApp } from '../../server/app';
import { ensureTeacherRole } from '../../server/auth/bootstrap';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

// biome-ignore lint/suspicious/noExplicitAny: test answers are read loosely
type Loose = any;

const question = {
  type: 'radio',
  questionType: 'single',
  name: 'methode',
  label: 'Welke methode is hormonaal?',
  options: [
    { label: 'De pil', value: 'a', score: 1 },
    { label: 'Het condoom', value: 'b', score: 0 },
  ],
};

/**
 * Duplicating a course copies its modules by default (docs/adr/0017-copies-start-unpublished.md),
 * or shares them when asked; translating it carries its modules into the new language. Either way
 * the original's modules stay as they were, and what is made starts unpublished.
 */
describe.each(databaseKinds)("a course's copy and translation carry its modules on %s", (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let teacher: Record<string, string>;

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    await ensureTeacherRole(platform);
    admin = { authorization: `Bearer ${(await addTestUser(platform, { roles: ['admin'] })).token}` };
    teacher = { authorization: `Bearer ${(await addTestUser(platform, { roles: ['teacher'] })).token}` };
    await ok(
      mutate('course.create', {
        path: 'vorming',
        course: { name: 'Vorming', language: 'nl', public: true },
      }),
    );
    await ok(
      mutate('section.create', {
        parentType: 'course',
        parentPath: 'vorming',
        section: { name: 'Week een', language: 'nl' },
      }),
    );
    await ok(
      mutate('module.create', {
        path: 'methodes',
        module: { name: 'Methodes', language: 'nl', public: true },
      }),
    );
    await ok(
      mutate('page.create', {
        parentType: 'module',
        parentPath: 'methodes',
        page: { name: 'Vragen', type: 'question', content: [question] },
      }),
    );
    // Not public: only who is linked to it, its owners and the view right open it.
    await ok(
      mutate('module.create', { path: 'geheim', module: { name: 'Geheim', language: 'nl', public: false } }),
    );
    for (const [itemPath, parentType, parentPath] of [
      ['methodes', 'course', 'vorming'],
      ['methodes', 'section', 'week-een'],
      ['geheim', 'section', 'week-een'],
    ])
      await ok(mutate('link.addItemToParent', { itemType: 'module', itemPath, parentType, parentPath }));
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = (procedure: string, input: object, headers: Record<string, string> = admin) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
  const query = (procedure: string, input: object, headers: Record<string, string> = admin) =>
    app.inject({ url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, headers });
  const ok = async (
    response: Promise<{ statusCode: number; body: string; json: () => Loose }>,
  ): Promise<Loose> => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().result.data;
  };
  const modulesOf = async (parentType: 'course' | 'section', parentPath: string) =>
    ((await ok(query('link.modulesOf', { parentType, parentPath }))) as { path: string }[]).map(
      (m) => m.path,
    );
  const firstSection = async (course: string) =>
    (await ok(query('section.listByCourse', { path: course })))[0].path;
  /** The original modules as a reader sees them, and how many events their streams and their pages' hold. */
  const originals = async () => {
    const methodes = await ok(query('module.byPath', { path: 'methodes' }));
    const geheim = await ok(query('module.byPath', { path: 'geheim' }));
    const streams = new Set([`module-${methodes.moduleId}`, `module-${geheim.moduleId}`]);
    const pageIds = methodes.pages.map((page: { pageId: string }) => page.pageId);
    const events = (await readAll(platform.database.db, 0, 1_000_000)).filter(
      (event) => streams.has(event.stream) || pageIds.some((id: string) => event.stream.endsWith(id)),
    ).length;
    return { name: methodes.name, published: methodes.published, pages: methodes.pages.length, events };
  };

  it('copies the modules by default: unpublished copies, each once, linked where the originals were', async () => {
    const before = await originals();
    expect(before.events).toBeGreaterThan(2);
    const copy = await ok(mutate('course.duplicate', { path: 'vorming' }));
    expect(copy.modules.leftOut).toEqual([]);
    expect(copy.modules.made).toHaveLength(2);
    expect(copy.modules.linked).toEqual([]);
    expect((await ok(query('course.byPath', { path: copy.path }))).published).toBe(false);

    const [methodesCopy] = await modulesOf('course', copy.path);
    expect(methodesCopy).not.toBe('methodes');
    // The course and its section link the same copy, as the original's linked the same module.
    const section = await modulesOf('section', await firstSection(copy.path));
    expect(section[0]).toBe(methodesCopy);
    expect(section).not.toContain('geheim');
    const made = await ok(query('module.byPath', { path: methodesCopy }));
    expect(made).toMatchObject({ name: 'Methodes (copy)', published: false });
    expect(made.pages).toHaveLength(1);

    // Editing the copy leaves the original alone.
    await ok(
      mutate('module.update', {
        path: methodesCopy,
        module: { name: 'Methodes volgend jaar', language: 'nl' },
      }),
    );
    expect(await originals()).toEqual(before);
    expect(await modulesOf('section', 'week-een')).toEqual(['methodes', 'geheim']);
  });

  it('shares the same modules when asked to, as before, and answers what it linked', async () => {
    const before = await originals();
    const shared = await ok(mutate('course.duplicate', { path: 'vorming', modules: 'share' }));
    expect(shared.modules).toEqual({ made: [], linked: ['methodes', 'geheim'], leftOut: [] });
    expect(await modulesOf('section', await firstSection(shared.path))).toEqual(['methodes', 'geheim']);
    expect((await ok(query('course.byPath', { path: shared.path }))).published).toBe(false);
    expect(await originals()).toEqual(before);
    expect((await mutate('course.duplicate', { path: 'vorming', modules: 'both' })).statusCode).toBe(400);
  });

  it('leaves out, and names, a module the copier may not open', async () => {
    const copy = await ok(mutate('course.duplicate', { path: 'vorming' }, teacher));
    expect(copy.modules.leftOut).toEqual([{ path: 'geheim', reason: 'notOpened' }]);
    expect(await modulesOf('section', await firstSection(copy.path))).toHaveLength(1);
  });

  it('translates the modules with the course: unpublished translations in the group, an existing one linked', async () => {
    const before = await originals();
    const original = await ok(query('module.byPath', { path: 'methodes' }));
    // A French translation of Geheim exists already: it is linked, not made again.
    await ok(mutate('module.translate', { path: 'geheim', module: { name: 'Secret', language: 'fr' } }));
    const translation = await ok(
      mutate('course.translate', { path: 'vorming', course: { name: 'Formation', language: 'fr' } }),
    );
    expect(translation.modules).toEqual({ made: ['methodes-fr'], linked: ['secret'], leftOut: [] });
    expect((await ok(query('course.byPath', { path: translation.path }))).published).toBe(false);
    expect(await modulesOf('course', translation.path)).toEqual(['methodes-fr']);
    expect(await modulesOf('section', await firstSection(translation.path))).toEqual([
      'methodes-fr',
      'secret',
    ]);
    const made = await ok(query('module.byPath', { path: 'methodes-fr' }));
    expect(made).toMatchObject({
      name: 'Methodes (fr)',
      language: 'fr',
      published: false,
      originId: original.moduleId,
    });
    expect(made.pages.map((page: { name: string }) => page.name)).toEqual(['Vragen (fr)']);
    expect(await originals()).toEqual(before);
  });
});
