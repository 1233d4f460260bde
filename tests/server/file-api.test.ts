import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

describe.each(databaseKinds)('files over tRPC on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: { authorization: string };
  let learner: { authorization: string };
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    admin = { authorization: `Bearer ${(await addTestUser(platform, { roles: ['admin'] })).token}` };
    learner = { authorization: `Bearer ${(await addTestUser(platform)).token}` };
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = (procedure: string, input: object, headers: Record<string, string> = admin) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
  const query = (procedure: string, input: object, headers: Record<string, string> = admin) =>
    app.inject({ url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, headers });
  const paths = async (input: object, headers: Record<string, string> = admin) => {
    const response = await query('file.list', input, headers);
    expect(response.statusCode).toBe(200);
    return response.json().result.data.map((file: { path: string }) => file.path);
  };

  it('creates, reads, updates and deletes a file, with its history', async () => {
    const created = await mutate('file.create', {
      file: { name: 'Contraception leaflet', url: 'https://example.org/leaflet.pdf' },
    });
    expect(created.json().result.data).toEqual({ path: 'contraception-leaflet' });
    const again = await mutate('file.create', {
      file: { name: 'Contraception leaflet', url: '/files/leaflet.docx' },
    });
    expect(again.json().result.data).toEqual({ path: 'contraception-leaflet-2' });

    const file = (await query('file.byPath', { path: 'contraception-leaflet' })).json().result.data;
    expect(file).toMatchObject({
      path: 'contraception-leaflet',
      name: 'Contraception leaflet',
      url: 'https://example.org/leaflet.pdf',
      type: 'pdf',
    });
    expect(file.fileId).toMatch(/^[0-9a-f-]{36}$/);

    const updated = await mutate('file.update', {
      path: 'contraception-leaflet',
      file: { name: 'Leaflet 2027', url: 'https://example.org/leaflet-2027.pdf', type: 'document' },
    });
    expect(updated.json().result.data).toEqual({ path: 'contraception-leaflet' });
    expect((await query('file.byPath', { path: 'contraception-leaflet' })).json().result.data).toMatchObject({
      name: 'Leaflet 2027',
      url: 'https://example.org/leaflet-2027.pdf',
      type: 'document',
    });
    expect(await paths({})).toEqual(['contraception-leaflet-2', 'contraception-leaflet']);

    const history = (await query('file.history', { path: 'contraception-leaflet' })).json().result.data;
    expect(history.map((entry: { type: string }) => entry.type)).toEqual(['FileCreated', 'FileUpdated']);
    expect(history[1].changes).toContainEqual({
      field: 'details.name',
      from: 'Contraception leaflet',
      to: 'Leaflet 2027',
    });
    const before = (await query('file.asOf', { path: 'contraception-leaflet', at: history[0].at })).json()
      .result.data;
    expect(before).toMatchObject({ name: 'Contraception leaflet', deleted: false });

    expect((await mutate('file.delete', { path: 'contraception-leaflet-2' })).statusCode).toBe(200);
    expect((await query('file.byPath', { path: 'contraception-leaflet-2' })).statusCode).toBe(404);
    expect((await mutate('file.delete', { path: 'contraception-leaflet-2' })).statusCode).toBe(404);
  });

  it('refuses a file without name or with a bad url, writing nothing', async () => {
    const before = (await readAll(platform.database.db, 0, 100_000)).length;
    const missing = await app.inject({
      method: 'POST',
      url: '/trpc/file.create',
      payload: { file: { name: '', url: '' } },
      headers: { ...admin, 'accept-language': 'nl' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.data.fields).toEqual(
      expect.arrayContaining([
        { path: 'file.name', key: 'validation.required', message: 'Dit veld is verplicht.' },
        expect.objectContaining({ path: 'file.url', key: 'validation.required' }),
      ]),
    );
    const badUrl = await mutate('file.create', { file: { name: 'Leaflet', url: 'not a url' } });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().error.data.fields).toEqual([
      expect.objectContaining({ path: 'file.url', key: 'validation.url' }),
    ]);
    const noUrl = await mutate('file.update', { path: 'contraception-leaflet', file: { name: 'Leaflet' } });
    expect(noUrl.statusCode).toBe(400);
    const noParent = await mutate('file.create', {
      file: { name: 'Orphan', url: '/files/orphan.pdf' },
      parent: { parentType: 'course', parentPath: 'no-such-course' },
    });
    expect(noParent.statusCode).toBe(404);
    expect((await readAll(platform.database.db, 0, 100_000)).length).toBe(before);
  });

  it('links a new file to its course or section, lists them in link order, and hides them as their parent is hidden', async () => {
    await mutate('course.create', {
      path: 'family-planning',
      course: { name: 'Family planning', language: 'en' },
    });
    await mutate('section.create', {
      parentType: 'course',
      parentPath: 'family-planning',
      section: { name: 'Week one', language: 'en' },
    });
    for (const name of ['Zeta guide', 'Alpha guide']) {
      const created = await mutate('file.create', {
        file: { name, url: `/files/${name.split(' ')[0]!.toLowerCase()}.pdf` },
        parent: { parentType: 'course', parentPath: 'family-planning' },
      });
      expect(created.statusCode).toBe(200);
    }
    await mutate('file.create', {
      file: { name: 'Week one slides', url: '/files/slides.pptx' },
      parent: { parentType: 'section', parentPath: 'week-one' },
    });
    await mutate('file.create', { file: { name: 'Unlinked notes', url: '/files/notes.txt' } });

    expect(await paths({ course: 'family-planning' })).toEqual(['zeta-guide', 'alpha-guide']);
    expect(await paths({ section: 'week-one' })).toEqual(['week-one-slides']);
    expect(await paths({ filterByParent: true })).toEqual(['contraception-leaflet', 'unlinked-notes']);
    expect(await paths({ course: 'family-planning' }, learner)).toEqual(['zeta-guide', 'alpha-guide']);
    expect(await paths({ section: 'week-one' }, learner)).toEqual(['week-one-slides']);
    expect((await query('file.byPath', { path: 'zeta-guide' }, learner)).statusCode).toBe(200);
    // Learners do not list everything, nor see a file linked to nothing.
    expect((await query('file.list', {}, learner)).statusCode).toBe(403);
    expect((await query('file.byPath', { path: 'unlinked-notes' }, learner)).statusCode).toBe(404);

    await mutate('section.unpublish', { path: 'week-one' });
    expect((await query('file.list', { section: 'week-one' }, learner)).statusCode).toBe(404);
    expect(await paths({ section: 'week-one' })).toEqual(['week-one-slides']);
    await mutate('course.unpublish', { path: 'family-planning' });
    expect((await query('file.list', { course: 'family-planning' }, learner)).statusCode).toBe(404);
    expect((await query('file.byPath', { path: 'zeta-guide' }, learner)).statusCode).toBe(404);
    await mutate('course.publish', { path: 'family-planning' });

    // A deleted file leaves the lists it was in.
    await mutate('file.delete', { path: 'zeta-guide' });
    expect(await paths({ course: 'family-planning' })).toEqual(['alpha-guide']);
  });

  it('lets learners create, change and delete nothing', async () => {
    const file = { name: 'Mine', url: '/files/mine.pdf' };
    expect((await mutate('file.create', { file }, learner)).statusCode).toBe(403);
    expect((await mutate('file.update', { path: 'alpha-guide', file }, learner)).statusCode).toBe(403);
    expect((await mutate('file.delete', { path: 'alpha-guide' }, learner)).statusCode).toBe(403);
    expect((await mutate('file.create', { file }, {})).statusCode).toBe(401);
    expect((await mutate('file.duplicate', { path: 'alpha-guide' }, learner)).statusCode).toBe(403);
  });

  it('duplicates a file as an unlinked copy', async () => {
    const original = (await query('file.byPath', { path: 'alpha-guide' })).json().result.data;
    const copy = await mutate('file.duplicate', { path: 'alpha-guide' });
    expect(copy.statusCode).toBe(200);
    const made = (await query('file.byPath', { path: copy.json().result.data.path })).json().result.data;
    expect(made).toMatchObject({ name: `${original.name} (copy)`, url: original.url, type: original.type });
    const unlinked = (await query('file.list', { filterByParent: true })).json().result.data;
    expect(unlinked.map((file: { path: string }) => file.path)).toContain(made.path);
    expect((await mutate('file.duplicate', { path: 'no-such-file' })).statusCode).toBe(404);
  });
});
