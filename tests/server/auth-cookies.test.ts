import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';

/** Refresh cookies no browser of ours ever sent: each answers as if there were no cookie at all. */
const malformed = [
  'srhr_refresh=%',
  'srhr_refresh=%E0%A4%A',
  'srhr_refresh=%C3',
  'srhr_refresh=family%00.secret',
  'srhr_refresh=fam\u00e9ly.secret',
  'srhr_refresh=.secret',
  'srhr_refresh=no-dot-at-all',
  `srhr_refresh=${'f'.repeat(5000)}.${'s'.repeat(5000)}`,
  'srhr_refresh==;=;;srhr_refresh',
  'srhr_refresh',
];

describe.each(databaseKinds)('malformed refresh cookies on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const post = (url: string, cookie?: string) =>
    app.inject({ method: 'POST', url, payload: {}, headers: cookie ? { cookie } : {} });

  it('refresh answers 401 and clears the cookie, as without one', async () => {
    const none = await post('/auth/refresh');
    expect(none.statusCode).toBe(401);
    for (const cookie of malformed) {
      const answer = await post('/auth/refresh', cookie);
      expect({ cookie, status: answer.statusCode }).toEqual({ cookie, status: 401 });
      expect(answer.json()).toEqual(none.json());
      expect(String(answer.headers['set-cookie'])).toMatch(/^srhr_refresh=; Max-Age=0/);
    }
  });

  it('sign-out answers 200, as without one', async () => {
    for (const cookie of malformed) {
      const answer = await post('/auth/sign-out', cookie);
      expect({ cookie, status: answer.statusCode }).toEqual({ cookie, status: 200 });
    }
  });
});
