import { type Kysely, sql } from 'kysely';
import { jobs } from '../../jobs/registry';

/** One pg-boss queue as the settings screen shows it: its jobs by state, counted live. */
export interface JobQueueState {
  name: string;
  /** Waiting to run (pg-boss `created`, including jobs deferred to later). */
  queued: number;
  /** Failed at least once and waiting for their next attempt (`retry`). */
  retrying: number;
  /** Running now, on any instance (`active`). */
  active: number;
  /** Failed for good and kept by pg-boss for its retention period (`failed`). */
  failed: number;
  /** The cron expression (UTC) pg-boss sends this job on, or null when only events send it. */
  schedule: string | null;
}

const countedStates = ['created', 'retry', 'active', 'failed'] as const;
type CountedState = (typeof countedStates)[number];

/**
 * Every queue this build defines, with its jobs counted in pg-boss's job table: the same table on
 * PGlite and PostgreSQL, shared by every instance (as /metrics counts `job_queue_depth`). pg-boss's
 * own `getQueues` figures are refreshed by its maintenance, so they lag; this count does not.
 */
// biome-ignore lint/suspicious/noExplicitAny: pg-boss's schema is not one of the application's tables
export async function jobQueueStates(db: Kysely<any>): Promise<JobQueueState[]> {
  const { rows } = await sql<{ name: string; state: CountedState; count: number }>`
    select name, state::text as state, count(*)::int as count from pgboss.job
    where state in ('created', 'retry', 'active', 'failed') group by name, state`.execute(db);
  const counts = new Map(rows.map((row) => [`${row.name}\u0000${row.state}`, row.count]));
  const count = (queue: string, state: CountedState) => counts.get(`${queue}\u0000${state}`) ?? 0;
  return jobs.map((job) => ({
    name: job.name,
    queued: count(job.name, 'created'),
    retrying: count(job.name, 'retry'),
    active: count(job.name, 'active'),
    failed: count(job.name, 'failed'),
    schedule: job.schedule ?? null,
  }));
}
