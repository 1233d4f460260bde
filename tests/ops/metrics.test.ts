import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseInputSchema } from '../../events/course/commands';
import { allRules } from '../../events/permissions';
import { buildApp } from '../../server/app';
import { createCourse, updateCourse } from '../../server/course/commands';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';

const admin = { userId: 'admin-1', roles: ['admin'], rules: allRules() };
const meta = () => ({ actorId: admin.userId, requestId: 'metrics-test', now: new Date() });
const course = (name: string) => courseInputSchema.parse({ name, language: 'en' });

/** The value of one sample line of the exposition, e.g. `http_requests_total{method="GET",…}`. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf('}')).split(',');
    if (wanted.every((pair) => inside.includes(pair)) && inside.length === wanted.length)
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe.each(databaseKinds)('operations endpoints on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  beforeAll(async () => {
    platform = await startTestPlatform(kind, { env: { NOTIFY_EMAIL: 'editors@example.org' } });
    app = await buildApp(platform);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });
  const scrape = async () => {
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('counts requests and their latency per route (tRPC per procedure) and status', async () => {
    for (let n = 0; n < 2; n++) await app.inject({ method: 'GET', url: '/trpc/course.list' });
    await app.inject({ method: 'GET', url: '/trpc/no.suchProcedure' });
    await app.inject({ method: 'GET', url: '/healthz' });
    const text = await scrape();
    const list = { method: 'GET', route: '/trpc/course.list', status: '200' };
    expect(sample(text, 'http_requests_total', list)).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', list)).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { le: '+Inf', ...list })).toBe(2);
    expect(
      sample(text, 'http_requests_total', { method: 'GET', route: '/trpc/(unknown)', status: '404' }),
    ).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/healthz', status: '200' })).toBe(1);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('counts committed events per type, and the jobs waiting in the queue', async () => {
    await createCourse(platform, admin, meta(), { path: 'metrics-one', course: course('Metrics one') });
    await createCourse(platform, admin, meta(), { path: 'metrics-two', course: course('Metrics two') });
    await updateCourse(platform, admin, meta(), { path: 'metrics-two', course: course('Metrics 2') });
    // Appended and projected, then rolled back (its reactions fail): not an appended event.
    const failingReaction = {
      ...platform,
      pipeline: {
        ...platform.pipeline,
        react: async () => {
          throw new Error('queue unavailable');
        },
      },
    };
    await expect(
      createCourse(failingReaction, admin, meta(), { path: 'rolled-back', course: course('Rolled back') }),
    ).rejects.toThrow('queue unavailable');

    const text = await scrape();
    expect(sample(text, 'events_appended_total', { type: 'CourseCreated' })).toBe(2);
    expect(sample(text, 'events_appended_total', { type: 'CourseUpdated' })).toBe(1);
    // Jobs are not worked here: the two "new course" mails wait in the queue.
    expect(sample(text, 'job_queue_depth', { queue: 'mail.send', state: 'created' })).toBe(2);
    expect(sample(text, 'job_queue_depth', { queue: 'mail.send', state: 'active' })).toBe(0);
  });

  it('is ready when the database answers, the migrations are applied and the jobs run', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok', projections: 'ok' },
    });
  });
});

describe('readiness', () => {
  it('is not ready once the job queue has stopped', async () => {
    const platform = await startTestPlatform('pglite');
    const app = await buildApp(platform);
    try {
      await platform.jobs.stop();
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'ok', jobs: 'stopped', projections: 'ok' },
      });
    } finally {
      await app.close();
      await platform.dispose();
    }
  });
});
