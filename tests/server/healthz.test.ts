import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { buildApp } from '../../server/app';
import { emptyClientRoot } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';

/** Liveness names the release (docs/operations/monitoring.md), the one --version prints. */
describe.each(databaseKinds)('/healthz on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it("answers ok with the package's version", async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', version: packageJson.version });
    expect(packageJson.version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
  });
});
