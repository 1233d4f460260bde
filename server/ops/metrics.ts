import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { jobs } from '../../jobs/registry';
import { noInput } from '../http/schemas';
import type { Platform } from '../platform';
import { appRouter } from '../router';
import { onEventsAppended } from './appended-events';

const procedures = new Set(Object.keys(appRouter._def.procedures));
const jobStates = ['created', 'retry', 'active'] as const;

/**
 * The route a request is counted under: its Fastify route pattern, and for tRPC the procedure
 * (`/trpc/course.list`). Only known names become labels, so no caller can grow the label set.
 */
function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return '(no route)';
  if (pattern === '/trpc/:path') {
    const called = (request.params as { path?: string }).path ?? '';
    if (called.includes(',')) return '/trpc/(batch)';
    return procedures.has(called) ? `/trpc/${called}` : '/trpc/(unknown)';
  }
  return pattern;
}

/**
 * GET /metrics in Prometheus text format, for this process:
 * - `http_requests_total` and `http_request_duration_seconds` per method, route and status;
 * - `events_appended_total` per event type: events committed through the command pipeline by this
 *   process (sum it over instances);
 * - `job_queue_depth` per queue and state (created, retry, active): counted live in pg-boss's job
 *   table on each scrape; the queue is shared, so every instance reports the same figure (take max);
 * - Node's process metrics (memory, CPU, event loop lag, GC) from prom-client.
 */
export const metrics = fp(
  async (app: FastifyInstance, { platform }: { platform: Platform }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route and status.',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by method, route and status.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const appended = new Counter({
      name: 'events_appended_total',
      help: 'Events appended to the log by this process (after commit), by event type.',
      labelNames: ['type'] as const,
      registers: [registry],
    });
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting (created), waiting to retry (retry) or running (active), by queue; shared by all instances.',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        const counts = new Map<string, number>();
        const { rows } = await sql<{ name: string; state: string; count: number }>`
        select name, state::text as state, count(*)::int as count from pgboss.job
        where state in ('created', 'retry', 'active') group by name, state`.execute(platform.database.db);
        for (const row of rows) counts.set(`${row.name}\u0000${row.state}`, row.count);
        this.reset();
        for (const job of jobs) {
          for (const state of jobStates) {
            this.set({ queue: job.name, state }, counts.get(`${job.name}\u0000${state}`) ?? 0);
          }
        }
      },
    });

    const stopCounting = onEventsAppended(platform.pipeline, (events) => {
      for (const event of events) appended.inc({ type: event.type });
    });
    app.addHook('onClose', async () => {
      stopCounting();
      registry.clear();
    });

    app.addHook('onResponse', async (request, reply) => {
      const labels = { method: request.method, route: routeOf(request), status: String(reply.statusCode) };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
    });

    // METRICS_TOKEN set: a scrape must send it as a bearer token. Unset: open outside production,
    // closed (404) in production, so nobody outside learns the platform's internals.
    const token = platform.config.METRICS_TOKEN;
    const digest = (text: string) => createHash('sha256').update(text).digest();
    const open = !token && platform.config.NODE_ENV !== 'production';
    if (!token && !open) platform.log.warn('/metrics is closed: set METRICS_TOKEN to scrape it');
    app.withTypeProvider<ZodTypeProvider>().get('/metrics', { schema: noInput }, async (request, reply) => {
      if (!open) {
        if (!token) return reply.code(404).send({ message: 'Not found' });
        const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!timingSafeEqual(digest(given), digest(token))) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer realm="metrics"')
            .send({ message: 'Unauthorized' });
        }
      }
      const text = await registry.metrics();
      return reply.type(registry.contentType).send(text);
    });
  },
  // Not encapsulated: its hook counts the answers of every route.
  { name: 'metrics', fastify: '5.x' },
);
