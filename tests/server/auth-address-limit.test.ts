import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';

/** AUTH_LIMIT_PER_ADDRESS: sign-ups and code mails per client address, raised for a room behind one router. */
describe.each(databaseKinds)('the per-address limit on sign-ups and codes on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;

  beforeAll(async () => {
    platform = await startTestPlatform(kind, { env: { AUTH_LIMIT_PER_ADDRESS: '3' } });
    app = await buildApp(platform);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const signUp = (n: number, from: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/sign-up',
      payload: { name: `Room ${n}`, email: `room-${n}-${from}@example.org`, password: 'a-long-passphrase' },
      remoteAddress: from,
    });

  it('refuses the sign-up after the configured count from one address, not from another', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 4; n++) statuses.push((await signUp(n, '10.31.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await signUp(5, '10.31.0.2')).statusCode).toBe(200);
  });

  it('counts code mails from one address against the same kind of budget', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 4; n++) {
      const response = await app.inject({
        method: 'POST',
        url: '/auth/forgot',
        payload: { email: `nobody-${n}@example.org` },
        remoteAddress: '10.31.0.3',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
