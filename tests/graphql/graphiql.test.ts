import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startTestPlatform, type TestPlatform } from '../harness';

describe('GraphiQL', () => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  beforeAll(async () => {
    platform = await startTestPlatform('pglite');
    app = await buildApp(platform);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('is served outside production without loading anything from a CDN', async () => {
    const page = await app.inject({ url: '/graphql', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('GraphiQL');
    expect(page.body).not.toMatch(/unpkg\.com|cdn\.jsdelivr|esm\.sh/);
  });
});
