import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import type { TextKey } from '../../events/errors';
import type { PrivateTables } from '../auth/private-tables';
import { limitKey } from '../auth/rate-limit';
import { requestLanguage, translator } from '../i18n';
import type { Platform } from '../platform';

/** The most calls one tRPC batch may carry; the client's batch link sends at most as many. */
export const TRPC_MAX_BATCH = 20;

type Scope = 'api' | 'upload';

/**
 * Which limited surface a request reaches: tRPC, GraphQL and the OAuth token endpoint share one
 * budget, uploads have their own.
 */
function scopeOf(request: FastifyRequest, path: string): Scope | null {
  if (request.method === 'OPTIONS') return null;
  if (path.startsWith('/trpc/') || path === '/graphql' || path === '/oauth/token') return 'api';
  if (path === '/api/uploads' && request.method === 'POST') return 'upload';
  return null;
}

interface Counted {
  key: string;
  limit: number;
}

/** A share of a key's budget this instance took from the shared counter and spends locally. */
interface Lease {
  windowEnds: number;
  granted: number;
  used: number;
}

/**
 * How much of a limit one instance takes at once: a twentieth (one for small limits, so they count
 * exactly). Admitted requests never exceed the limit across instances; an instance that stops
 * calling may leave part of its share unused until the window ends.
 */
export const leaseSize = (limit: number) => Math.max(1, Math.floor(limit / 20));

/**
 * Request counters per key (a fixed window per key, in the `rate_limits` table every instance
 * shares), taken in leases: a request spends from this instance's lease without touching the
 * database, and only an exhausted or expired lease takes the next share, for every such key in one
 * statement. `count` returns the seconds until the first exhausted window ends, or null when every
 * key is within its limit. Keys are keyed hashes, like the sign-in limits, and each row carries the
 * end of its window so the sweep can drop it afterwards.
 */
function requestCounter(db: Kysely<PrivateTables>, secret: Buffer, windowSeconds: number) {
  const leases = new Map<string, Lease>();
  /**
   * The share being taken for a key: requests arriving meanwhile wait for it instead of each taking
   * a share of their own (32 concurrent requests of one user took 32 twentieths of the budget, and
   * were refused for the rest of the window).
   */
  const taking = new Map<string, Promise<unknown>>();
  const forget = (now: number) => {
    for (const [key, lease] of leases) if (lease.windowEnds <= now) leases.delete(key);
  };

  /** Takes the next share of each key in one statement; the seconds to wait when one is refused. */
  async function takeShares(wanted: Map<string, Counted>, now: Date): Promise<number | null> {
    const at = now.getTime();
    const nowText = now.toISOString();
    const windowStart = new Date(at - windowSeconds * 1000).toISOString();
    const ends = new Date(at + windowSeconds * 1000).toISOString();
    const values = sql.join(
      [...wanted].map(
        ([key, entry]) =>
          sql`(${key}, ${nowText}::timestamptz, ${leaseSize(entry.limit)}::int, ${ends}::timestamptz)`,
      ),
    );
    const { rows } = await sql<{ key: string; count: number; window_start: Date | string }>`
      insert into rate_limits (key, window_start, count, expires_at) values ${values}
      on conflict (key) do update set
        count = case when rate_limits.window_start <= ${windowStart}::timestamptz then excluded.count
                     else rate_limits.count + excluded.count end,
        window_start = case when rate_limits.window_start <= ${windowStart}::timestamptz then ${nowText}::timestamptz
                            else rate_limits.window_start end,
        expires_at = case when rate_limits.window_start <= ${windowStart}::timestamptz then excluded.expires_at
                          else rate_limits.expires_at end
      returning key, count, window_start`.execute(db);
    let retryAfter: number | null = null;
    for (const row of rows) {
      const entry = wanted.get(row.key);
      if (!entry) continue;
      const size = leaseSize(entry.limit);
      const windowEnds = new Date(row.window_start).getTime() + windowSeconds * 1000;
      // What the shared counter held before this share: the share is granted up to the limit.
      const granted = Math.min(size, entry.limit - (row.count - size));
      if (granted > 0) {
        leases.set(row.key, { windowEnds, granted, used: 1 });
        continue;
      }
      leases.delete(row.key);
      const seconds = Math.max(1, Math.ceil((windowEnds - at) / 1000));
      retryAfter = Math.max(retryAfter ?? 0, seconds);
    }
    return retryAfter;
  }

  return async function count(keys: Counted[], now: Date): Promise<number | null> {
    const at = now.getTime();
    if (leases.size > 10_000) forget(at);
    const wanted = new Map<string, Counted>();
    const waiting: { pending: Promise<unknown>; entry: Counted }[] = [];
    for (const entry of keys) {
      const hashed = limitKey(secret, entry.key);
      const lease = leases.get(hashed);
      const pending = taking.get(hashed);
      if (lease && lease.windowEnds > at && lease.used < lease.granted) lease.used += 1;
      else if (pending) waiting.push({ pending, entry });
      else wanted.set(hashed, entry);
    }
    let retryAfter: number | null = null;
    if (wanted.size > 0) {
      const took = takeShares(wanted, now);
      for (const key of wanted.keys()) taking.set(key, took);
      try {
        retryAfter = await took;
      } finally {
        for (const key of wanted.keys()) if (taking.get(key) === took) taking.delete(key);
      }
    }
    // Then spend from the share just taken by another request (or take the next one if it is gone).
    for (const { pending, entry } of waiting) {
      await pending.catch(() => {});
      const seconds = await count([entry], now);
      if (seconds !== null) retryAfter = Math.max(retryAfter ?? 0, seconds);
    }
    return retryAfter;
  };
}

/** The tRPC paths a request calls: `a,b` for a batch of two. */
function trpcPaths(path: string): string[] {
  let called = path.slice('/trpc/'.length);
  try {
    called = decodeURIComponent(called);
  } catch {
    // a malformed escape is tRPC's to refuse
  }
  return called.split(',');
}

/**
 * Whether tRPC can read the procedure path: Fastify decodes the URL once and tRPC's adapter decodes
 * the path again, so a `%25` that leaves a '%' starting no escape (`/trpc/a%25ZZ`) would throw a
 * URIError inside tRPC and answer 500. It is the caller's mistake: 400.
 */
function readableTrpcPath(path: string): boolean {
  try {
    decodeURIComponent(decodeURIComponent(path.slice('/trpc/'.length)));
    return true;
  } catch {
    return false;
  }
}

/** A refusal in the shape the caller's protocol reads: tRPC envelopes (one per call), GraphQL errors, or plain JSON. */
function refuse(request: FastifyRequest, reply: FastifyReply, path: string, status: 400 | 429, key: TextKey) {
  const message = translator(requestLanguage(request.headers))(key);
  if (path.startsWith('/trpc/')) {
    const code = status === 429 ? 'TOO_MANY_REQUESTS' : 'BAD_REQUEST';
    const envelope = (called: string) => ({
      error: {
        message,
        code: status === 429 ? -32029 : -32600,
        data: { code, httpStatus: status, path: called, key, fields: [] },
      },
    });
    const paths = trpcPaths(path);
    const batch = /[?&]batch=(1|true)\b/.test(request.url);
    return reply
      .code(status)
      .send(batch && status === 429 ? paths.map(envelope) : envelope(paths.length === 1 ? paths[0]! : ''));
  }
  if (path === '/graphql') {
    const code = status === 429 ? 'TOO_MANY_REQUESTS' : 'BAD_REQUEST';
    return reply.code(status).send({ errors: [{ message, extensions: { code, key } }] });
  }
  return reply.code(status).send({ key, message });
}

/**
 * Request limits for tRPC, GraphQL and uploads, shared by every instance through the database
 * (in leases, see requestCounter):
 * per client address (TRUST_PROXY decides what that is) and, for a signed-in caller, per user.
 * Over a limit the answer is 429 with Retry-After and a translated message. tRPC batches above
 * TRPC_MAX_BATCH calls, and tRPC paths tRPC could not decode, are refused with 400 before anything runs.
 */
export const requestLimits = fp(
  async (app: FastifyInstance, { platform }: { platform: Platform }) => {
    const config = platform.config;
    const windowSeconds = config.RATE_LIMIT_WINDOW_SECONDS;
    const count = requestCounter(
      platform.database.db as unknown as Kysely<PrivateTables>,
      platform.keys.limitSecret,
      windowSeconds,
    );
    const limitsOf = (scope: Scope) =>
      scope === 'api'
        ? { address: config.RATE_LIMIT_PER_ADDRESS, user: config.RATE_LIMIT_PER_USER }
        : { address: config.RATE_LIMIT_UPLOADS, user: config.RATE_LIMIT_UPLOADS };

    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const scope = scopeOf(request, path);
      if (!scope) return;
      if (path.startsWith('/trpc/') && !readableTrpcPath(path)) {
        return refuse(request, reply, path, 400, 'errors.malformedRequest');
      }
      if (path.startsWith('/trpc/') && trpcPaths(path).length > TRPC_MAX_BATCH) {
        return refuse(request, reply, path, 400, 'errors.batchTooLarge');
      }
      const limits = limitsOf(scope);
      const keys: Counted[] = [];
      if (limits.address > 0)
        keys.push({ key: `request:${scope}:address:${request.ip}`, limit: limits.address });
      if (limits.user > 0) {
        const actor = await request.actor;
        if (actor) keys.push({ key: `request:${scope}:user:${actor.userId}`, limit: limits.user });
      }
      const retryAfter = await count(keys, new Date());
      if (retryAfter === null) return;
      request.log.warn({ scope, retryAfter }, 'request limit reached');
      reply.header('retry-after', String(retryAfter));
      return refuse(request, reply, path, 429, 'errors.tooManyRequests');
    });
  },
  { name: 'request-limits', fastify: '5.x', dependencies: ['request-actor'] },
);
