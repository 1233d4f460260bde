import pg from 'pg';
import type { Logger } from 'pino';

/**
 * The advisory lock instances sharing a PostgreSQL database take for their start-up work
 * (migrations, catching up projections, seeding the demo, recording the signing key): instances
 * started together do that work one after the other, so the first does it and the rest find it done.
 * Stream locks (`pg_advisory_xact_lock(hashtextextended(stream, 0))`) use the same key space; no
 * stream is named like this.
 */
const STARTUP_LOCK = 'srhr-platform: start-up work';

/** Stops the start: the database named by DATABASE_URL cannot be used. */
export class DatabaseUnreachableError extends Error {}

/** The URL without its password, fit for a message. */
function withoutPassword(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'the configured address';
  }
}

/**
 * What went wrong reaching the database, naming DATABASE_URL, or null for an error that is not
 * about reaching it (a failed migration, a bug).
 */
export function unreachableMessage(connectionString: string, error: unknown): string | null {
  const { code, message } = error as { code?: string; message?: string };
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'nothing answers at that host and port',
    ENOTFOUND: 'the host name is unknown',
    EAI_AGAIN: 'the host name could not be looked up',
    ETIMEDOUT: 'the connection timed out',
    EHOSTUNREACH: 'the host is unreachable',
    ECONNRESET: 'the server closed the connection',
    '28P01': 'the password was refused',
    '28000': 'the server refuses this user or address',
    '3D000': 'that database does not exist',
  };
  const timedOut = typeof message === 'string' && /timeout|timed out/i.test(message);
  const reason = (code && reasons[code]) ?? (timedOut ? reasons.ETIMEDOUT : null);
  if (!reason) return null;
  return `DATABASE_URL: cannot use the database at ${withoutPassword(connectionString)}: ${reason} (${message || code}).`;
}

/**
 * Waits for the start-up lock on its own connection (not one of the pool's, which the start-up work
 * itself needs, however small DATABASE_POOL_SIZE is) and returns its release. The lock goes with the
 * connection, so an instance that dies mid-way frees it for the next.
 */
export async function takeStartupLock(connectionString: string, log: Logger): Promise<() => Promise<void>> {
  const client = new pg.Client({
    connectionString,
    connectionTimeoutMillis: 30_000,
    application_name: 'srhr-platform start-up',
  });
  // A connection lost while waiting shows as the failing query below.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new DatabaseUnreachableError(
      unreachableMessage(connectionString, error) ??
        `DATABASE_URL: cannot use the database at ${withoutPassword(connectionString)}: ${(error as Error).message}`,
    );
  }
  try {
    const { rows } = await client.query<{ taken: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as taken',
      [STARTUP_LOCK],
    );
    if (!rows[0]?.taken) {
      log.info('another instance is doing its start-up work on this database; waiting for it to finish');
      await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [STARTUP_LOCK]);
    }
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  let released: Promise<void> | null = null;
  // Ending the session releases its advisory locks.
  return () => {
    released ??= client.end().catch(() => {});
    return released;
  };
}
