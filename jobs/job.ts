import type { z } from 'zod';

/** A typed background job: its queue name, payload schema, retry policy and handler. */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType, Deps = unknown> {
  name: string;
  schema: Schema;
  retryLimit: number;
  /** Seconds before the first retry; later ones back off exponentially. */
  retryDelay: number;
  /** pg-boss's queue policy; `stately` keeps at most one waiting and one running job per singleton key. */
  policy?: 'standard' | 'stately';
  /** A cron expression (UTC): pg-boss sends the job on that schedule, once across all instances. */
  schedule?: string;
  /**
   * Delete the job's row once it has succeeded or failed for the last time, instead of keeping it
   * (and its payload) for pg-boss's retention period: for jobs whose payload should not outlive them.
   */
  forgetWhenSettled?: boolean;
  /**
   * How one instance works the queue (jobs/boss.ts): `batchSize` jobs fetched in one statement and
   * settled in one, run one after the other by each of `concurrency` workers. Unset: 10 and 1.
   */
  work?: { batchSize: number; concurrency: number };
  handler: (payload: z.output<Schema>, deps: Deps) => Promise<void>;
}

export function defineJob<Schema extends z.ZodType, Deps>(definition: JobDefinition<Schema, Deps>) {
  return definition;
}
