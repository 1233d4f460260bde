import { createHmac } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { DomainError } from '../../events/errors';
import type { PrivateTables } from './private-tables';

// biome-ignore lint/suspicious/noExplicitAny: the db or a transaction of the full schema
type AnyDb = Kysely<any>;

/**
 * The stored form of a counter's key: an HMAC under the platform's limit secret (see TokenKeys), so
 * the table never holds an e-mail address or an IP in clear, and a copy of the database cannot be
 * searched for one by hashing candidates (a plain hash of an address can be).
 */
export const limitKey = (secret: Buffer, key: string) =>
  createHmac('sha256', secret).update(key).digest('hex');

/** When a window opened at `now` ends: the row may be swept from then on (see sweepRateLimits). */
const windowEnd = (now: Date, windowSeconds: number) =>
  new Date(now.getTime() + windowSeconds * 1000).toISOString();

/**
 * A fixed-window counter in the database, so every instance behind a load balancer shares it.
 * Keys are keyed hashes (limitKey); a row outlives its window only until the next sweep.
 */
export async function hit(
  db: AnyDb,
  secret: Buffer,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<void> {
  const hashed = limitKey(secret, key);
  const windowStart = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const { rows } = await sql<{ count: number }>`
    insert into rate_limits (key, window_start, count, expires_at)
    values (${hashed}, ${now.toISOString()}, 1, ${windowEnd(now, windowSeconds)})
    on conflict (key) do update set
      count = case when rate_limits.window_start < ${windowStart} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < ${windowStart} then excluded.window_start
                          else rate_limits.window_start end,
      expires_at = case when rate_limits.window_start < ${windowStart} then excluded.expires_at
                        else rate_limits.expires_at end
    returning count`.execute(db as Kysely<PrivateTables>);
  if ((rows[0]?.count ?? 0) > limit) throw new DomainError('RATE_LIMITED', 'auth.tooManyAttempts');
}

/** The counts of several keys in their current window (0 for a key not counted yet), in one statement. */
export async function counts(
  db: AnyDb,
  secret: Buffer,
  keys: readonly string[],
  windowSeconds: number,
  now: Date,
): Promise<number[]> {
  const hashed = keys.map((key) => limitKey(secret, key));
  const windowStart = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const { rows } = await sql<{ key: string; count: number }>`
    select key, count from rate_limits where key in (${sql.join(hashed)}) and window_start >= ${windowStart}`.execute(
    db as Kysely<PrivateTables>,
  );
  return hashed.map((key) => rows.find((row) => row.key === key)?.count ?? 0);
}

/** Counts one more event for each key (a failed sign-in, say) without refusing anything; one statement. */
export async function record(
  db: AnyDb,
  secret: Buffer,
  keys: readonly string[],
  windowSeconds: number,
  now: Date,
): Promise<void> {
  const windowStart = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const at = now.toISOString();
  const ends = windowEnd(now, windowSeconds);
  const values = keys.map(
    (key) => sql`(${limitKey(secret, key)}, ${at}::timestamptz, 1, ${ends}::timestamptz)`,
  );
  await sql`
    insert into rate_limits (key, window_start, count, expires_at) values ${sql.join(values)}
    on conflict (key) do update set
      count = case when rate_limits.window_start < ${windowStart} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < ${windowStart} then excluded.window_start
                          else rate_limits.window_start end,
      expires_at = case when rate_limits.window_start < ${windowStart} then excluded.expires_at
                        else rate_limits.expires_at end`.execute(db as Kysely<PrivateTables>);
}

/**
 * How long to hold the answer to a sign-in for an address that has seen `failures` failed sign-ins
 * from all clients together in the window: nothing up to a threshold, then a growing wait (capped).
 * The wait applies to right and wrong passwords alike, so it tells nothing and never shuts the owner out.
 */
export function signInSlowdownMs(failures: number): number {
  const over = failures - SLOW_DOWN_AFTER;
  return over <= 0 ? 0 : Math.min(MAX_SLOWDOWN_MS, over * SLOWDOWN_STEP_MS);
}
const SLOW_DOWN_AFTER = 10;
const SLOWDOWN_STEP_MS = 250;
const MAX_SLOWDOWN_MS = 10_000;

export const limits = {
  /** Failed sign-ins for one address from one client: then that client waits out the window. */
  signInPerEmailAndClient: [10, 15 * 60],
  /** Failed sign-ins from one client over all addresses. */
  signInPerIp: [50, 15 * 60],
  /** Codes tried for one address from one client. */
  codePerEmailAndClient: [10, 15 * 60],
  mailPerEmail: [5, 60 * 60],
} as const satisfies Record<string, readonly [number, number]>;
