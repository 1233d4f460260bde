import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';
import { trpcCalls } from '../trpc-calls';

/**
 * 'Add to calendar' over HTTP (docs/guide/live-classrooms.md): the .ics of a section's live session
 * and of a breakout round, its headers and content, and who gets it: who may open the section; a
 * signed-in person who may not reads 404, an anonymous visitor 401; never the meeting's credentials.
 */
type Who = 'admin' | 'participant' | 'outsider' | 'anonymous';

const env = { PUBLIC_URL: 'https://learn.example.org' };

const classroom = {
  name: 'Live session',
  type: 'zoom',
  startdate: '2026-12-03T14:00:00+01:00',
  enddate: '2026-12-03T16:30:00+01:00',
  meetingId: '987 654 3210',
  pwd: 'very-secret',
  extraInfo: 'Bring: paper, pens; a laptop\\tablet.\nSecond line',
  breakoutroomCountdown: 20,
  breakoutroomCountdownStarted: null,
  breakoutroomInfo: '',
  recordings: [],
  breakoutrooms: [
    {
      name: 'Room one',
      startdate: '2026-12-03T15:00:00Z',
      jitsi: 'https://meet.jit.si/cal-room-one',
      roomNumber: 1,
      breakoutroomInteriorInfo: 'Talk about A, then B.',
    },
    {
      name: 'Room two',
      startdate: null,
      jitsi: 'https://meet.jit.si/cal-room-two',
      roomNumber: 2,
      breakoutroomInteriorInfo: '',
    },
  ],
};

const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');
const linesOf = (text: string) => unfold(text).split('\r\n');

describe.each(databaseKinds)('calendar downloads on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, string>;
  const api = trpcCalls<Who>(() => ({ app, platform, tokens }));

  beforeAll(async () => {
    platform = await startTestPlatform(kind, { env });
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
      path: 'cal-course',
      course: { name: 'Calendar course', language: 'en', public: false },
    });
    await api.as('admin', 'user.link', {
      _id: ids.participant,
      itemType: 'course',
      itemPath: 'cal-course',
      linked: true,
    });
    await api.as('admin', 'section.create', {
      path: 'cal-session',
      parentType: 'course',
      parentPath: 'cal-course',
      section: { name: 'Week 1', language: 'en', classroom },
    });
    // A public course's public section: anyone may open it, though only signed-in users may enter its classroom.
    await api.as('admin', 'course.create', {
      path: 'cal-open-course',
      course: { name: 'Open', language: 'en' },
    });
    await api.as('admin', 'section.create', {
      path: 'cal-open',
      parentType: 'course',
      parentPath: 'cal-open-course',
      section: { name: 'Open week', language: 'en', public: true, classroom },
    });
    await api.as('admin', 'section.create', {
      path: 'cal-plain',
      parentType: 'course',
      parentPath: 'cal-course',
      section: { name: 'No classroom', language: 'en' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const get = (who: Who, url: string) =>
    app.inject({ url, headers: tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {} });

  it('answers the live session as text/calendar with a file name, in UTC, escaped and folded', async () => {
    const response = await get('participant', '/api/calendar/sections/cal-session/live');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="cal-session-live.ics"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.body;
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = linesOf(body);
    const address =
      'https://learn.example.org/course/cal-course/section/cal-session/classroom/Live%20session';
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'DTSTART:20261203T130000Z',
        'DTEND:20261203T153000Z',
        'SUMMARY:Week 1: Live session',
        `DESCRIPTION:Bring: paper\\, pens\\; a laptop\\\\tablet.\\nSecond line\\n\\n${address}`,
        `URL:${address}`,
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    );
    const uid = lines.find((line) => line.startsWith('UID:'));
    expect(uid).toMatch(/^UID:[0-9a-f-]{36}-live@learn\.example\.org$/);
    expect(lines.find((line) => line.startsWith('DTSTAMP:'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    // The same session keeps its UID, so a calendar updates it rather than adding a second one.
    const again = linesOf((await get('admin', '/api/calendar/sections/cal-session/live')).body);
    expect(again).toContain(uid);
    // The meeting's id and password never travel in a calendar file.
    expect(body).not.toMatch(/987|very-secret/);
  });

  it('answers a breakout round from its start for the countdown minutes, with its own UID', async () => {
    const response = await get('participant', '/api/calendar/sections/cal-session/rooms/1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="cal-session-room-1.ics"');
    const lines = linesOf(response.body);
    const address = 'https://learn.example.org/course/cal-course/section/cal-session/breakoutroom/1';
    expect(lines).toEqual(
      expect.arrayContaining([
        'DTSTART:20261203T150000Z',
        'DTEND:20261203T152000Z',
        'SUMMARY:Week 1: Room one',
        `DESCRIPTION:Talk about A\\, then B.\\n\\n${address}`,
        `URL:${address}`,
      ]),
    );
    expect(lines.find((line) => line.startsWith('UID:'))).toMatch(/-room-1@learn\.example\.org$/);
  });

  it('answers 404 for a room without a start, a missing room, a section without classroom or none at all', async () => {
    for (const url of [
      '/api/calendar/sections/cal-session/rooms/2',
      '/api/calendar/sections/cal-session/rooms/9',
      '/api/calendar/sections/cal-plain/live',
      '/api/calendar/sections/no-such-section/live',
    ]) {
      const response = await get('participant', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
    expect((await get('participant', '/api/calendar/sections/Not_A_Path/live')).statusCode).toBe(400);
  });

  it("refuses who may not open the section: 404 with another user's token, 401 without one", async () => {
    for (const url of [
      '/api/calendar/sections/cal-session/live',
      '/api/calendar/sections/cal-session/rooms/1',
    ]) {
      const outsider = await get('outsider', url);
      expect(outsider.statusCode, url).toBe(404);
      expect(outsider.body, url).not.toMatch(/BEGIN:VCALENDAR|Week 1/);
      const anonymous = await get('anonymous', url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.body, url).not.toMatch(/BEGIN:VCALENDAR|Week 1/);
    }
    // An anonymous visitor cannot tell a hidden section from a missing one.
    expect((await get('anonymous', '/api/calendar/sections/no-such-section/live')).statusCode).toBe(401);
  });

  it('gives a public section to anyone who may open it, without the credentials', async () => {
    for (const who of ['outsider', 'anonymous'] as const) {
      const response = await get(who, '/api/calendar/sections/cal-open/live');
      expect(response.statusCode, who).toBe(200);
      expect(response.body, who).toContain('SUMMARY:Open week: Live session');
      expect(response.body, who).not.toMatch(/987|very-secret/);
    }
  });
});
