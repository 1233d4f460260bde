import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/tables';

/** The refresh cookie's name on http (development, tests) and on https (`__Host-`: Secure, Path=/). */
export const REFRESH_COOKIE = 'srhr_refresh';
const SECURE_REFRESH_COOKIE = '__Host-srhr_refresh';

/**
 * How long sessions live (docs/security.md#sessions): a family ends `lifetime` after sign-in
 * (`keep` with 'keep me signed in'), or after `idle` without a refresh (not for 'keep me signed
 * in'). A sign-in without a cookie (an API client) gets one ID token and a family that lives as
 * long as it.
 */
export interface SessionPolicy {
  lifetimeSeconds: number;
  keepSeconds: number;
  idleSeconds: number;
  tokenSeconds: number;
}

export const sessionPolicy = (config: Config): SessionPolicy => ({
  lifetimeSeconds: config.SESSION_LIFETIME_SECONDS,
  keepSeconds: config.SESSION_KEEP_SIGNED_IN_SECONDS,
  idleSeconds: config.SESSION_IDLE_SECONDS,
  tokenSeconds: config.ID_TOKEN_TTL_SECONDS,
});

/** Where a sign-in or refresh came from, as 'Your sessions' shows it. */
export interface SessionOrigin {
  userAgent: string | null;
  /** The address prefix (`placeOf`), never the whole address. */
  place: string | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A refresh token is `<family>.<secret>`. A family is one sign-in in one browser: one row holding the
 * hash of its current token. Each refresh swaps the token (rotation); presenting any other token of
 * the family (a copy stolen earlier, replayed after the owner refreshed) ends the whole family, so
 * the thief and the owner both sign in again and the owner notices.
 */
function newToken(familyId: string) {
  return `${familyId}.${randomBytes(32).toString('base64url')}`;
}

/** The family of a token of our own shape (base64url `<family>.<secret>`); null for anything else. */
function familyOf(token: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,99})\.[A-Za-z0-9_-]{1,200}$/.exec(token);
  return match ? match[1]! : null;
}

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);
const earliest = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

/** What a sign-in or refresh tells about its session: whose, which family, until when. */
export interface SessionGrant {
  userId: string;
  familyId: string;
  keepSignedIn: boolean;
  /** The moment the session ends unless refreshed before (its absolute end at the latest). */
  endsAt: Date;
}

/**
 * Opens a session family. `browser`: a refresh token (for the cookie) comes back with it. Otherwise
 * (an API client) the family holds no usable refresh token and ends with the one ID token issued.
 */
export async function openSession(
  db: Db,
  userId: string,
  options: {
    policy: SessionPolicy;
    browser: boolean;
    keepSignedIn?: boolean;
    origin?: SessionOrigin;
    now?: Date;
  },
): Promise<SessionGrant & { token: string | null }> {
  const { policy, browser } = options;
  const now = options.now ?? new Date();
  const keepSignedIn = browser && options.keepSignedIn === true;
  const familyId = randomBytes(16).toString('base64url');
  const token = newToken(familyId);
  const expiresAt = later(
    now,
    !browser ? policy.tokenSeconds : keepSignedIn ? policy.keepSeconds : policy.lifetimeSeconds,
  );
  const endsAt = keepSignedIn || !browser ? expiresAt : earliest(expiresAt, later(now, policy.idleSeconds));
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      family_id: familyId,
      user_id: userId,
      expires_at: expiresAt.toISOString(),
      idle_expires_at: endsAt.toISOString(),
      last_used_at: now.toISOString(),
      keep_signed_in: keepSignedIn,
      kind: browser ? 'browser' : 'api',
      user_agent: options.origin?.userAgent ?? null,
      place: options.origin?.place ?? null,
      created_at: now.toISOString(),
    })
    .execute();
  return { userId, familyId, keepSignedIn, endsAt, token: browser ? token : null };
}

/**
 * Swaps a valid refresh token for a new one of the same family, answering whose session it is and
 * until when it now runs (the idle timeout starts again; the absolute end stays). A token that is
 * not its family's current one (replayed), or of a family past its end, ends the family: null.
 */
export async function rotateSession(
  db: Db,
  token: string,
  options: { policy: SessionPolicy; origin?: SessionOrigin; now?: Date },
): Promise<(SessionGrant & { token: string }) | null> {
  const familyId = familyOf(token);
  if (!familyId) return null;
  const now = options.now ?? new Date();
  const next = newToken(familyId);
  const idleEnd = later(now, options.policy.idleSeconds).toISOString();
  // One statement swaps the token only if it is the current one, so two uses of one token cannot
  // both succeed: the second finds another hash and ends the family.
  const row = await db
    .updateTable('sessions')
    .set({
      token_hash: hashToken(next),
      last_used_at: now.toISOString(),
      idle_expires_at: sql<string>`case when keep_signed_in then expires_at else least(expires_at, ${idleEnd}::timestamptz) end`,
      ...(options.origin ? { user_agent: options.origin.userAgent, place: options.origin.place } : {}),
    })
    .where('family_id', '=', familyId)
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', 'browser')
    .where('idle_expires_at', '>', now)
    .returning(['user_id', 'keep_signed_in', 'idle_expires_at'])
    .executeTakeFirst();
  if (row) {
    return {
      userId: row.user_id,
      familyId,
      keepSignedIn: row.keep_signed_in,
      endsAt: new Date(row.idle_expires_at),
      token: next,
    };
  }
  await db.deleteFrom('sessions').where('family_id', '=', familyId).execute();
  return null;
}

/** Signing out ends the family of the token presented (any of its tokens will do). */
export async function closeSession(db: Db, token: string): Promise<void> {
  const familyId = familyOf(token);
  if (familyId) await db.deleteFrom('sessions').where('family_id', '=', familyId).execute();
}

/** Ends one family of this user (sign-out of an ID token, or 'sign out' on 'Your sessions'). */
export async function endSession(db: Db, userId: string, familyId: string): Promise<boolean> {
  const ended = await db
    .deleteFrom('sessions')
    .where('family_id', '=', familyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(ended.numDeletedRows) > 0;
}

/** 'Sign out everywhere': ends every family of the user; answers how many there were. */
export async function endAllSessions(db: Db, userId: string): Promise<number> {
  const ended = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(ended.numDeletedRows);
}

/**
 * Whether an ID token's family still runs: not signed out, revoked, past its absolute end or idle
 * too long. One statement on the family's unique index, asked once per request.
 */
export async function sessionAlive(db: Db, familyId: string, userId: string, now = new Date()) {
  const row = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('family_id', '=', familyId)
    .where('user_id', '=', userId)
    .where('idle_expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

export interface ActiveSession {
  familyId: string;
  kind: 'browser' | 'api';
  userAgent: string | null;
  place: string | null;
  createdAt: Date;
  lastUsedAt: Date;
  /** When it ends unless used before. */
  endsAt: Date;
  /** When it ends however used. */
  expiresAt: Date;
  keepSignedIn: boolean;
}

/** The user's sessions still running, the most recently used first. */
export async function activeSessions(db: Db, userId: string, now = new Date()): Promise<ActiveSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select([
      'family_id',
      'kind',
      'user_agent',
      'place',
      'created_at',
      'last_used_at',
      'idle_expires_at',
      'expires_at',
      'keep_signed_in',
    ])
    .where('user_id', '=', userId)
    .where('idle_expires_at', '>', now)
    .orderBy('last_used_at', 'desc')
    .orderBy('family_id')
    .execute();
  return rows.map((row) => ({
    familyId: row.family_id,
    kind: row.kind,
    userAgent: row.user_agent,
    place: row.place,
    createdAt: new Date(row.created_at),
    lastUsedAt: new Date(row.last_used_at),
    endsAt: new Date(row.idle_expires_at),
    expiresAt: new Date(row.expires_at),
    keepSignedIn: row.keep_signed_in,
  }));
}

/** The User-Agent as kept with a session: enough to name the browser, bounded. */
export const userAgentOf = (header: string | string[] | undefined): string | null => {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value ? value.slice(0, 400) : null;
};

/**
 * An address as 'Your sessions' shows where a session was used: its network, never the address
 * itself (IPv4 /24, IPv6 /48; an IPv4-mapped IPv6 address as IPv4). Null for anything else.
 */
export function placeOf(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  const family = net.isIP(address);
  if (family === 4) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (family !== 6) return null;
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...front, ...Array(8 - front.length - back.length).fill('0'), ...back]
    : front;
  const network = groups.slice(0, 3).map((group) => Number.parseInt(group, 16).toString(16));
  return `${network.join(':')}::/48`;
}

/** A cookie's value; null when it is missing or not decodable (a malformed cookie is no cookie). */
export function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The refresh cookie. On https it is `__Host-srhr_refresh` (Secure, Path=/, no Domain: only this
 * host, over https, and no subdomain can set it); on http `srhr_refresh` with Path=/auth. Either way
 * HttpOnly and SameSite=Strict, so no other site's page can make the browser send it to /auth/refresh.
 * Without 'keep me signed in' it is a browser-session cookie (gone when the browser closes); with it,
 * it lasts until the session's absolute end (`maxAgeSeconds`).
 */
export function sessionCookie(
  token: string | null,
  secure: boolean,
  options: { maxAgeSeconds?: number | null } = {},
): string {
  const name = secure ? SECURE_REFRESH_COOKIE : REFRESH_COOKIE;
  const attributes = secure
    ? ['Path=/', 'HttpOnly', 'SameSite=Strict', 'Secure']
    : ['Path=/auth', 'HttpOnly', 'SameSite=Strict'];
  if (!token) return [`${name}=`, 'Max-Age=0', ...attributes].join('; ');
  const lasting = options.maxAgeSeconds ? [`Max-Age=${Math.max(1, Math.floor(options.maxAgeSeconds))}`] : [];
  return [`${name}=${token}`, ...lasting, ...attributes].join('; ');
}

/**
 * The refresh token a request carries: on https only the `__Host-` cookie counts (a plain one could
 * have been planted by a sibling subdomain); on http the plain one.
 */
export const refreshTokenOf = (cookieHeader: string | undefined, secure: boolean) =>
  readCookie(cookieHeader, secure ? SECURE_REFRESH_COOKIE : REFRESH_COOKIE);

/** On https, the plain cookie of before the `__Host-` name, cleared where a browser still holds one. */
export const legacyCookieCleared = 'srhr_refresh=; Max-Age=0; Path=/auth; HttpOnly; SameSite=Strict; Secure';
