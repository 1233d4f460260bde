import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, jwtVerify } from 'jose';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noRules } from '../../events/permissions';
import { rebuildProjections } from '../../projections/rebuild';
import { buildApp } from '../../server/app';
import { classroomCountdown, roomOfPath } from '../../server/classroom/classroom';
import { transaction } from '../../server/db/transaction';
import { graphql } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { trpcCalls } from './trpc-calls';

/**
 * Live classrooms, server side (docs/guide/live-classrooms.md): who may enter a classroom, a
 * breakout room and read the countdown; the Zoom signature and its role; meeting credentials only
 * for who may enter; the countdown as events, with the server's clock, surviving a rebuild of the
 * read side.
 */
const env = {
  JITSI_DOMAIN: 'jitsi.example.org',
  ZOOM_SDK_KEY: 'sdk-key',
  ZOOM_SDK_SECRET: 'sdk-secret-0123456789',
};
type Who = 'admin' | 'owner' | 'otherTeacher' | 'participant' | 'outsider' | 'private' | 'anonymous';

const zoomClassroom = {
  name: 'Live session',
  type: 'zoom',
  startdate: '2026-11-24T09:00:00+01:00',
  enddate: '2026-11-24T12:00:00+01:00',
  meetingId: '123 456 7890',
  pwd: 'zoom-secret',
  breakoutroomCountdown: 10,
  breakoutroomInfo: 'Split up for ten minutes.',
  recordings: [{ url: 'https://video.example.org/recording-1', titel: 'Part 1' }],
  breakoutrooms: [
    {
      name: 'Room one',
      startdate: null,
      jitsi: 'https://meet.jit.si/srhr-room-one',
      roomNumber: 1,
      breakoutroomInteriorInfo: 'Talk about A.',
    },
    {
      name: 'Room two',
      startdate: null,
      jitsi: 'https://jitsi.example.org/room%20two',
      roomNumber: 2,
      breakoutroomInteriorInfo: 'Talk about B.',
    },
  ],
};

describe.each(databaseKinds)('live classrooms on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens = {} as Record<Who, string>;
  const names = {} as Record<Who, string>;
  const ids = {} as Record<Who, string>;
  const api = trpcCalls<Who>(() => ({ app, platform, tokens }));

  beforeAll(async () => {
    platform = await startTestPlatform(kind, { env });
    app = await buildApp(platform);
    const roles: Record<Exclude<Who, 'anonymous'>, string[]> = {
      admin: ['admin'],
      owner: ['teacher'],
      otherTeacher: ['teacher'],
      participant: [],
      outsider: [],
      private: [],
    };
    for (const [who, userRoles] of Object.entries(roles) as [Exclude<Who, 'anonymous'>, string[]][]) {
      const user = await addTestUser(platform, { roles: userRoles, name: `Person ${who}` });
      tokens[who] = user.token;
      ids[who] = user.userId;
      names[who] = `Person ${who}`;
    }
    tokens.anonymous = '';
    // A published course that is not public: only linked users (and who manages it) may enter.
    await api.as('admin', 'course.create', {
      path: 'closed-course',
      course: { name: 'Closed course', language: 'en', public: false },
    });
    await api.as('admin', 'course.addOwner', { path: 'closed-course', userId: ids.owner });
    await api.as('admin', 'course.create', {
      path: 'other-course',
      course: { name: 'Other course', language: 'en' },
    });
    await api.as('admin', 'course.addOwner', { path: 'other-course', userId: ids.otherTeacher });
    for (const who of ['participant', 'private'] as const) {
      await api.as('admin', 'user.link', {
        _id: ids[who],
        itemType: 'course',
        itemPath: 'closed-course',
        linked: true,
      });
    }
    await api.as('private', 'user.updateProfile', {
      name: 'Private person',
      language: 'en',
      fullPrivacy: true,
    });
    await api.as('admin', 'section.create', {
      path: 'zoom-session',
      parentType: 'course',
      parentPath: 'closed-course',
      section: { name: 'Zoom session', language: 'en', classroom: zoomClassroom },
    });
    await api.as('admin', 'section.create', {
      path: 'jitsi-session',
      parentType: 'course',
      parentPath: 'closed-course',
      section: { name: 'Jitsi session', language: 'en', classroom: { name: 'Plenary', type: 'jitsi' } },
    });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const classroomOf = (who: Who, section = 'zoom-session') =>
    api.call(who, 'section.classroom', { course: 'closed-course', section }, false);

  async function verifiedSignature(signature: string) {
    const { payload, protectedHeader } = await jwtVerify(
      signature,
      new TextEncoder().encode(env.ZOOM_SDK_SECRET),
    );
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.exp! - payload.iat!).toBe(2 * 60 * 60);
    expect(payload.tokenExp).toBe(payload.exp);
    expect(payload).toMatchObject({ appKey: env.ZOOM_SDK_KEY, sdkKey: env.ZOOM_SDK_KEY, mn: '1234567890' });
    return payload;
  }

  it('gives a linked participant the classroom with a Zoom signature of role 0', async () => {
    const answer = await classroomOf('participant');
    expect(answer.ok).toBe(true);
    const view = answer.data;
    expect(view).toMatchObject({
      course: { path: 'closed-course', name: 'Closed course' },
      section: { path: 'zoom-session', name: 'Zoom session', language: 'en' },
      classroom: {
        name: 'Live session',
        type: 'zoom',
        extraInfo: '',
        recordings: zoomClassroom.recordings,
        breakoutroomInfo: 'Split up for ten minutes.',
        breakoutroomCountdown: 10,
      },
      displayName: names.participant,
      mayRunCountdown: false,
      jitsi: null,
      zoom: {
        sdkKey: env.ZOOM_SDK_KEY,
        meetingNumber: '1234567890',
        password: 'zoom-secret',
        role: 0,
        userName: names.participant,
      },
    });
    expect(view.classroom).not.toHaveProperty('meetingId');
    expect((await verifiedSignature(view.zoom.signature)).role).toBe(0);
    // A signature made with another secret does not verify.
    await expect(
      jwtVerify(view.zoom.signature, new TextEncoder().encode('another-secret')),
    ).rejects.toThrow();
  });

  it('gives admins and the course owner role 1 and the countdown; fullPrivacy reads as Anonymous User', async () => {
    for (const who of ['admin', 'owner'] as const) {
      const { data } = await classroomOf(who);
      expect(data.zoom.role, who).toBe(1);
      expect(data.mayRunCountdown, who).toBe(true);
      expect((await verifiedSignature(data.zoom.signature)).role, who).toBe(1);
    }
    const hidden = await classroomOf('private');
    expect(hidden.data.displayName).toBe('Anonymous User');
    expect(hidden.data.zoom.userName).toBe('Anonymous User');
    expect(decodeJwt(hidden.data.zoom.signature).role).toBe(0);
  });

  it('answers a jitsi classroom with JITSI_DOMAIN and a room named after section and classroom', async () => {
    const { data } = await classroomOf('participant', 'jitsi-session');
    expect(data.zoom).toBeNull();
    expect(data.jitsi).toEqual({ domain: 'jitsi.example.org', roomName: 'jitsi-session-plenary' });
  });

  it('answers a breakout room with the host and room of its Jitsi URL, and the countdown', async () => {
    const answer = await api.call(
      'participant',
      'section.breakoutRoom',
      { course: 'closed-course', section: 'zoom-session', room: 2 },
      false,
    );
    expect(answer.data).toMatchObject({
      course: { path: 'closed-course' },
      section: { path: 'zoom-session' },
      room: {
        name: 'Room two',
        roomNumber: 2,
        breakoutroomInteriorInfo: 'Talk about B.',
        url: 'https://jitsi.example.org/room%20two',
        domain: 'jitsi.example.org',
        roomName: 'room two',
      },
      jitsiDomain: 'jitsi.example.org',
      displayName: names.participant,
      mayRunCountdown: false,
      countdown: { minutes: 10, startedAt: null, endsAt: null },
    });
    const missing = { course: 'closed-course', section: 'zoom-session', room: 9 };
    expect((await api.call('participant', 'section.breakoutRoom', missing, false)).code).toBe('NOT_FOUND');
    // The section must belong to the course named in the route.
    const elsewhere = { course: 'other-course', section: 'zoom-session' };
    expect((await api.call('admin', 'section.classroom', elsewhere, false)).code).toBe('NOT_FOUND');
  });

  it('refuses who may not enter with NOT_FOUND (anonymous: UNAUTHORIZED), and never sends them the credentials', async () => {
    const room = { course: 'closed-course', section: 'zoom-session', room: 1 };
    for (const who of ['outsider', 'otherTeacher'] as const) {
      expect((await classroomOf(who)).code, who).toBe('NOT_FOUND');
      expect((await api.call(who, 'section.breakoutRoom', room, false)).code, who).toBe('NOT_FOUND');
      expect((await api.call(who, 'section.countdown', { path: 'zoom-session' }, false)).code, who).toBe(
        'NOT_FOUND',
      );
    }
    expect((await classroomOf('anonymous')).code).toBe('UNAUTHORIZED');
    expect((await api.call('anonymous', 'section.countdown', { path: 'zoom-session' }, false)).code).toBe(
      'UNAUTHORIZED',
    );

    const secrets = /1234567890|123 456 7890|zoom-secret/;
    for (const who of ['outsider', 'otherTeacher', 'anonymous'] as const) {
      const headers = tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {};
      for (const [procedure, input] of [
        ['section.listByCourse', { path: 'closed-course' }],
        ['section.byPath', { path: 'zoom-session' }],
      ] as const) {
        const response = await app.inject({
          url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
          headers,
        });
        expect(response.body, `${who} ${procedure}`).not.toMatch(secrets);
      }
      const answer = await graphql(
        app,
        `{ section(path: "zoom-session") { classroom { meetingId pwd } }
           course(path: "closed-course") { sections { classroom { meetingId pwd } } } }`,
        { token: tokens[who] || undefined },
      );
      expect(answer.raw, `${who} GraphQL`).not.toMatch(secrets);
    }
    // Who may enter gets them on both APIs.
    const linked = await graphql<{ section: { classroom: { meetingId: string; pwd: string } } }>(
      app,
      '{ section(path: "zoom-session") { classroom { meetingId pwd } } }',
      { token: tokens.participant },
    );
    expect(linked.data?.section.classroom).toEqual({ meetingId: '123 456 7890', pwd: 'zoom-secret' });
    const byPath = await api.call('participant', 'section.byPath', { path: 'zoom-session' }, false);
    expect(byPath.data.classroom).toMatchObject({ meetingId: '123 456 7890', pwd: 'zoom-secret' });
  });

  it('keeps credentials from anonymous visitors of a public course, and gives them to any signed-in user there', async () => {
    await api.as('admin', 'course.create', { path: 'open-course', course: { name: 'Open', language: 'en' } });
    await api.as('admin', 'section.create', {
      path: 'open-session',
      parentType: 'course',
      parentPath: 'open-course',
      section: { name: 'Open session', language: 'en', classroom: zoomClassroom },
    });
    const anonymous = await api.call('anonymous', 'section.byPath', { path: 'open-session' }, false);
    expect(anonymous.data.classroom).toMatchObject({ meetingId: '', pwd: '' });
    const anonymousGraphql = await graphql(
      app,
      '{ section(path: "open-session") { classroom { meetingId pwd } } }',
    );
    expect(anonymousGraphql.data).toEqual({ section: { classroom: { meetingId: null, pwd: null } } });
    const outsider = await api.call('outsider', 'section.listByCourse', { path: 'open-course' }, false);
    expect(outsider.data[0].classroom).toMatchObject({ meetingId: '123 456 7890', pwd: 'zoom-secret' });
    const entered = await api.call(
      'outsider',
      'section.classroom',
      { course: 'open-course', section: 'open-session' },
      false,
    );
    expect(entered.data.zoom.role).toBe(0);
  });

  it('answers the countdown in one SQL statement (every participant polls it every 2 s)', async () => {
    let statements = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements += 1;
        return args.result;
      },
    };
    const db = platform.database.db.withPlugin(counting);
    const participant = { userId: ids.participant, roles: [], rules: noRules() };
    const countdown = await classroomCountdown(db, participant, 'zoom-session');
    expect(countdown.minutes).toBe(10);
    expect(statements).toBe(1);
  });

  it('runs the countdown: refused to participants and other teachers, started from the server clock, recorded, kept by a form save, stopped', async () => {
    for (const who of ['participant', 'otherTeacher', 'outsider'] as const) {
      await api.refused(who, 'section.startCountdown', { path: 'zoom-session' }, 'FORBIDDEN');
    }
    await api.refused('anonymous', 'section.startCountdown', { path: 'zoom-session' }, 'UNAUTHORIZED');
    await api.refused('participant', 'section.stopCountdown', { path: 'zoom-session' }, 'FORBIDDEN');
    // No countdown runs yet: stopping is refused too.
    await api.refused('owner', 'section.stopCountdown', { path: 'zoom-session' }, 'CONFLICT');
    await api.refused('admin', 'section.startCountdown', { path: 'jitsi-session' }, 'BAD_REQUEST');

    const before = Date.now();
    expect(await api.as('owner', 'section.startCountdown', { path: 'zoom-session' })).toEqual({
      path: 'zoom-session',
    });
    const countdown = (await api.call('participant', 'section.countdown', { path: 'zoom-session' }, false))
      .data;
    expect(countdown.minutes).toBe(10);
    const started = Date.parse(countdown.startedAt);
    expect(started).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(countdown.endsAt) - started).toBe(10 * 60_000);
    expect(Date.parse(countdown.serverNow)).toBeGreaterThanOrEqual(started);

    // A form save that carries no start (or an old one) keeps the running countdown.
    await api.as('admin', 'section.update', {
      path: 'zoom-session',
      section: {
        name: 'Zoom session',
        language: 'en',
        classroom: { ...zoomClassroom, breakoutroomCountdownStarted: null },
      },
    });
    const afterSave = (await api.call('owner', 'section.countdown', { path: 'zoom-session' }, false)).data;
    expect(afterSave.startedAt).toBe(countdown.startedAt);

    // The read side rebuilt from the log answers the same countdown.
    await rebuildProjections((work) => transaction(platform.database.db, work));
    const rebuilt = (await api.call('participant', 'section.countdown', { path: 'zoom-session' }, false))
      .data;
    expect(rebuilt).toMatchObject({ startedAt: countdown.startedAt, endsAt: countdown.endsAt, minutes: 10 });

    // A running countdown: a participant, a teacher of another course and an outsider cannot stop
    // or restart it (nothing written).
    for (const who of ['participant', 'otherTeacher', 'outsider'] as const) {
      await api.refused(who, 'section.stopCountdown', { path: 'zoom-session' }, 'FORBIDDEN');
      await api.refused(who, 'section.startCountdown', { path: 'zoom-session' }, 'FORBIDDEN');
    }
    await api.as('admin', 'section.stopCountdown', { path: 'zoom-session' });
    const stopped = (await api.call('participant', 'section.countdown', { path: 'zoom-session' }, false))
      .data;
    expect(stopped).toMatchObject({ minutes: 10, startedAt: null, endsAt: null });

    const history = await api.call('admin', 'section.history', { path: 'zoom-session' }, false);
    const types = history.data.map((entry: { type: string }) => entry.type);
    expect(types.slice(-3)).toEqual([
      'BreakoutCountdownStarted',
      'SectionUpdated',
      'BreakoutCountdownStopped',
    ]);
    const start = history.data.find((entry: { type: string }) => entry.type === 'BreakoutCountdownStarted');
    expect(start.changes).toEqual([
      { field: 'details.classroom.breakoutroomCountdownStarted', from: null, to: countdown.startedAt },
    ]);
  });
});

describe('the countdown survives a restart on the same embedded data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'classroom-restart-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('answers the same start after the platform restarts', async () => {
    let platform = await startTestPlatform('pglite', { dataDir, env });
    let app = await buildApp(platform);
    const admin = await addTestUser(platform, { roles: ['admin'] });
    const tokens = { admin: admin.token };
    let api = trpcCalls<'admin'>(() => ({ app, platform, tokens }));
    await api.as('admin', 'course.create', {
      path: 'restart-course',
      course: { name: 'Restart', language: 'en' },
    });
    await api.as('admin', 'section.create', {
      path: 'restart-session',
      parentType: 'course',
      parentPath: 'restart-course',
      section: { name: 'Restart session', language: 'en', classroom: zoomClassroom },
    });
    await api.as('admin', 'section.startCountdown', { path: 'restart-session' });
    const first = (await api.call('admin', 'section.countdown', { path: 'restart-session' }, false)).data;
    await app.close();
    await platform.dispose();

    platform = await startTestPlatform('pglite', { dataDir, env });
    app = await buildApp(platform);
    api = trpcCalls<'admin'>(() => ({ app, platform, tokens }));
    try {
      const again = (await api.call('admin', 'section.countdown', { path: 'restart-session' }, false)).data;
      expect(again).toMatchObject({ startedAt: first.startedAt, endsAt: first.endsAt, minutes: 10 });
    } finally {
      await app.close();
      await platform.dispose();
    }
  });
});

describe("a breakout room's Jitsi name", () => {
  it('decodes the path and keeps a broken escape as written', () => {
    expect(roomOfPath('/room%20two/')).toBe('room two');
    expect(roomOfPath('/srgr-a')).toBe('srgr-a');
    expect(roomOfPath('/bad%E0%A4')).toBe('bad%E0%A4');
  });
});
