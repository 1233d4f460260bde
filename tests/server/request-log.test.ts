import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { emptyClientRoot } from '../graphql/client';
import { startTestPlatform, type TestPlatform } from '../harness';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
  remoteAddress?: string;
}

/** An app whose log (pino, JSON lines) is kept in `lines`, at the given level. */
async function loggedApp(platform: TestPlatform, level: string, lines: Line[]): Promise<FastifyInstance> {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      callback();
    },
  });
  return buildApp({ ...platform, log: pino({ level }, stream) }, { clientRoot: emptyClientRoot() });
}

/** Request overhead: one log line per request, probes at debug. */
describe('request log', () => {
  let platform: TestPlatform;
  let info: FastifyInstance;
  let debug: FastifyInstance;
  const infoLines: Line[] = [];
  const debugLines: Line[] = [];
  beforeAll(async () => {
    platform = await startTestPlatform('pglite');
    info = await loggedApp(platform, 'info', infoLines);
    debug = await loggedApp(platform, 'debug', debugLines);
  });
  afterAll(async () => {
    await info?.close();
    await debug?.close();
    await platform?.dispose();
  });
  beforeEach(() => {
    infoLines.length = 0;
    debugLines.length = 0;
  });

  const traffic = [
    { method: 'GET', url: '/trpc/tenant.get' },
    { method: 'GET', url: '/trpc/user.me' },
    { method: 'POST', url: '/graphql', payload: { query: '{ courses { path } }' } },
    { method: 'GET', url: '/no/such/file.js' },
    { method: 'POST', url: '/auth/sign-in', payload: { email: 'x' } },
  ] as const;

  it('writes exactly one line per request, with method, address, status, time and client', async () => {
    for (const [index, request] of traffic.entries()) {
      const id = `log-test-${index}`;
      const response = await info.inject({ ...request, headers: { 'x-request-id': id } });
      const mine = infoLines.filter((line) => line.reqId === id);
      expect(mine, `${request.method} ${request.url}`).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        level: 30,
        msg: 'request completed',
        method: request.method,
        url: request.url,
        statusCode: response.statusCode,
        remoteAddress: '127.0.0.1',
      });
      expect(mine[0]?.responseTime).toBeGreaterThanOrEqual(0);
    }
    expect(infoLines).toHaveLength(traffic.length);
  });

  it('writes nothing at info for health probes and scrapes, and one line each at debug', async () => {
    for (const url of ['/healthz', '/readyz', '/metrics']) {
      const response = await info.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      await debug.inject({
        method: 'GET',
        url,
        headers: { 'x-request-id': `probe${url.replace('/', '-')}` },
      });
    }
    expect(infoLines).toEqual([]);
    for (const url of ['/healthz', '/readyz', '/metrics']) {
      const mine = debugLines.filter((line) => line.reqId === `probe${url.replace('/', '-')}`);
      expect(mine, url).toHaveLength(1);
      expect(mine[0]).toMatchObject({ level: 20, url, statusCode: 200 });
    }
  });
});
