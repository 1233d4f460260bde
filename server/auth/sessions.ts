import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PrivateTables } from './private-tables';

// biome-ignore lint/suspicious/noExplicitAny: narrowed to the private tables
const tables = (db: Kysely<any>) => db as Kysely<PrivateTables>;

export const SESSION_DAYS = 30;
export const REFRESH_COOKIE = 'srhr_refresh';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A browser session: a random refresh token, stored only as its hash. */
// biome-ignore lint/suspicious/noExplicitAny: the db of the full schema
export async function openSession(db: Kysely<any>, userId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tables(db)
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
    })
    .execute();
  return token;
}

/** Swaps a valid refresh token for a new one (rotation), answering whose session it is. */
// biome-ignore lint/suspicious/noExplicitAny: the db of the full schema
export async function rotateSession(db: Kysely<any>, token: string, now = new Date()) {
  const row = await tables(db)
    .deleteFrom('sessions')
    .where('token_hash', '=', hashToken(token))
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst();
  if (!row || new Date(row.expires_at) < now) return null;
  return { userId: row.user_id, token: await openSession(db, row.user_id, now) };
}

// biome-ignore lint/suspicious/noExplicitAny: the db of the full schema
export async function closeSession(db: Kysely<any>, token: string): Promise<void> {
  await tables(db).deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

export function sessionCookie(token: string | null, secure: boolean): string {
  const attributes = ['Path=/auth', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  return token
    ? [`${REFRESH_COOKIE}=${token}`, `Max-Age=${SESSION_DAYS * 86_400}`, ...attributes].join('; ')
    : [`${REFRESH_COOKIE}=`, 'Max-Age=0', ...attributes].join('; ');
}
