import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PrivateTables } from './private-tables';

// biome-ignore lint/suspicious/noExplicitAny: narrowed to the private tables
const tables = (db: Kysely<any>) => db as Kysely<PrivateTables>;

export const SESSION_DAYS = 30;
export const REFRESH_COOKIE = 'srhr_refresh';

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

const expiry = (now: Date) => new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString();

/** A browser session: a new family with a random refresh token, stored only as its hash. */
// biome-ignore lint/suspicious/noExplicitAny: the db of the full schema
export async function openSession(db: Kysely<any>, userId: string, now = new Date()): Promise<string> {
  const token = newToken(randomBytes(16).toString('base64url'));
  await tables(db)
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      family_id: familyOf(token)!,
      user_id: userId,
      expires_at: expiry(now),
    })
    .execute();
  return token;
}

/**
 * Swaps a valid refresh token for a new one of the same family, answering whose session it is. A
 * token that is not its family's current one (replayed, or expired) ends the family: null.
 */
// biome-ignore lint/suspicious/noExplicitAny: the db of the full schema
export async function rotateSession(db: Kysely<any>, token: string, now = new Date()) {
  const familyId = familyOf(token);
  if (!familyId) return null;
  const next = newToken(familyId);
  // One statement swaps the token only if it is the current one, so two uses of one token cannot
  // both succeed: the second finds another hash and ends the family.
  const row = await tables(db)
    .updateTable('sessions')
    .set({ token_hash: hashToken(next), expires_at: expiry(now) })
    .where('family_id', '=', familyId)
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (row) return { userId: row.user_id, token: next };
  await tables(db).deleteFrom('sessions').where('family_id', '=', familyId).execute();
  return null;
}

/** Signing out ends the family of the token presented (any of its tokens will do). */
// biome-ignore lint/suspicious/noExplicitAny: the db of the full schema
export async function closeSession(db: Kysely<any>, token: string): Promise<void> {
  const familyId = familyOf(token);
  if (familyId) await tables(db).deleteFrom('sessions').where('family_id', '=', familyId).execute();
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

export function sessionCookie(token: string | null, secure: boolean): string {
  const attributes = ['Path=/auth', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  return token
    ? [`${REFRESH_COOKIE}=${token}`, `Max-Age=${SESSION_DAYS * 86_400}`, ...attributes].join('; ')
    : [`${REFRESH_COOKIE}=`, 'Max-Age=0', ...attributes].join('; ');
}
