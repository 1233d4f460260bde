import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { defineJob } from '../job';

export interface SweepDeps {
  // biome-ignore lint/suspicious/noExplicitAny: deletes from rate_limits of the full schema
  db: Kysely<any>;
}

/** Drops every rate-limit counter whose window has ended; answers how many went. */
export async function sweepRateLimits(db: SweepDeps['db'], now: Date): Promise<number> {
  const result =
    await sql`delete from rate_limits where expires_at <= ${now.toISOString()}::timestamptz`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Every five minutes: a counter (a keyed hash of an address, an IP or a user id) lives only as long
 * as its window, plus at most one sweep interval. A sweep of its own keeps every limited request at
 * one statement, and quiet servers lose their rows too, not only busy ones.
 */
export const sweepRateLimitsJob = defineJob({
  name: 'rate-limits.sweep',
  schema: z.object({}).passthrough(),
  retryLimit: 1,
  retryDelay: 30,
  policy: 'stately',
  schedule: '*/5 * * * *',
  forgetWhenSettled: true,
  handler: async (_payload: unknown, deps: SweepDeps) => {
    await sweepRateLimits(deps.db, new Date());
  },
});
