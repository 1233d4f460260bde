import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { limitKey } from '../../server/auth/rate-limit';
import { ConfigError, loadConfig } from '../../server/config';
import { type Platform, startPlatform } from '../../server/platform';
import { leaseSize, TRPC_MAX_BATCH } from '../../server/plugins/request-limits';
import { emptyClientRoot } from '../graphql/client';
import { createPostgresDatabase, databaseKinds, startTestPlatform } from '../harness';
import { addTestUser } from '../users';

const baseEnv = {
  NODE_ENV: 'test',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/tmp/platform-tests-unused',
};

/**
 * Two app instances on one database: on PostgreSQL two platforms (pools, processes' worth of
 * state) on the same database; on PGlite two apps over the one embedded database.
 */
async function twoInstances(kind: 'pglite' | 'postgres', env: Record<string, string>) {
  const config = loadConfig({ ...baseEnv, ...env });
  const clientRoot = emptyClientRoot();
  if (kind === 'pglite') {
    const platform = await startTestPlatform(kind, { env });
    const apps = [await buildApp(platform, { clientRoot }), await buildApp(platform, { clientRoot })];
    return {
      platform: platform as Platform,
      apps,
      dispose: async () => {
        for (const app of apps) await app.close();
        await platform.dispose();
      },
    };
  }
  const database = await createPostgresDatabase();
  const log = pino({ level: 'silent' });
  const target = { kind: 'server' as const, connectionString: database.url, poolSize: 4 };
  const first = await startPlatform(config, log, { target, workJobs: false });
  const second = await startPlatform(config, log, { target, workJobs: false });
  const apps = [await buildApp(first, { clientRoot }), await buildApp(second, { clientRoot })];
  return {
    platform: first,
    apps,
    dispose: async () => {
      for (const app of apps) await app.close();
      await first.close();
      await second.close();
      await database.drop();
    },
  };
}

const tenantCall = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/trpc/tenant.get', headers });

describe.each(databaseKinds)('API limits on %s', (kind) => {
  describe('request rate limits', () => {
    let instances: Awaited<ReturnType<typeof twoInstances>>;
    beforeAll(async () => {
      instances = await twoInstances(kind, {
        RATE_LIMIT_PER_ADDRESS: '4',
        RATE_LIMIT_PER_USER: '3',
        RATE_LIMIT_UPLOADS: '2',
        TRUST_PROXY: '1',
      });
    });
    afterAll(async () => {
      await instances?.dispose();
    });

    it('counts one address across two instances and answers 429 with Retry-After and a translated message', async () => {
      const [one, two] = instances.apps as [FastifyInstance, FastifyInstance];
      const from = { 'x-forwarded-for': '203.0.113.10' };
      expect((await tenantCall(one, from)).statusCode).toBe(200);
      expect((await tenantCall(two, from)).statusCode).toBe(200);
      expect((await tenantCall(one, from)).statusCode).toBe(200);
      expect((await tenantCall(two, from)).statusCode).toBe(200);
      const refused = await tenantCall(one, { ...from, 'x-language': 'nl' });
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const body = refused.json() as { error: { message: string; data: { code: string; key: string } } };
      expect(body.error.message).toBe('Te veel verzoeken. Wacht even en probeer opnieuw.');
      expect(body.error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', key: 'errors.tooManyRequests' });
      // The other instance refuses the same address too.
      expect((await tenantCall(two, from)).statusCode).toBe(429);
      // GraphQL shares the budget and answers in its own shape.
      const graphql = await two.inject({
        method: 'POST',
        url: '/graphql',
        headers: { ...from, 'content-type': 'application/json', 'accept-language': 'fr' },
        payload: JSON.stringify({ query: '{ courses { path } }' }),
      });
      expect(graphql.statusCode).toBe(429);
      expect(graphql.headers['retry-after']).toBeDefined();
      expect(graphql.json()).toEqual({
        errors: [
          {
            message: 'Trop de requêtes. Patientez un instant et réessayez.',
            extensions: { code: 'TOO_MANY_REQUESTS', key: 'errors.tooManyRequests' },
          },
        ],
      });
    });

    it('with TRUST_PROXY, X-Forwarded-For names the client: another address keeps its own budget', async () => {
      const [one] = instances.apps as [FastifyInstance];
      for (let i = 0; i < 4; i++)
        expect((await tenantCall(one, { 'x-forwarded-for': '203.0.113.20' })).statusCode).toBe(200);
      expect((await tenantCall(one, { 'x-forwarded-for': '203.0.113.20' })).statusCode).toBe(429);
      expect((await tenantCall(one, { 'x-forwarded-for': '203.0.113.21' })).statusCode).toBe(200);
      // A client cannot pick its address: with one trusted hop, only the last entry counts.
      expect((await tenantCall(one, { 'x-forwarded-for': '198.51.100.1, 203.0.113.20' })).statusCode).toBe(
        429,
      );
    });

    it('limits a signed-in user across addresses and instances, in a batch as one request', async () => {
      const [one, two] = instances.apps as [FastifyInstance, FastifyInstance];
      const user = await addTestUser(instances.platform);
      const as = (address: string) => ({
        authorization: `Bearer ${user.token}`,
        'x-forwarded-for': address,
      });
      expect((await tenantCall(one, as('203.0.113.30'))).statusCode).toBe(200);
      expect((await tenantCall(two, as('203.0.113.31'))).statusCode).toBe(200);
      const batch = await one.inject({
        method: 'GET',
        url: '/trpc/tenant.get,tenant.get?batch=1&input={}',
        headers: as('203.0.113.32'),
      });
      expect(batch.statusCode).toBe(200);
      const refused = await two.inject({
        method: 'GET',
        url: '/trpc/tenant.get,tenant.get?batch=1&input={}',
        headers: as('203.0.113.33'),
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      // One envelope per call, so the batch link hands each caller its error.
      const calls = refused.json() as { error: { data: { code: string } } }[];
      expect(calls).toHaveLength(2);
      for (const call of calls) expect(call.error.data.code).toBe('TOO_MANY_REQUESTS');
      // Anonymous calls from a fifth address are not the user's.
      expect((await tenantCall(one, { 'x-forwarded-for': '203.0.113.34' })).statusCode).toBe(200);
    });

    it('limits uploads on their own budget', async () => {
      const [one, two] = instances.apps as [FastifyInstance, FastifyInstance];
      const upload = (app: FastifyInstance) =>
        app.inject({ method: 'POST', url: '/api/uploads', headers: { 'x-forwarded-for': '203.0.113.40' } });
      expect((await upload(one)).statusCode).toBe(401);
      expect((await upload(two)).statusCode).toBe(401);
      const refused = await upload(one);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json()).toEqual({
        key: 'errors.tooManyRequests',
        message: 'Too many requests. Wait a moment and try again.',
      });
      // The API budget of that address is untouched.
      expect((await tenantCall(one, { 'x-forwarded-for': '203.0.113.40' })).statusCode).toBe(200);
    });
  });

  describe('budgets taken in shares', () => {
    let instances: Awaited<ReturnType<typeof twoInstances>>;
    beforeAll(async () => {
      instances = await twoInstances(kind, { RATE_LIMIT_PER_ADDRESS: '100', TRUST_PROXY: '1' });
    });
    afterAll(async () => {
      await instances?.dispose();
    });

    it('admits exactly the limit across two instances, each spending its share without the database', async () => {
      expect(leaseSize(100)).toBe(5);
      const [one, two] = instances.apps as [FastifyInstance, FastifyInstance];
      const from = { 'x-forwarded-for': '203.0.113.50' };
      const counter = async () => {
        const { rows } = await sql<{ count: number }>`select count from rate_limits`.execute(
          instances.platform.database.db,
        );
        return rows.map((row) => row.count);
      };
      // The first request takes a share of 5 from the shared counter; the next two spend it.
      for (let i = 0; i < 3; i++) expect((await tenantCall(one, from)).statusCode).toBe(200);
      expect(await counter()).toEqual([5]);
      // The other instance takes shares until the budget is gone: 95 more, then 429.
      let admitted = 0;
      for (;;) {
        const answer = await tenantCall(two, from);
        if (answer.statusCode === 429) break;
        expect(answer.statusCode).toBe(200);
        admitted += 1;
        expect(admitted).toBeLessThanOrEqual(95);
      }
      expect(admitted).toBe(95);
      // The first instance still has the 2 it took, and no more.
      expect((await tenantCall(one, from)).statusCode).toBe(200);
      expect((await tenantCall(one, from)).statusCode).toBe(200);
      expect((await tenantCall(one, from)).statusCode).toBe(429);
    });

    it('takes one share for many requests arriving at once, not one share each', async () => {
      const from = { 'x-forwarded-for': '203.0.113.51' };
      const app = instances.apps[0]!;
      const answers = await Promise.all(Array.from({ length: 5 }, () => tenantCall(app, from)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(200));
      const { rows } = await sql<{ count: number }>`select count from rate_limits where key = ${limitKey(
        instances.platform.keys.limitSecret,
        'request:api:address:203.0.113.51',
      )}`.execute(instances.platform.database.db);
      // One share of 5 spent by all five; before, each request took a share: 25 of the 100.
      expect(rows.map((row) => row.count)).toEqual([5]);
    });
  });

  describe('without TRUST_PROXY, and tRPC batches', () => {
    let platform: Awaited<ReturnType<typeof startTestPlatform>>;
    let app: FastifyInstance;
    beforeAll(async () => {
      platform = await startTestPlatform(kind, { env: { RATE_LIMIT_PER_ADDRESS: '3' } });
      app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    });
    afterAll(async () => {
      await app?.close();
      await platform?.dispose();
    });

    it('ignores X-Forwarded-For: every forged address shares the connecting one', async () => {
      for (let i = 0; i < 3; i++)
        expect((await tenantCall(app, { 'x-forwarded-for': `198.51.100.${i}` })).statusCode).toBe(200);
      expect((await tenantCall(app, { 'x-forwarded-for': '198.51.100.99' })).statusCode).toBe(429);
    });

    it(`refuses a batch of more than ${TRPC_MAX_BATCH} calls with 400 before running any`, async () => {
      const other = await buildApp({
        ...platform,
        config: { ...platform.config, RATE_LIMIT_PER_ADDRESS: 0 },
      });
      try {
        const batch = (size: number) =>
          other.inject({
            method: 'GET',
            url: `/trpc/${Array.from({ length: size }, () => 'tenant.get').join(',')}?batch=1&input={}`,
            headers: { 'x-language': 'fr' },
          });
        expect((await batch(TRPC_MAX_BATCH)).statusCode).toBe(200);
        const refused = await batch(300);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({
          error: {
            message: "Trop d'appels dans une seule requête.",
            data: { code: 'BAD_REQUEST', key: 'errors.batchTooLarge' },
          },
        });
        const mutations = await other.inject({
          method: 'POST',
          url: `/trpc/${Array.from({ length: TRPC_MAX_BATCH + 1 }, () => 'result.save').join(',')}?batch=1`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({}),
        });
        expect(mutations.statusCode).toBe(400);
      } finally {
        await other.close();
      }
    });
  });
});

describe('limit configuration', () => {
  it('reads TRUST_PROXY as off, a hop count or an address list, and names it when wrong', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.org' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ RATE_LIMIT_PER_USER: 'many' })).toThrow(/RATE_LIMIT_PER_USER/);
    expect(() => loadConfig({ CORS_ORIGINS: 'app.example.org' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
