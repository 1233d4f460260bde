import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll, readStream } from '../../events/store';
import { trackingStream } from '../../events/tracking/events';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

type Headers = Record<string, string>;
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });
const ago = (seconds: number, from = Date.now()) => new Date(from - seconds * 1000).toISOString();

describe.each(databaseKinds)('tracking over tRPC on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let admin: Headers;
  let viewer: Headers;
  let learner: { userId: string; headers: Headers };
  let other: { userId: string; headers: Headers };

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    admin = bearer((await addTestUser(platform, { roles: ['admin'] })).token);
    const role = await mutate('role.create', { name: 'reader', actions: { view: true } }, admin);
    expect(role.statusCode).toBe(200);
    viewer = bearer((await addTestUser(platform, { roles: ['reader'] })).token);
    const one = await addTestUser(platform, { name: 'Lena Learner' });
    const two = await addTestUser(platform, { name: 'Otto Other' });
    learner = { userId: one.userId, headers: bearer(one.token) };
    other = { userId: two.userId, headers: bearer(two.token) };
    // Only what exists is tracked: the course, section, recording and file the tests see.
    const made = async (procedure: string, input: object) =>
      expect((await mutate(procedure, input, admin)).statusCode, procedure).toBe(200);
    await made('course.create', {
      path: 'family-planning',
      course: { name: 'Family planning', language: 'en' },
    });
    await made('section.create', {
      path: 'week-one',
      parentType: 'course',
      parentPath: 'family-planning',
      section: {
        name: 'Week one',
        language: 'en',
        classroom: {
          name: 'Live',
          type: 'jitsi',
          recordings: [{ url: 'https://video.example.org/recordings/week-one.mp4', titel: 'Week one' }],
        },
      },
    });
    await made('file.create', { file: { name: 'Leaflet', url: 'https://example.org/leaflet.pdf' } });
    await made('link.addItemToParent', {
      itemType: 'file',
      itemPath: 'leaflet',
      parentType: 'course',
      parentPath: 'family-planning',
    });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = (procedure: string, input: object, headers: Headers = {}) =>
    app.inject({ method: 'POST', url: `/trpc/${procedure}`, payload: input, headers });
  const query = (procedure: string, input: object, headers: Headers = {}) =>
    app.inject({ url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, headers });
  const track = (input: object, headers = learner.headers) => mutate('tracking.update', input, headers);
  const logOf = async (userId: string, headers = learner.headers) => {
    const response = await query('tracking.log', { user: userId }, headers);
    expect(response.statusCode).toBe(200);
    return response.json().result.data;
  };
  const eventCount = async () => (await readAll(platform.database.db, 0, 100_000)).length;
  const streamOf = (userId: string) => readStream(platform.database.db, trackingStream(userId));

  it('records the first sight and moves the last one, every category present in the log', async () => {
    const first = ago(600);
    const created = await track({ type: 'courses', path: 'family-planning', lastSeen: first });
    expect(created.statusCode).toBe(200);
    expect(created.json().result.data).toEqual({ success: true, recorded: true });
    const again = await track({ type: 'course', path: 'family-planning', lastSeen: ago(300) });
    expect(again.json().result.data).toEqual({ success: true, recorded: true });

    const log = await logOf(learner.userId);
    expect(log).toEqual({
      user: learner.userId,
      tracking: {
        courses: [{ path: 'family-planning', firstSeen: first, lastSeen: expect.any(String) }],
        sections: [],
        files: [],
        certificates: [],
        classrooms: [],
        breakoutrooms: [],
        recordings: [],
      },
    });
    const entry = log.tracking.courses[0];
    expect(Date.parse(entry.lastSeen) - Date.parse(first)).toBeGreaterThanOrEqual(299_000);

    const events = await streamOf(learner.userId);
    expect(events.map((event) => event.type)).toEqual(['ItemSeen', 'ItemSeen']);
    expect(events[0]!.data).toEqual({
      userId: learner.userId,
      category: 'courses',
      path: 'family-planning',
      at: first,
    });
    // Nothing personal beyond the id: no name, no e-mail in the event.
    expect(JSON.stringify(events)).not.toContain('Lena');
  });

  it('a repeat view within 60 seconds appends nothing; an older lastSeen changes nothing', async () => {
    const before = (await streamOf(learner.userId)).length;
    const seen = await track({ type: 'section', path: 'week-one' });
    expect(seen.json().result.data.recorded).toBe(true);
    const repeat = await track({ type: 'sections', path: 'week-one' });
    expect(repeat.json().result.data).toEqual({ success: true, recorded: false });
    const older = await track({ type: 'sections', path: 'week-one', lastSeen: ago(3600) });
    expect(older.json().result.data).toEqual({ success: true, recorded: false });
    expect((await streamOf(learner.userId)).length).toBe(before + 1);

    const [entry] = (await logOf(learner.userId)).tracking.sections;
    expect(entry.path).toBe('week-one');
    expect(entry.firstSeen).toBe(entry.lastSeen);
    expect(Math.abs(Date.parse(entry.lastSeen) - Date.now())).toBeLessThan(60_000);
  });

  it('keeps a recording by its address and a file by its path, each in its category', async () => {
    const url = 'https://video.example.org/recordings/week-one.mp4';
    expect((await track({ type: 'recording', path: url })).statusCode).toBe(200);
    expect((await track({ type: 'file', path: 'leaflet' })).statusCode).toBe(200);
    const { tracking } = await logOf(learner.userId);
    expect(tracking.recordings.map((entry: { path: string }) => entry.path)).toEqual([url]);
    expect(tracking.files.map((entry: { path: string }) => entry.path)).toEqual(['leaflet']);
  });

  it('refuses bad input and a lastSeen in the future, writing nothing', async () => {
    const before = await eventCount();
    const future = await app.inject({
      method: 'POST',
      url: '/trpc/tracking.update',
      payload: { type: 'courses', path: 'family-planning', lastSeen: new Date(Date.now() + 3_600_000) },
      headers: { ...learner.headers, 'accept-language': 'nl' },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe('Dit tijdstip ligt in de toekomst.');
    expect(future.json().error.data.fields).toEqual([
      { path: 'lastSeen', key: 'tracking.lastSeenInFuture', message: 'Dit tijdstip ligt in de toekomst.' },
    ]);
    const unknownType = await track({ type: 'modules', path: 'x' });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().error.data.fields[0].key).toBe('tracking.unknownType');
    expect((await track({ type: 'courses', path: 'Not A Path' })).statusCode).toBe(400);
    expect((await track({ type: 'courses', path: 'x', lastSeen: 'yesterday' })).statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('refuses anonymous callers (401) and tracking someone else (403), writing nothing', async () => {
    const before = await eventCount();
    const anonymous = await track({ type: 'courses', path: 'family-planning' }, {});
    expect(anonymous.statusCode).toBe(401);
    expect((await query('tracking.log', { user: learner.userId })).statusCode).toBe(401);
    const forSomeoneElse = await track({ type: 'courses', path: 'family-planning', user: other.userId });
    expect(forSomeoneElse.statusCode).toBe(403);
    expect(await eventCount()).toBe(before);
    expect(await streamOf(other.userId)).toEqual([]);
  });

  it("reads one's own log; another's only with manage_users or view (403 otherwise)", async () => {
    expect((await logOf(other.userId, other.headers)).tracking.courses).toEqual([]);
    const refused = await query('tracking.log', { user: learner.userId }, other.headers);
    expect(refused.statusCode).toBe(403);
    const byAdmin = await logOf(learner.userId, admin);
    expect(byAdmin.tracking.courses.map((entry: { path: string }) => entry.path)).toEqual([
      'family-planning',
    ]);
    expect(await logOf(learner.userId, viewer)).toEqual(byAdmin);
    const unknown = await query('tracking.log', { user: 'nobody-here' }, admin);
    expect(unknown.statusCode).toBe(404);
  });

  it('a long log is folded from a snapshot and still knows the last sighting of every item', async () => {
    // An editor, who may open every file: 55 files that exist, none linked anywhere.
    const reader = await addTestUser(platform, { roles: ['admin'] });
    const headers = bearer(reader.token);
    for (let index = 0; index < 55; index++) {
      const file = { name: `File ${index}`, url: `https://example.org/file-${index}.pdf` };
      expect((await mutate('file.create', { file }, headers)).statusCode).toBe(200);
    }
    const start = Date.now() - 3_600_000;
    for (let index = 0; index < 55; index++) {
      const lastSeen = new Date(start + index * 1000).toISOString();
      const response = await track({ type: 'files', path: `file-${index}`, lastSeen }, headers);
      expect(response.json().result.data.recorded).toBe(true);
    }
    const snapshots = await sql<{ version: number }>`
      select version from stream_snapshots where stream = ${trackingStream(reader.userId)}`.execute(
      platform.database.db,
    );
    expect(snapshots.rows.map((row) => row.version)).toEqual([50]);
    const repeat = await track(
      { type: 'files', path: 'file-0', lastSeen: new Date(start + 30_000).toISOString() },
      headers,
    );
    expect(repeat.json().result.data.recorded).toBe(false);
    const later = await track(
      { type: 'files', path: 'file-0', lastSeen: new Date(start + 90_000).toISOString() },
      headers,
    );
    expect(later.json().result.data.recorded).toBe(true);
    expect((await logOf(reader.userId, headers)).tracking.files).toHaveLength(55);
  });

  it("a deleted person's log goes with them", async () => {
    const person = await addTestUser(platform);
    await track({ type: 'courses', path: 'family-planning' }, bearer(person.token));
    const rows = sql<{
      n: number;
    }>`select count(*)::int as n from user_tracking where user_id = ${person.userId}`;
    expect((await rows.execute(platform.database.db)).rows[0]!.n).toBe(1);
    expect((await mutate('user.delete', { _id: person.userId }, admin)).statusCode).toBe(200);
    expect((await rows.execute(platform.database.db)).rows[0]!.n).toBe(0);
    expect((await query('tracking.log', { user: person.userId }, admin)).statusCode).toBe(404);
    // Their token names nobody any more: nothing is tracked.
    const after = await track({ type: 'courses', path: 'family-planning' }, bearer(person.token));
    expect(after.statusCode).toBe(401);
    expect(await streamOf(person.userId)).toHaveLength(1);
  });
});
