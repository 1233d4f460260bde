import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { emptyClientRoot } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';

const varied = (header: unknown) =>
  String(header ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);

describe.each(databaseKinds)('Vary on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(
      {
        ...platform,
        config: loadConfig({
          SEED_DEMO: 'false',
          DATA_DIR: platform.config.DATA_DIR,
          CORS_ORIGINS: 'https://partner.example.org',
        }),
      },
      { clientRoot: emptyClientRoot() },
    );
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('varies every answer by Origin, tRPC answers (whose own Vary is joined) included', async () => {
    for (const url of ['/healthz', '/trpc/tenant.get', '/module/some-module']) {
      for (const origin of ['https://partner.example.org', 'https://elsewhere.example']) {
        const answer = await app.inject({ url, headers: { origin, 'accept-encoding': 'gzip' } });
        expect(varied(answer.headers.vary), `${url} from ${origin}`).toContain('origin');
      }
    }
    const trpc = await app.inject({
      url: '/trpc/tenant.get',
      headers: { origin: 'https://partner.example.org', 'accept-encoding': 'gzip' },
    });
    expect(varied(trpc.headers.vary)).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
    expect(trpc.headers['access-control-allow-origin']).toBe('https://partner.example.org');
  });
});
