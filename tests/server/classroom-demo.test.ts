import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { seedDemo } from '../../server/demo/seed';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { trpcCalls } from './trpc-calls';

interface Section {
  path: string;
  classroom: {
    type: string;
    startdate: string | null;
    enddate: string | null;
    meetingId: string;
    recordings: { url: string; titel: string }[];
    breakoutrooms: { jitsi: string }[];
    breakoutroomCountdown: number;
  } | null;
}

/** The demo shows every state of a live classroom at seeding time: past, live now, next, future. */
describe.each(databaseKinds)('the demo classrooms on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens = { admin: '' };
  const api = trpcCalls<'admin'>(() => ({ app, platform, tokens }));
  let seededAt = 0;

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    seededAt = Date.now();
    await seedDemo(platform);
    tokens.admin = (await addTestUser(platform, { roles: ['admin'] })).token;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('has a past classroom with recordings, one live now with breakout rooms, and later ones', async () => {
    const sections = await api.as<Section[]>('admin', 'section.listByCourse', { path: 'srgr-basis' }, false);
    const now = Date.now();
    const live = sections.filter(
      (s) =>
        s.classroom && Date.parse(s.classroom.startdate!) <= now && now < Date.parse(s.classroom.enddate!),
    );
    expect(live.map((s) => s.path)).toEqual(['live-vragenuur']);
    const room = live[0]!.classroom!;
    expect(room.type).toBe('jitsi');
    expect(room.meetingId).not.toBe('');
    expect(room.breakoutroomCountdown).toBe(15);
    expect(room.breakoutrooms).toHaveLength(2);
    for (const breakout of room.breakoutrooms) expect(breakout.jitsi).toMatch(/^https:\/\/meet\.jit\.si\//);
    expect(Date.parse(room.startdate!)).toBeLessThanOrEqual(seededAt - 9 * 60_000);
    expect(Date.parse(room.enddate!)).toBeGreaterThanOrEqual(seededAt + 179 * 60_000);

    const past = sections.find((s) => s.path === 'kick-off')!.classroom!;
    expect(Date.parse(past.enddate!)).toBeLessThan(now);
    expect(past.recordings).toHaveLength(2);
    expect(
      sections.filter((s) => s.classroom && Date.parse(s.classroom.startdate!) > now).length,
    ).toBeGreaterThan(0);

    const entered = await api.as<{ jitsi: { domain: string; roomName: string } }>(
      'admin',
      'section.classroom',
      { course: 'srgr-basis', section: 'live-vragenuur' },
      false,
    );
    expect(entered.jitsi).toEqual({ domain: 'meet.jit.si', roomName: room.meetingId });
  });
});
