import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

const clientRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
// Removed after the file's tests, whatever their outcome.
afterAll(() => fs.rmSync(clientRoot, { recursive: true, force: true }));
fs.mkdirSync(path.join(clientRoot, 'assets'));
fs.writeFileSync(path.join(clientRoot, 'index.html'), '<!doctype html><html><body>app</body></html>');
fs.writeFileSync(path.join(clientRoot, 'assets', 'main-abc123.js'), 'console.log(1)');

describe.each(databaseKinds)('course API over tRPC on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let adminToken: string;
  let adminId: string;
  let learnerToken: string;
  let asAdmin: { authorization: string };

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot });
    const admin = await addTestUser(platform, { roles: ['admin'] });
    adminId = admin.userId;
    adminToken = admin.token;
    learnerToken = (await addTestUser(platform)).token;
    asAdmin = { authorization: `Bearer ${adminToken}` };
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = (procedure: string, input: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/trpc/course.${procedure}`, payload: input as object, headers });
  const query = (procedure: string, input?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: `/trpc/course.${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
      headers,
    });
  const eventCount = async () => (await readAll(platform.database.db, 0, 100_000)).length;

  it('creates, lists, updates, unpublishes and deletes a course', async () => {
    const created = await mutate(
      'create',
      { course: { name: 'Contraception: the basics', language: 'nl' } },
      asAdmin,
    );
    expect(created.statusCode).toBe(200);
    expect(created.json().result.data).toEqual({ path: 'contraception-the-basics' });

    const list = await query('list');
    expect(list.json().result.data.map((course: { path: string }) => course.path)).toContain(
      'contraception-the-basics',
    );

    const updated = await mutate(
      'update',
      {
        path: 'contraception-the-basics',
        course: { name: 'Contraception', language: 'nl', location: 'Gent' },
      },
      asAdmin,
    );
    expect(updated.statusCode).toBe(200);
    expect((await query('byPath', { path: 'contraception-the-basics' })).json().result.data).toMatchObject({
      name: 'Contraception',
      location: 'Gent',
    });

    expect((await mutate('unpublish', { path: 'contraception-the-basics' }, asAdmin)).statusCode).toBe(200);
    expect(
      (await query('list')).json().result.data.map((course: { path: string }) => course.path),
    ).not.toContain('contraception-the-basics');
    expect((await query('byPath', { path: 'contraception-the-basics' })).statusCode).toBe(404);
    const adminList = await query('list', { onAdmin: true }, asAdmin);
    expect(adminList.json().result.data.map((course: { path: string }) => course.path)).toContain(
      'contraception-the-basics',
    );

    const history = await query('history', { path: 'contraception-the-basics' }, asAdmin);
    expect(
      history
        .json()
        .result.data.map((entry: { type: string; actorId: string }) => [entry.type, entry.actorId]),
    ).toEqual([
      ['CourseCreated', adminId],
      ['CourseOwnerAdded', adminId],
      ['CourseUpdated', adminId],
      ['CourseUnpublished', adminId],
    ]);

    expect((await mutate('delete', { path: 'contraception-the-basics' }, asAdmin)).statusCode).toBe(200);
    expect((await query('byPath', { path: 'contraception-the-basics' }, asAdmin)).statusCode).toBe(404);
  });

  it('shows who changed which field from what to what, and the course as it was at each moment', async () => {
    await mutate('create', { path: 'time-travel', course: { name: 'Version 1', language: 'en' } }, asAdmin);
    for (const name of ['Version 2', 'Version 3', 'Version 4']) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await mutate('update', { path: 'time-travel', course: { name, language: 'en' } }, asAdmin);
    }
    const history = (await query('history', { path: 'time-travel' }, asAdmin)).json().result.data as {
      type: string;
      at: string;
      actorId: string;
      changes: { field: string; from: unknown; to: unknown }[];
    }[];
    const updates = history.filter((entry) => entry.type === 'CourseUpdated');
    expect(updates.map((entry) => entry.changes)).toEqual([
      [{ field: 'details.name', from: 'Version 1', to: 'Version 2' }],
      [{ field: 'details.name', from: 'Version 2', to: 'Version 3' }],
      [{ field: 'details.name', from: 'Version 3', to: 'Version 4' }],
    ]);
    expect(updates.every((entry) => entry.actorId === adminId)).toBe(true);
    const created = history[0]!;
    const names = [];
    for (const moment of [created.at, ...updates.map((entry) => entry.at)]) {
      names.push((await query('asOf', { path: 'time-travel', at: moment }, asAdmin)).json().result.data.name);
    }
    expect(names).toEqual(['Version 1', 'Version 2', 'Version 3', 'Version 4']);
    const before = new Date(Date.parse(created.at) - 1000).toISOString();
    expect((await query('asOf', { path: 'time-travel', at: before }, asAdmin)).json().result.data).toBeNull();
  });

  it('tells an image set, changed and removed as one field each time', async () => {
    const image = { name: '/files/0192f0a4-5b6c-7d8e-9f01-23456789abcd/delta.jpg', alt: 'A river delta' };
    await mutate('create', { path: 'pictured', course: { name: 'Pictured', language: 'en' } }, asAdmin);
    await mutate(
      'update',
      { path: 'pictured', course: { name: 'Pictured', language: 'en', image } },
      asAdmin,
    );
    const described = { ...image, alt: 'A delta at dawn' };
    await mutate(
      'update',
      { path: 'pictured', course: { name: 'Pictured', language: 'en', image: described } },
      asAdmin,
    );
    await mutate(
      'update',
      { path: 'pictured', course: { name: 'Pictured', language: 'en', image: null } },
      asAdmin,
    );
    const history = (await query('history', { path: 'pictured' }, asAdmin)).json().result.data as {
      type: string;
      changes: unknown[];
    }[];
    expect(history.filter((entry) => entry.type === 'CourseUpdated').map((entry) => entry.changes)).toEqual([
      [{ field: 'details.image', from: null, to: image }],
      [{ field: 'details.image', from: image, to: described }],
      [{ field: 'details.image', from: described, to: null }],
    ]);
  });

  it('shows a non-public course only to the participants linked to it, and an unpublished one to its owners', async () => {
    const participant = await addTestUser(platform);
    const asParticipant = { authorization: `Bearer ${participant.token}` };
    await mutate(
      'create',
      { path: 'closed-group', course: { name: 'Closed group', language: 'en', public: false } },
      asAdmin,
    );
    const listed = async (headers: Record<string, string>) =>
      (await query('list', {}, headers)).json().result.data.map((course: { path: string }) => course.path);
    expect((await query('byPath', { path: 'closed-group' }, asParticipant)).statusCode).toBe(404);
    expect(await listed(asParticipant)).not.toContain('closed-group');

    const link = { _id: participant.userId, itemType: 'course', itemPath: 'closed-group', linked: true };
    const linked = await app.inject({
      method: 'POST',
      url: '/trpc/user.link',
      payload: link,
      headers: asAdmin,
    });
    expect(linked.statusCode).toBe(200);
    expect((await query('byPath', { path: 'closed-group' }, asParticipant)).statusCode).toBe(200);
    expect(await listed(asParticipant)).toContain('closed-group');
    expect(
      (await query('byPath', { path: 'closed-group' }, { authorization: `Bearer ${learnerToken}` }))
        .statusCode,
    ).toBe(404);
    expect((await query('byPath', { path: 'closed-group' })).statusCode).toBe(404);
    expect(await listed({})).not.toContain('closed-group');

    // An owner (a teacher without the view right) sees the course even while it is unpublished.
    const teacher = await addTestUser(platform, { roles: ['teacher'] });
    await mutate('addOwner', { path: 'closed-group', userId: teacher.userId }, asAdmin);
    await mutate('unpublish', { path: 'closed-group' }, asAdmin);
    expect(
      (await query('byPath', { path: 'closed-group' }, { authorization: `Bearer ${teacher.token}` }))
        .statusCode,
    ).toBe(200);
    expect((await query('byPath', { path: 'closed-group' }, asParticipant)).statusCode).toBe(404);
  });

  it('gives a second course with the same name its own path', async () => {
    await mutate('create', { course: { name: 'Same name', language: 'en' } }, asAdmin);
    const second = await mutate('create', { course: { name: 'Same name', language: 'en' } }, asAdmin);
    expect(second.json().result.data).toEqual({ path: 'same-name-2' });
  });

  it('refuses invalid input with translated messages per field and writes nothing', async () => {
    const before = await eventCount();
    const response = await mutate(
      'create',
      { course: { name: '', language: 'en', startdate: '2027-05-02', enddate: '2027-05-01' } },
      { ...asAdmin, 'accept-language': 'en' },
    );
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.data.fields).toEqual(
      expect.arrayContaining([
        { path: 'course.name', key: 'validation.required', message: 'This field is required.' },
        {
          path: 'course.enddate',
          key: 'course.enddateBeforeStartdate',
          message: 'The enddate cannot be earlier than the startdate.',
        },
      ]),
    );
    expect(JSON.stringify(error)).not.toMatch(/at .*\.ts|stack/i);
    const french = await mutate(
      'create',
      { course: { name: '', language: 'de' } },
      { ...asAdmin, 'x-language': 'fr' },
    );
    expect(french.json().error.message).toBe('Certains champs ne sont pas valides.');
    expect(french.json().error.data.fields).toContainEqual({
      path: 'course.language',
      key: 'validation.languageRequired',
      message: 'Choisissez une langue.',
    });
    expect(await eventCount()).toBe(before);
  });

  it('asks to sign in without a token, refuses users without the right, and accepts the bare token', async () => {
    const anonymous = await mutate(
      'create',
      { course: { name: 'x', language: 'nl' } },
      { 'accept-language': 'nl' },
    );
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe('Meld je eerst aan.');
    const learner = await mutate(
      'create',
      { course: { name: 'x', language: 'nl' } },
      { authorization: learnerToken },
    );
    expect(learner.statusCode).toBe(403);
    const forged = await mutate(
      'create',
      { course: { name: 'x', language: 'nl' } },
      { authorization: 'Bearer abc.def.ghi' },
    );
    expect(forged.statusCode).toBe(401);
    const bare = await mutate(
      'create',
      { course: { name: 'Bare token course', language: 'nl' } },
      { authorization: adminToken },
    );
    expect(bare.statusCode).toBe(200);
  });

  it('answers 404 with the not-found text for an unknown course', async () => {
    const response = await query('byPath', { path: 'does-not-exist' }, { 'accept-language': 'nl' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Oeps, deze cursus bestaat niet.');
  });

  it('serves health, readiness, the client with SPA fallback and immutable hashed assets', async () => {
    expect((await app.inject('/healthz')).json()).toMatchObject({ status: 'ok' });
    expect((await app.inject('/readyz')).json()).toMatchObject({ status: 'ready' });
    const page = await app.inject({ url: '/course/some-course', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const root = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<html>');
    const asset = await app.inject('/assets/main-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject('/trpc/nothing.here')).statusCode).toBe(404);
    expect((await app.inject('/assets/missing.js')).statusCode).toBe(404);
  });
});
