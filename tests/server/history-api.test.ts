import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

const clientRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
// Removed after the file's tests, whatever their outcome.
afterAll(() => fs.rmSync(clientRoot, { recursive: true, force: true }));
fs.writeFileSync(path.join(clientRoot, 'index.html'), '<!doctype html><html><body>app</body></html>');

interface Entry {
  type: string;
  changes: { field: string; from: unknown; to: unknown }[];
  actorId: string | null;
  item: string | null;
  personId: string | null;
  target: { kind: string; path: string; name: string | null } | null;
  order: { before: string[]; after: string[] } | null;
  people: Record<string, string>;
}

describe.each(databaseKinds)('readable histories on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: { userId: string; token: string };
  let teacher: { userId: string; token: string };
  let as: { authorization: string };

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot });
    admin = await addTestUser(platform, { roles: ['admin'], name: 'Ann Admin' });
    teacher = await addTestUser(platform, { name: 'Tina Teacher', email: 'tina@example.org' });
    as = { authorization: `Bearer ${admin.token}` };
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const call = async (procedure: string, input: unknown) => {
    const response = await app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      payload: input as object,
      headers: as,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const history = async (procedure: string, input: unknown): Promise<Entry[]> => {
    const response = await app.inject({
      method: 'GET',
      url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
      headers: as,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.data;
  };

  it('names the teacher added and the admin who added them, and never an e-mail', async () => {
    await call('course.create', { path: 'told-course', course: { name: 'Told course', language: 'en' } });
    await call('course.addOwner', { path: 'told-course', userId: teacher.userId });
    const entries = await history('course.history', { path: 'told-course' });
    // The creator is the course's first teacher; then Tina.
    const added = entries.filter((entry) => entry.type === 'CourseOwnerAdded').at(-1);
    expect(added).toMatchObject({
      item: 'Told course',
      actorId: admin.userId,
      personId: teacher.userId,
      people: { [admin.userId]: 'Ann Admin', [teacher.userId]: 'Tina Teacher' },
    });
    expect(JSON.stringify(entries)).not.toContain('@');
  });

  it('tells a section reorder from the old order to the new by the sections’ names', async () => {
    await call('course.create', { path: 'ordered', course: { name: 'Ordered', language: 'en' } });
    for (const name of ['Alpha', 'Beta', 'Gamma']) {
      await call('section.create', {
        path: name.toLowerCase(),
        parentType: 'course',
        parentPath: 'ordered',
        section: { name, language: 'en' },
      });
    }
    await call('section.order', { path: 'ordered', sections: ['gamma', 'alpha', 'beta'] });
    await call('section.order', { path: 'ordered', sections: ['alpha', 'beta', 'gamma'] });
    const orders = (await history('course.history', { path: 'ordered' }))
      .filter((entry) => entry.type === 'CourseSectionsOrdered')
      .map((entry) => entry.order);
    expect(orders).toEqual([
      { before: ['Alpha', 'Beta', 'Gamma'], after: ['Gamma', 'Alpha', 'Beta'] },
      { before: ['Gamma', 'Alpha', 'Beta'], after: ['Alpha', 'Beta', 'Gamma'] },
    ]);
  });

  it('says which file was linked, by its name', async () => {
    await call('course.create', { path: 'with-file', course: { name: 'With file', language: 'en' } });
    await call('file.create', {
      path: 'leaflet',
      file: { name: 'Leaflet', url: 'https://example.org/leaflet.pdf' },
      parent: null,
    });
    await call('link.addItemToParent', {
      parentType: 'course',
      parentPath: 'with-file',
      itemType: 'file',
      itemPath: 'leaflet',
    });
    const linked = (await history('course.history', { path: 'with-file' })).find(
      (entry) => entry.type === 'CourseFileLinked',
    );
    expect(linked?.target).toEqual({ kind: 'file', path: 'leaflet', name: 'Leaflet' });
  });

  it('says what changed in a course’s certificate settings, field by field', async () => {
    await call('course.create', { path: 'certified', course: { name: 'Certified', language: 'en' } });
    await call('certificate.configureCourse', {
      path: 'certified',
      config: { timed: 2, content: { header: 'Certificate', place: 'Brussels' } },
    });
    await call('certificate.configureCourse', {
      path: 'certified',
      config: { timed: 3, content: { header: 'Certificate of attendance', place: 'Brussels' } },
    });
    const configured = (await history('course.history', { path: 'certified' }))
      .filter((entry) => entry.type === 'CourseCertificateConfigured')
      .map((entry) => entry.changes);
    expect(configured).toEqual([
      [
        { field: 'certificate.timed', from: 0, to: 2 },
        { field: 'certificate.header', from: '', to: 'Certificate' },
        { field: 'certificate.place', from: '', to: 'Brussels' },
      ],
      [
        { field: 'certificate.timed', from: 2, to: 3 },
        { field: 'certificate.header', from: 'Certificate', to: 'Certificate of attendance' },
      ],
    ]);
  });

  it('tells a user’s own history with their name and the roles they got', async () => {
    const entries = await history('user.history', { _id: teacher.userId });
    expect(entries[0]).toMatchObject({
      type: 'UserCreated',
      personId: teacher.userId,
      people: { [teacher.userId]: 'Tina Teacher' },
    });
  });
});
