import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { defineJob } from '../job';

/** Drops every session family past its end (absolute or idle); answers how many went. */
// biome-ignore lint/suspicious/noExplicitAny: deletes from sessions of the full schema
export async function sweepEndedSessions(db: Kysely<any>, now: Date): Promise<number> {
  const result =
    await sql`delete from sessions where idle_expires_at <= ${now.toISOString()}::timestamptz`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Every fifteen minutes: a session that ended by time is refused from its end on (every check
 * compares its end with the clock); the sweep only keeps the table to the sessions that run, so
 * nothing about a browser (its User-Agent, its network) is kept longer than its session.
 */
export const sweepSessionsJob = defineJob({
  name: 'sessions.sweep',
  schema: z.object({}).passthrough(),
  retryLimit: 1,
  retryDelay: 30,
  policy: 'stately',
  schedule: '*/15 * * * *',
  forgetWhenSettled: true,
  // biome-ignore lint/suspicious/noExplicitAny: deletes from sessions of the full schema
  handler: async (_payload: unknown, deps: { db: Kysely<any> }) => {
    await sweepEndedSessions(deps.db, new Date());
  },
});
