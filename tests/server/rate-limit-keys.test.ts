import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepRateLimits, sweepRateLimitsJob } from '../../jobs/auth/sweep-rate-limits';
import { buildApp } from '../../server/app';
import { loadOrCreateKeys } from '../../server/auth/keys';
import { limitKey } from '../../server/auth/rate-limit';
import { emptyClientRoot } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function privateJwk() {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return JSON.stringify({ ...(await exportJWK(privateKey)), alg: 'ES256', kid: crypto.randomUUID() });
}

describe('the rate-limit secret', () => {
  it('is the same for every instance given one signing key, and differs for another key', async () => {
    const jwk = await privateJwk();
    const first = await loadOrCreateKeys(null, jwk);
    const second = await loadOrCreateKeys(null, jwk);
    const other = await loadOrCreateKeys(null, await privateJwk());
    expect(first.limitSecret).toHaveLength(32);
    expect(limitKey(first.limitSecret, 'signin:a@example.org')).toBe(
      limitKey(second.limitSecret, 'signin:a@example.org'),
    );
    expect(limitKey(other.limitSecret, 'signin:a@example.org')).not.toBe(
      limitKey(first.limitSecret, 'signin:a@example.org'),
    );
  });
});

describe.each(databaseKinds)('rate-limit rows on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const rows = async () =>
    (
      await sql<{ key: string; window_start: Date; expires_at: Date }>`
        select key, window_start, expires_at from rate_limits`.execute(platform.database.db)
    ).rows;
  beforeAll(async () => {
    platform = await startTestPlatform(kind, { workJobs: true });
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('are keyed hashes, not plain hashes anyone could recompute from an address or an IP', async () => {
    const email = `nobody-${kind}@example.org`;
    const ip = '10.91.0.7';
    const signIn = await app.inject({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email, password: 'not-the-password' },
      remoteAddress: ip,
    });
    expect(signIn.statusCode).toBe(401);
    await app.inject({ url: '/trpc/tenant.get', remoteAddress: ip });
    const keys = (await rows()).map((row) => row.key);
    const counted = [`signin:${email}`, `signin-ip:${ip}`, `request:api:address:${ip}`];
    for (const key of counted) {
      expect(keys).toContain(limitKey(platform.keys.limitSecret, key));
      expect(keys).not.toContain(sha256(key));
    }
  });

  it('carry the end of their window, and the sweep drops them once it has passed', async () => {
    const now = Date.now();
    const stored = await rows();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      const window = new Date(row.expires_at).getTime() - new Date(row.window_start).getTime();
      // 60 s for requests, 15 min for sign-ins, an hour for an account's sign-ins.
      expect([60_000, 15 * 60_000, 60 * 60_000]).toContain(window);
    }
    expect(await sweepRateLimits(platform.database.db, new Date(now + 61_000))).toBeGreaterThan(0);
    const left = await rows();
    expect(left.length).toBeGreaterThan(0);
    for (const row of left) expect(new Date(row.expires_at).getTime()).toBeGreaterThan(now + 61_000);
    await sweepRateLimits(platform.database.db, new Date(now + 61 * 60_000));
    expect(await rows()).toEqual([]);
  });

  it('are swept by a job pg-boss runs every five minutes', async () => {
    const schedules = await platform.jobs.boss.getSchedules('rate-limits.sweep');
    expect(schedules.map((schedule) => schedule.cron)).toEqual(['*/5 * * * *']);
    // What pg-boss sends on that schedule is what the job accepts (it used to send null, refused).
    expect(sweepRateLimitsJob.schema.safeParse(schedules[0]!.data).success).toBe(true);
  });
});
