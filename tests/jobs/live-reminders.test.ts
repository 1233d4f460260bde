import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRules } from '../../events/permissions';
import { profileSchema } from '../../events/user/commands';
import { buildApp } from '../../server/app';
import { sendLiveReminders } from '../../server/calendar/reminders';
import { updateProfile } from '../../server/user/commands';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { trpcCalls } from '../server/trpc-calls';
import { type Sink, startSmtpSink } from '../support/smtp-sink';
import { addTestUser } from '../users';

/**
 * Reminder mails before live sessions (docs/guide/live-classrooms.md): at each
 * offset (LIVE_REMINDER_MINUTES, a day and an hour by default) once, whatever runs overlap, in the
 * person's language with the time in GMT+1 and the classroom's link; none to who did not ask or
 * stopped asking, nor for a section they may not enter.
 */
type Who = 'admin' | 'nl' | 'fr' | 'never' | 'stopped' | 'outsider';

const start = new Date('2026-12-03T13:00:00.000Z');
const minutesBefore = (minutes: number) => new Date(start.getTime() - minutes * 60_000);

/** A mail's text body, its quoted-printable decoded as UTF-8 (nodemailer encodes accents so). */
function bodyOf(message: string): string {
  const body = message.slice(message.indexOf('\r\n\r\n') + 4);
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

async function waitFor(check: () => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(databaseKinds)('live session reminders on %s', (kind) => {
  let sink: Sink;
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens = {} as Record<Who, string>;
  const people = {} as Record<Who, { userId: string; email: string }>;
  const api = trpcCalls<Who>(() => ({ app, platform, tokens }));

  beforeAll(async () => {
    sink = await startSmtpSink();
    platform = await startTestPlatform(kind, {
      workJobs: true,
      env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://learn.example.org' },
    });
    app = await buildApp(platform);
    for (const [who, name, language] of [
      ['admin', 'Ada Admin', 'en'],
      ['nl', 'Noor Peeters', 'nl'],
      ['fr', 'Fatou Diallo', 'fr'],
      ['never', 'Nina Never', 'nl'],
      ['stopped', 'Sam Stopped', 'en'],
      ['outsider', 'Otto Outsider', 'nl'],
    ] as const) {
      const user = await addTestUser(platform, { name, roles: who === 'admin' ? ['admin'] : [] });
      await updateProfile(
        platform,
        { userId: user.userId, roles: who === 'admin' ? ['admin'] : [], rules: allRules() },
        { actorId: user.userId, requestId: 'reminder-test', now: new Date() },
        user.userId,
        profileSchema.parse({ name, language }),
      );
      tokens[who] = user.token;
      people[who] = { userId: user.userId, email: user.email };
    }
    await api.as('admin', 'course.create', {
      path: 'remind-course',
      course: { name: 'Reminder course', language: 'en', public: false },
    });
    await api.as('admin', 'section.create', {
      path: 'remind-week',
      parentType: 'course',
      parentPath: 'remind-course',
      section: {
        name: 'Week 1',
        language: 'en',
        classroom: {
          name: 'Live session',
          type: 'zoom',
          startdate: start.toISOString(),
          enddate: null,
          meetingId: '987 654 3210',
          pwd: 'very-secret',
          extraInfo: '',
          breakoutroomCountdown: 0,
          breakoutroomCountdownStarted: null,
          breakoutroomInfo: '',
          recordings: [],
          breakoutrooms: [],
        },
      },
    });
    for (const who of ['nl', 'fr', 'never', 'stopped'] as const) {
      await api.as('admin', 'user.link', {
        _id: people[who].userId,
        itemType: 'course',
        itemPath: 'remind-course',
        linked: true,
      });
    }
    // Asked for, by themselves; the outsider too, though not linked to the course.
    for (const who of ['nl', 'fr', 'stopped', 'outsider'] as const) {
      await api.as(who, 'calendar.setReminders', { on: true });
    }
    await api.as('stopped', 'calendar.setReminders', { on: false });
  }, 600_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await sink?.close();
  });

  const run = (now: Date) => sendLiveReminders(platform, now);
  const twoAtOnce = async (now: Date) => (await Promise.all([run(now), run(now)])).reduce((a, b) => a + b, 0);

  it('sends each reminder once at each offset, in the person language, with the time and the link', async () => {
    expect(await run(minutesBefore(1500))).toBe(0);
    expect(await run(minutesBefore(1439))).toBe(2);
    expect(await run(minutesBefore(1439))).toBe(0);
    expect(await twoAtOnce(minutesBefore(1200))).toBe(0);
    expect(await run(minutesBefore(61))).toBe(0);
    expect(await twoAtOnce(minutesBefore(58))).toBe(2);
    expect(await run(minutesBefore(5))).toBe(0);
    expect(await run(new Date(start.getTime() + 60_000))).toBe(0);

    await waitFor(() => sink.delivered.length >= 4);
    // Time for any duplicate to arrive too.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sink.delivered).toHaveLength(4);
    const to = (who: Who) =>
      sink.delivered
        .filter((mail) => mail.to.includes(people[who].email))
        .map((mail) => bodyOf(mail.message));
    const link =
      'https://learn.example.org/course/remind-course/section/remind-week/classroom/Live%20session';
    const nl = to('nl');
    expect(nl).toHaveLength(2);
    for (const body of nl) {
      expect(body).toContain('Hallo Noor Peeters');
      expect(body).toContain('Live session van "Week 1" begint op 03/12/2026 14:00 (GMT+1)');
      expect(body).toContain(link);
    }
    const fr = to('fr');
    expect(fr).toHaveLength(2);
    for (const body of fr) {
      expect(body).toContain('Bonjour Fatou Diallo');
      expect(body).toContain('Live session de « Week 1 » commence le 03/12/2026 14:00 (GMT+1)');
      expect(body).toContain(link);
    }
    // Who never asked, stopped asking, or may not enter the classroom gets nothing.
    for (const who of ['never', 'stopped', 'outsider'] as const) expect(to(who), who).toEqual([]);
    // Never the meeting's credentials.
    for (const mail of sink.delivered) expect(mail.message).not.toMatch(/987 654|very-secret/);
  }, 300_000);
});
