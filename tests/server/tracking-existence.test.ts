import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStream } from '../../events/store';
import { trackingStream } from '../../events/tracking/events';
import { buildApp } from '../../server/app';
import { graphql } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { trpcCalls } from './trpc-calls';

type Who = 'admin' | 'learner';

const classroom = {
  name: 'Live session',
  type: 'jitsi',
  recordings: [{ url: 'https://video.example.org/week-one.mp4', titel: 'Week one' }],
  breakoutrooms: [
    {
      name: 'Room one',
      startdate: null,
      jitsi: 'https://meet.jit.si/srhr-room-one',
      roomNumber: 1,
      breakoutroomInteriorInfo: '',
    },
  ],
};

/**
 * Tracking records only items that exist and that the person may open: anything else is refused
 * as not found (404 over tRPC, success: false over GraphQL) and appends nothing to the log.
 */
describe.each(databaseKinds)('tracking only what exists on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let learner: { userId: string; token: string };
  const tokens = {} as Record<Who, string>;
  const api = trpcCalls<Who>(() => ({ app, platform, tokens }));

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    tokens.admin = (await addTestUser(platform, { roles: ['admin'] })).token;
    learner = await addTestUser(platform, { name: 'Lena Learner' });
    tokens.learner = learner.token;
    await api.as('admin', 'course.create', {
      path: 'family-planning',
      course: { name: 'Family planning', language: 'en' },
    });
    await api.as('admin', 'course.create', {
      path: 'hidden-course',
      course: { name: 'Hidden', language: 'en', public: false },
    });
    await api.as('admin', 'section.create', {
      path: 'week-one',
      parentType: 'course',
      parentPath: 'family-planning',
      section: { name: 'Week one', language: 'en', classroom },
    });
    await api.as('admin', 'section.create', {
      path: 'hidden-week',
      parentType: 'course',
      parentPath: 'hidden-course',
      section: { name: 'Hidden week', language: 'en', classroom },
    });
    const { path: leaflet } = await api.as('admin', 'file.create', {
      file: { name: 'Leaflet', url: 'https://example.org/leaflet.pdf' },
    });
    await api.as('admin', 'link.addItemToParent', {
      itemType: 'file',
      itemPath: leaflet,
      parentType: 'course',
      parentPath: 'family-planning',
    });
    await api.as('admin', 'file.create', {
      file: { name: 'Unlinked', url: 'https://example.org/unlinked.pdf' },
    });
    await api.as('admin', 'module.create', {
      path: 'contraception',
      module: { name: 'Contraception', language: 'en' },
    });
    await api.as('admin', 'certificate.certify', { module: 'contraception', user: learner.userId });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const track = (input: object) => api.call('learner', 'tracking.update', input);
  const logLength = async () =>
    (await readStream(platform.database.db, trackingStream(learner.userId))).length;

  it('refuses 200 sightings of courses that do not exist, writing nothing', async () => {
    const before = await api.eventCount();
    for (let index = 0; index < 200; index++) {
      const answer = await track({ type: 'courses', path: `no-such-course-${index}` });
      expect(answer.code).toBe('NOT_FOUND');
    }
    expect(await api.eventCount()).toBe(before);
    expect(await logLength()).toBe(0);
  });

  it('answers 404 with a translated message over tRPC and success: false over GraphQL', async () => {
    const before = await api.eventCount();
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/tracking.update',
      payload: { type: 'sections', path: 'no-such-section' },
      headers: { authorization: `Bearer ${learner.token}`, 'accept-language': 'nl' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Dit item bestaat niet, of je kunt het niet openen.');
    expect(response.json().error.data.key).toBe('tracking.itemNotFound');
    const answer = await graphql<{ updateLog: { success: boolean; message: string } }>(
      app,
      'mutation ($tracking: JSON!) { updateLog(tracking: $tracking) { success message } }',
      {
        headers: { authorization: `Bearer ${learner.token}`, 'x-language': 'fr' },
        variables: { tracking: { type: 'recordings', path: 'https://evil.example/nothing.mp4' } },
      },
    );
    expect(answer.data?.updateLog).toEqual({
      success: false,
      message: "Cet élément n'existe pas, ou vous ne pouvez pas l'ouvrir.",
    });
    expect(await api.eventCount()).toBe(before);
  });

  it('refuses what exists but is hidden from the person, in every category', async () => {
    const before = await api.eventCount();
    const refused = [
      { type: 'courses', path: 'hidden-course' },
      { type: 'sections', path: 'hidden-week' },
      { type: 'files', path: 'unlinked' },
      { type: 'classrooms', path: 'hidden-week' },
      { type: 'breakoutrooms', path: 'hidden-week/1' },
      { type: 'breakoutrooms', path: 'week-one/2' },
      { type: 'breakoutrooms', path: 'week-one' },
      { type: 'classrooms', path: 'family-planning' },
      { type: 'certificates', path: 'no-such-module' },
      { type: 'recordings', path: 'https://video.example.org/other.mp4' },
    ];
    for (const input of refused) expect((await track(input)).code, JSON.stringify(input)).toBe('NOT_FOUND');
    expect(await api.eventCount()).toBe(before);
  });

  it('records what the person may open, in every category', async () => {
    const seen = [
      { type: 'courses', path: 'family-planning' },
      { type: 'sections', path: 'week-one' },
      { type: 'files', path: 'leaflet' },
      { type: 'classrooms', path: 'week-one' },
      { type: 'breakoutrooms', path: 'week-one/1' },
      { type: 'recordings', path: 'https://video.example.org/week-one.mp4' },
      { type: 'certificates', path: 'contraception' },
    ];
    for (const input of seen) {
      const answer = await track(input);
      expect(answer.data, JSON.stringify(input)).toEqual({ success: true, recorded: true });
    }
    expect(await logLength()).toBe(seen.length);
  });
});
