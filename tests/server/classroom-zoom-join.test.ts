import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { trpcCalls } from './trpc-calls';

/**
 * Joining a Zoom classroom in Zoom's own app or web client (docs/guide/live-classrooms.md): the
 * classroom view carries the meeting number and password for who may enter, even where no Meeting
 * SDK keys are configured; who may not enter gets neither, on any API.
 */
type Who = 'admin' | 'participant' | 'outsider' | 'anonymous';

const zoomClassroom = {
  name: 'Zoom class',
  type: 'zoom',
  startdate: '2026-12-01T10:00:00+01:00',
  enddate: '2026-12-01T11:00:00+01:00',
  meetingId: '876 5432 1098',
  pwd: 'join&me?',
  breakoutroomCountdown: 0,
  breakoutroomInfo: '',
  recordings: [],
  breakoutrooms: [],
};
const secrets = /87654321098|876 5432 1098|join&me|join%26me/;

describe.each(databaseKinds)('Zoom join details on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, string>;
  const api = trpcCalls<Who>(() => ({ app, platform, tokens }));

  beforeAll(async () => {
    // No ZOOM_SDK_KEY or ZOOM_SDK_SECRET: the embedded client cannot join, Zoom's own can.
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    for (const [who, roles] of [
      ['admin', ['admin']],
      ['participant', []],
      ['outsider', []],
    ] as const) {
      const user = await addTestUser(platform, { roles: [...roles] });
      tokens[who] = user.token;
      ids[who] = user.userId;
    }
    tokens.anonymous = '';
    await api.as('admin', 'course.create', {
      path: 'zj-closed',
      course: { name: 'Closed', language: 'en', public: false },
    });
    await api.as('admin', 'user.link', {
      _id: ids.participant,
      itemType: 'course',
      itemPath: 'zj-closed',
      linked: true,
    });
    await api.as('admin', 'course.create', { path: 'zj-open', course: { name: 'Open', language: 'en' } });
    for (const course of ['zj-closed', 'zj-open']) {
      await api.as('admin', 'section.create', {
        path: `${course}-zoom`,
        parentType: 'course',
        parentPath: course,
        section: { name: 'Zoom section', language: 'en', classroom: zoomClassroom },
      });
    }
    await api.as('admin', 'section.create', {
      path: 'zj-no-id',
      parentType: 'course',
      parentPath: 'zj-closed',
      section: { name: 'No id yet', language: 'en', classroom: { ...zoomClassroom, meetingId: '', pwd: '' } },
    });
    await api.as('admin', 'section.create', {
      path: 'zj-jitsi',
      parentType: 'course',
      parentPath: 'zj-closed',
      section: { name: 'Jitsi', language: 'en', classroom: { name: 'Plenary', type: 'jitsi' } },
    });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const classroomOf = (who: Who, course: string, section: string) =>
    app.inject({
      url: `/trpc/section.classroom?input=${encodeURIComponent(JSON.stringify({ course, section }))}`,
      headers: tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {},
    });

  it('gives who may enter the meeting number (its digits) and password, without SDK keys', async () => {
    for (const [who, course] of [
      ['participant', 'zj-closed'],
      ['admin', 'zj-closed'],
      ['outsider', 'zj-open'],
    ] as const) {
      const response = await classroomOf(who, course, `${course}-zoom`);
      const view = response.json().result.data;
      expect(view.zoom, who).toBeNull();
      expect(view.zoomJoin, who).toEqual({ meetingNumber: '87654321098', password: 'join&me?' });
    }
  });

  it('gives nothing to join a Jitsi classroom or a Zoom one without a meeting id', async () => {
    for (const section of ['zj-jitsi', 'zj-no-id']) {
      const view = (await classroomOf('participant', 'zj-closed', section)).json().result.data;
      expect(view.zoomJoin, section).toBeNull();
    }
  });

  it('gives a participant who may not join neither the meeting number nor the password', async () => {
    // Signed in but not linked to the closed course: the classroom does not exist for them.
    const outsider = await classroomOf('outsider', 'zj-closed', 'zj-closed-zoom');
    expect(outsider.json().error.data.code).toBe('NOT_FOUND');
    expect(outsider.body).not.toMatch(secrets);
    // Anonymous on the open course may read the section but not join: asked to sign in.
    const anonymous = await classroomOf('anonymous', 'zj-open', 'zj-open-zoom');
    expect(anonymous.json().error.data.code).toBe('UNAUTHORIZED');
    expect(anonymous.body).not.toMatch(secrets);
    const section = await api.call('anonymous', 'section.byPath', { path: 'zj-open-zoom' }, false);
    expect(section.data.classroom).toMatchObject({ meetingId: '', pwd: '' });
    expect(JSON.stringify(section.data)).not.toMatch(secrets);
  });
});
