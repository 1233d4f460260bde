import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { emptyClientRoot } from '../graphql/client';
import { startTestPlatform, type TestPlatform } from '../harness';

/**
 * Every answer names its request id (docs/operations/monitoring.md#logs): the caller's
 * X-Request-Id, or one made up.
 */
describe('X-Request-Id', () => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  beforeAll(async () => {
    platform = await startTestPlatform('pglite');
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const requests = [
    { method: 'GET', url: '/healthz' },
    { method: 'GET', url: '/' },
    { method: 'GET', url: '/no/such/file.js' },
    { method: 'POST', url: '/graphql', payload: { query: '{ courses { path } }' } },
    { method: 'POST', url: '/graphql', payload: { query: '{ nope }' } },
    { method: 'GET', url: '/trpc/user.me' },
    { method: 'POST', url: '/auth/sign-in', payload: { email: 'x' } },
    { method: 'GET', url: '/api/results/no-such-module.csv' },
  ] as const;

  it('echoes a well-formed X-Request-Id on every route, whatever the status', async () => {
    for (const [index, request] of requests.entries()) {
      const id = `partner-${index}-0a1b2c`;
      const response = await app.inject({ ...request, headers: { 'x-request-id': id } });
      expect(response.headers['x-request-id'], `${request.method} ${request.url}`).toBe(id);
    }
  });

  it('answers a fresh id when none or a malformed one is given', async () => {
    const seen = new Set<string>();
    for (const headers of [{}, { 'x-request-id': 'has spaces and ; semicolons' }, {}]) {
      const response = await app.inject({ method: 'GET', url: '/healthz', headers });
      const id = String(response.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(3);
  });
});
