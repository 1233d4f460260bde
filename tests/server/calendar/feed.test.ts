import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';
import { trpcCalls } from '../trpc-calls';

/**
 * The private calendar feed over HTTP (docs/guide/live-classrooms.md): made,
 * replaced and revoked by its owner alone, fetched without a session, parsed back with ical.js; it
 * lists exactly the live moments its owner may enter, for as long as they may, and nothing once the
 * token stops working.
 */
type Who = 'admin' | 'participant' | 'outsider' | 'erased';

const env = { PUBLIC_URL: 'https://learn.example.org' };

const classroom = {
  name: 'Live session',
  type: 'zoom',
  startdate: '2026-12-03T14:00:00+01:00',
  enddate: '2026-12-03T16:30:00+01:00',
  meetingId: '987 654 3210',
  pwd: 'very-secret',
  extraInfo: 'Bring paper',
  breakoutroomCountdown: 20,
  breakoutroomCountdownStarted: null,
  breakoutroomInfo: '',
  recordings: [],
  breakoutrooms: [
    {
      name: 'Room one',
      startdate: '2026-12-03T15:00:00Z',
      jitsi: 'https://meet.jit.si/feed-room-one',
      roomNumber: 1,
      breakoutroomInteriorInfo: '',
    },
  ],
};

interface FeedEvent {
  uid: string;
  summary: string;
  start: string;
  end: string | null;
  url: string;
}

/** The calendar as a calendar app reads it: ical.js, a maintained RFC 5545 parser. */
function parsed(text: string): { name: string; events: FeedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        summary: event.summary,
        start: event.startDate.toJSDate().toISOString(),
        end: component.hasProperty('dtend') ? event.endDate.toJSDate().toISOString() : null,
        url: String(component.getFirstPropertyValue('url')),
      };
    }),
  };
}

describe.each(databaseKinds)('private calendar feed on %s', (kind) => {
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
      ['erased', []],
    ] as const) {
      const user = await addTestUser(platform, { roles: [...roles] });
      tokens[who] = user.token;
      ids[who] = user.userId;
    }
    await api.as('admin', 'course.create', {
      path: 'feed-course',
      course: { name: 'Feed course', language: 'en', public: false },
    });
    for (const who of ['participant', 'erased'] as const) {
      await api.as('admin', 'user.link', {
        _id: ids[who],
        itemType: 'course',
        itemPath: 'feed-course',
        linked: true,
      });
    }
    await api.as('admin', 'section.create', {
      path: 'feed-week',
      parentType: 'course',
      parentPath: 'feed-course',
      section: { name: 'Week 1', language: 'en', classroom },
    });
    // Unpublished: its participants may not open it, so no feed lists it.
    await api.as('admin', 'section.create', {
      path: 'feed-draft',
      parentType: 'course',
      parentPath: 'feed-course',
      section: { name: 'Draft week', language: 'en', classroom },
    });
    await api.as('admin', 'section.unpublish', { path: 'feed-draft' });
    // A course the participant is not linked to.
    await api.as('admin', 'course.create', {
      path: 'feed-elsewhere',
      course: { name: 'Elsewhere', language: 'en', public: false },
    });
    await api.as('admin', 'section.create', {
      path: 'feed-elsewhere-week',
      parentType: 'course',
      parentPath: 'feed-elsewhere',
      section: { name: 'Someone else', language: 'en', classroom },
    });
  }, 600_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  /** The feed's address without its origin: what a calendar app asks for, with no session at all. */
  const fetchFeed = (url: string) => app.inject({ url: new URL(url).pathname });
  const issue = (who: Who) => api.as<{ url: string }>(who, 'calendar.issueFeed', {});
  const settings = (who: Who) =>
    api.as<{ feed: { issuedAt: string } | null; reminders: boolean; offsetsMinutes: number[] }>(
      who,
      'calendar.settings',
      undefined,
      false,
    );

  it('lists the live session and round its owner may enter, with the UIDs of the single downloads', async () => {
    expect(await settings('participant')).toEqual({
      feed: null,
      reminders: false,
      offsetsMinutes: [1440, 60],
    });
    const { url } = await issue('participant');
    expect(url).toMatch(/^https:\/\/learn\.example\.org\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const feed = parsed(response.body);
    expect(feed.events.map(({ summary, start, end, url }) => ({ summary, start, end, url }))).toEqual([
      {
        summary: 'Week 1: Live session',
        start: '2026-12-03T13:00:00.000Z',
        end: '2026-12-03T15:30:00.000Z',
        url: 'https://learn.example.org/course/feed-course/section/feed-week/classroom/Live%20session',
      },
      {
        summary: 'Week 1: Room one',
        start: '2026-12-03T15:00:00.000Z',
        end: '2026-12-03T15:20:00.000Z',
        url: 'https://learn.example.org/course/feed-course/section/feed-week/breakoutroom/1',
      },
    ]);
    const single = parsed(
      (
        await app.inject({
          url: '/api/calendar/sections/feed-week/live',
          headers: { authorization: `Bearer ${tokens.participant}` },
        })
      ).body,
    );
    expect(feed.events[0]!.uid).toBe(single.events[0]!.uid);
    // Stable: a second fetch keeps every UID, so a calendar updates rather than adds.
    expect(parsed((await fetchFeed(url)).body).events.map((event) => event.uid)).toEqual(
      feed.events.map((event) => event.uid),
    );
    expect(response.body).not.toMatch(/987|very-secret|Draft week|Someone else/);
  });

  it('keeps only the hash of the token, in the read table and sealed in the log', async () => {
    const { url } = await issue('participant');
    const token = url.slice(url.lastIndexOf('/') + 1, -4);
    const hash = createHash('sha256').update(token).digest('hex');
    const db = platform.database.db;
    const rows = await db
      .selectFrom('calendar_feeds')
      .selectAll()
      .where('user_id', '=', ids.participant)
      .execute();
    expect(rows.map((row) => row.token_hash)).toEqual([hash]);
    const { rows: stored } = await sql<{ data: string }>`
      select data::text as data from events where type = 'CalendarFeedIssued'`.execute(db);
    for (const { data } of stored) {
      expect(data).not.toContain(token);
      expect(data).not.toContain(hash);
    }
    // The settings say since when a feed works, never its address.
    const mine = await settings('participant');
    expect(mine.feed?.issuedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(JSON.stringify(mine)).not.toContain(token);
  });

  it("another person's feed gives nothing of the participant's, and each sees only their own settings", async () => {
    const { url } = await issue('outsider');
    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    expect(parsed(response.body).events).toEqual([]);
    expect(response.body).not.toMatch(/Week 1|Draft week|Someone else/);
    const theirs = await settings('outsider');
    const mine = await settings('participant');
    expect(theirs.feed?.issuedAt).not.toBe(mine.feed?.issuedAt);
    // Owning a course (its creator does) puts its sections in the feed, the unpublished one too.
    const owner = parsed((await fetchFeed((await issue('admin')).url)).body).events.map(
      (event) => event.summary,
    );
    expect(owner).toEqual(expect.arrayContaining(['Week 1: Live session', 'Draft week: Live session']));
  });

  it('a replaced or revoked address answers 404 at once, as an unknown or malformed one does', async () => {
    const first = await issue('participant');
    const second = await issue('participant');
    expect((await fetchFeed(first.url)).statusCode).toBe(404);
    expect((await fetchFeed(second.url)).statusCode).toBe(200);
    await api.as('participant', 'calendar.revokeFeed', {});
    const revoked = await fetchFeed(second.url);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.body).not.toContain('VCALENDAR');
    expect((await settings('participant')).feed).toBeNull();
    await api.refused('participant', 'calendar.revokeFeed', {}, 'NOT_FOUND');
    for (const path of [
      `/api/calendar/feed/${'A'.repeat(43)}.ics`,
      '/api/calendar/feed/short.ics',
      `/api/calendar/feed/${'A'.repeat(43)}`,
    ]) {
      expect((await app.inject({ url: path })).statusCode, path).toBe(404);
    }
  });

  it('stops listing a section once its owner loses access, and stops working once they are erased', async () => {
    const { url } = await issue('erased');
    expect(parsed((await fetchFeed(url)).body).events).toHaveLength(2);
    await api.as('admin', 'user.link', {
      _id: ids.erased,
      itemType: 'course',
      itemPath: 'feed-course',
      linked: false,
    });
    expect(parsed((await fetchFeed(url)).body).events).toEqual([]);
    await api.as('admin', 'user.delete', { _id: ids.erased });
    expect((await fetchFeed(url)).statusCode).toBe(404);
    const left = await platform.database.db
      .selectFrom('calendar_feeds')
      .select('user_id')
      .where('user_id', '=', ids.erased)
      .execute();
    expect(left).toEqual([]);
  });

  it('limits the fetches of one token through the shared limiter', async () => {
    const { url } = await issue('outsider');
    const statuses: number[] = [];
    for (let fetch = 0; fetch < 61; fetch++) statuses.push((await fetchFeed(url)).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Another token has a count of its own.
    expect((await fetchFeed((await issue('participant')).url)).statusCode).toBe(200);
  });
});
