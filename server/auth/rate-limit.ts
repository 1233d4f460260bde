import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { DomainError } from '../../events/errors';
import type { Db } from '../db/tables';

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
  db: Db,
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
    returning count`.execute(db);
  if ((rows[0]?.count ?? 0) > limit) throw new DomainError('RATE_LIMITED', 'auth.tooManyAttempts');
}

/** A counter and its window, as `reserve` counts it. */
export interface Counted {
  key: string;
  windowSeconds: number;
}

/**
 * Counts one more attempt on each key, before the attempt is made, and answers each key's count
 * with it (in the order given): one statement, so of many parallel attempts each sees its own
 * count and no two see the same. Rows are written in the order of their stored keys, so two
 * statements sharing some keys take their row locks in the same order (no deadlock on PostgreSQL).
 */
export async function reserve(
  db: Db,
  secret: Buffer,
  counted: readonly Counted[],
  now: Date,
): Promise<number[]> {
  const at = now.toISOString();
  const rows = counted
    .map(({ key, windowSeconds }) => ({ hashed: limitKey(secret, key), ends: windowEnd(now, windowSeconds) }))
    .sort((a, b) => (a.hashed < b.hashed ? -1 : a.hashed > b.hashed ? 1 : 0));
  const values = rows.map(
    ({ hashed, ends }) => sql`(${hashed}, ${at}::timestamptz, 1, ${ends}::timestamptz)`,
  );
  // A window has passed when its end is not after now: then the count starts again at one.
  const { rows: counts } = await sql<{ key: string; count: number }>`
    insert into rate_limits (key, window_start, count, expires_at) values ${sql.join(values)}
    on conflict (key) do update set
      count = case when rate_limits.expires_at <= excluded.window_start then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.expires_at <= excluded.window_start then excluded.window_start
                          else rate_limits.window_start end,
      expires_at = case when rate_limits.expires_at <= excluded.window_start then excluded.expires_at
                        else rate_limits.expires_at end
    returning key, count`.execute(db);
  return counted.map(({ key }) => {
    const hashed = limitKey(secret, key);
    return Number(counts.find((row) => row.key === hashed)?.count ?? 0);
  });
}

/** Takes back attempts `reserve` counted (a right password is no guess). */
export async function giveBack(db: Db, secret: Buffer, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const hashed = keys.map((key) => limitKey(secret, key));
  await sql`update rate_limits set count = count - 1 where key in (${sql.join(hashed)}) and count > 0`.execute(
    db,
  );
}

/** Starts the keys' counts afresh (an account unlocked by its owner). */
export async function forget(db: Db, secret: Buffer, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const hashed = keys.map((key) => limitKey(secret, key));
  await sql`delete from rate_limits where key in (${sql.join(hashed)})`.execute(db);
}

export const limits = {
  /** Failed sign-ins for one address from one client: then that client waits out the window. */
  signInPerEmailAndClient: [10, 15 * 60],
  /** Failed sign-ins from one client over all addresses. */
  signInPerIp: [50, 15 * 60],
  /**
   * Failed sign-ins for one account from everywhere together (both windows): past either, the
   * account is locked, and signs in only with the code mailed to it (or from a trusted device).
   */
  signInPerAccount: [10, 15 * 60],
  signInPerAccountHourly: [100, 60 * 60],
  /** Failed sign-ins from one trusted device of the account (one that signed in to it before). */
  signInPerTrustedDevice: [10, 15 * 60],
  /** Codes tried for one address from one client. */
  codePerEmailAndClient: [10, 15 * 60],
  mailPerEmail: [5, 60 * 60],
  /**
   * Fetches of one private calendar feed: calendar apps poll every quarter hour at the most, so this
   * leaves room for several devices and stops a leaked address being hammered.
   */
  calendarFeedPerToken: [60, 60 * 60],
} as const satisfies Record<string, readonly [number, number]>;
