import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { migrationProvider } from '../../migrations/index';
import { projectionsBehind } from '../../projections/lifecycle';
import { noInput } from '../http/schemas';
import type { Platform } from '../platform';
import { version } from './cli';

export interface Readiness {
  ready: boolean;
  /** 'ok', or a short reason (details go to the log, never to the caller). */
  checks: { database: string; migrations: string; projections: string; jobs: string };
}

const stoppedBosses = new WeakSet<PgBoss>();
const watchedBosses = new WeakSet<PgBoss>();

/** Remembers when pg-boss stops (it says so with an event). Call once the jobs have started. */
function watchJobs(boss: PgBoss): void {
  if (watchedBosses.has(boss)) return;
  watchedBosses.add(boss);
  boss.on('stopped', () => stoppedBosses.add(boss));
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function check(name: string, platform: Platform, work: () => Promise<string>): Promise<string> {
  try {
    return await withTimeout(work(), 3000);
  } catch (error) {
    platform.log.warn({ err: error, check: name }, 'readiness check failed');
    return 'failed';
  }
}

/**
 * /readyz: the database answers, every migration this build knows is applied, every projection's
 * tables are built with this build's version ('catching up: <names>' while a rebuild, here or on
 * another instance, has not committed yet), and pg-boss is running and reaches its schema (on
 * PostgreSQL through its own connection pool).
 */
export async function checkReadiness(platform: Platform): Promise<Readiness> {
  const db = platform.database.db;
  const [database, migrations, projections, jobs] = await Promise.all([
    check('database', platform, async () => {
      await sql`select 1`.execute(db);
      return 'ok';
    }),
    check('migrations', platform, async () => {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
      const applied = new Set(rows.map((row) => row.name));
      const pending = Object.keys(await migrationProvider.getMigrations()).filter(
        (name) => !applied.has(name),
      );
      return pending.length === 0 ? 'ok' : `${pending.length} pending`;
    }),
    check('projections', platform, async () => {
      const behind = await projectionsBehind(db);
      return behind.length === 0
        ? 'ok'
        : `catching up: ${behind.map((projection) => projection.name).join(', ')}`;
    }),
    check('jobs', platform, async () => {
      const boss = platform.jobs.boss;
      if (stoppedBosses.has(boss)) return 'stopped';
      return (await boss.schemaVersion()) === null ? 'not installed' : 'ok';
    }),
  ]);
  const checks = { database, migrations, projections, jobs };
  return { ready: Object.values(checks).every((value) => value === 'ok'), checks };
}

/**
 * The probes: /healthz (alive, with the release this process runs, so an operator sees which
 * instances are upgraded) and /readyz (checkReadiness: 200 ready, 503 not).
 */
export const opsProbes = fp(
  async (app: FastifyInstance, { platform }: { platform: Platform }) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get('/healthz', { schema: noInput }, async () => ({ status: 'ok', version }));
    watchJobs(platform.jobs.boss);
    routes.get('/readyz', { schema: noInput }, async (_request, reply) => {
      const { ready, checks } = await checkReadiness(platform);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
    });
  },
  { name: 'ops-probes', fastify: '5.x', encapsulate: true },
);
