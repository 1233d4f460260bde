import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { DomainError } from '../../events/errors';
import type { PrivateTables } from './private-tables';

// biome-ignore lint/suspicious/noExplicitAny: the db or a transaction of the full schema
type AnyDb = Kysely<any>;

/**
 * A fixed-window counter in the database, so every instance behind a load balancer shares it.
 * Keys are hashed: the table never holds an e-mail address or an IP in clear.
 */
export async function hit(
  db: AnyDb,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<void> {
  const hashed = createHash('sha256').update(key).digest('hex');
  const windowStart = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const { rows } = await sql<{ count: number }>`
    insert into rate_limits (key, window_start, count) values (${hashed}, ${now.toISOString()}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start < ${windowStart} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < ${windowStart} then ${now.toISOString()}::timestamptz
                          else rate_limits.window_start end
    returning count`.execute(db as Kysely<PrivateTables>);
  if ((rows[0]?.count ?? 0) > limit) throw new DomainError('RATE_LIMITED', 'auth.tooManyAttempts');
}

/**
 * Refuses when the key has already reached its limit in the current window, without counting
 * this attempt (for limits that count only failures, recorded with `hit`).
 */
export async function refuseWhenSpent(
  db: AnyDb,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<void> {
  const hashed = createHash('sha256').update(key).digest('hex');
  const windowStart = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const { rows } = await sql<{ count: number }>`
    select count from rate_limits where key = ${hashed} and window_start >= ${windowStart}`.execute(
    db as Kysely<PrivateTables>,
  );
  if ((rows[0]?.count ?? 0) >= limit) throw new DomainError('RATE_LIMITED', 'auth.tooManyAttempts');
}

export const limits = {
  signInPerEmail: [10, 15 * 60],
  signInPerIp: [50, 15 * 60],
  codePerEmail: [10, 15 * 60],
  codePerIp: [50, 15 * 60],
  mailPerEmail: [5, 60 * 60],
} as const satisfies Record<string, readonly [number, number]>;
