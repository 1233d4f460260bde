import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { defineJob } from '../job';

export interface CompactDeps {
  // biome-ignore lint/suspicious/noExplicitAny: vacuums tables of the full schema
  db: Kysely<any>;
  /** Which database the platform runs on: the embedded one is compacted for good, a server one only vacuumed. */
  databaseKind: 'embedded' | 'server';
}

export const COMPACT_JOB = 'erasure.compact';
/** One queued compaction covers every erasure before it runs (pg-boss `stately`). */
export const COMPACT_KEY = 'erasure-compact';

/** More would mean segments recycled by an older version are still waiting to be used up. */
const MAX_WAL_SWITCHES = 8;

/**
 * Deleted rows stay in the table and index files as dead tuples, readable with a hex editor, until
 * their space is reused; and the WAL holds the inserts that wrote them. On the embedded database the
 * tables are rewritten (VACUUM FULL: new files holding live rows only; the old ones are unlinked),
 * then WAL segments are switched and checkpointed away without recycling (a recycled segment keeps
 * its old bytes under a new name). On PostgreSQL a VACUUM FULL would lock each table for as long as
 * it takes, so the tables are only vacuumed (the space becomes reusable); what remains there is in
 * docs/security.md#erasure. The event log is left alone: it is append-only and its personal fields
 * are sealed.
 */
async function compactAfterErasure(deps: CompactDeps): Promise<void> {
  const { rows: tables } = await sql<{ schema: string; name: string }>`
    select schemaname as schema, tablename as name from pg_tables
    where schemaname in ('public', 'pgboss') and not (schemaname = 'public' and tablename = 'events')
    order by 1, 2`.execute(deps.db);
  const full = deps.databaseKind === 'embedded';
  for (const table of tables) {
    const name = sql.table(`${table.schema}.${table.name}`);
    await sql`${full ? sql`vacuum full` : sql`vacuum`} ${name}`.execute(deps.db);
  }
  if (!full) return;
  // PGlite is one session, pg-boss's included: the setting holds from here on.
  await sql`set wal_recycle = off`.execute(deps.db);
  for (let switched = 0; switched < MAX_WAL_SWITCHES; switched++) {
    await sql`select pg_switch_wal()`.execute(deps.db);
    await sql`checkpoint`.execute(deps.db);
    const { rows } = await sql<{ segments: number }>`
      select count(*)::int as segments from pg_ls_waldir() where name ~ '^[0-9A-F]{24}$'`.execute(deps.db);
    if ((rows[0]?.segments ?? 0) <= 1) return;
  }
}

/**
 * Queued by every UserDeleted (jobs/follow-ups.ts), in the erasure's transaction: runs after it has
 * committed, since VACUUM cannot run inside a transaction, and still runs if the process dies first.
 */
export const compactAfterErasureJob = defineJob({
  name: COMPACT_JOB,
  schema: z.object({}),
  retryLimit: 3,
  retryDelay: 30,
  policy: 'stately',
  forgetWhenSettled: true,
  handler: async (_payload: unknown, deps: CompactDeps) => {
    await compactAfterErasure(deps);
  },
});
