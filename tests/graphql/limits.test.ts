import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleInputSchema } from '../../events/module/commands';
import { pageInputSchema } from '../../events/page/commands';
import { allRules } from '../../events/permissions';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { MAX_ALIASES, MAX_RESPONSE_BYTES, MAX_ROOT_FIELDS } from '../../server/graphql/limits';
import { createModule } from '../../server/module/commands';
import { createPage } from '../../server/page/commands';
import { systemMeta } from '../../server/user/execute-user';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { emptyClientRoot, graphql } from './client';

const aliases = (count: number, field = 'courses { path name }') =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

describe.each(databaseKinds)('GraphQL limits on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let production: FastifyInstance;
  let productionOpen: FastifyInstance;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    const clientRoot = emptyClientRoot();
    app = await buildApp(platform, { clientRoot });
    const configured = (env: Record<string, string>) =>
      buildApp(
        {
          ...platform,
          config: loadConfig({ ...env, SEED_DEMO: 'false', DATA_DIR: platform.config.DATA_DIR }),
        },
        { clientRoot },
      );
    production = await configured({ NODE_ENV: 'production' });
    productionOpen = await configured({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' });
  });
  afterAll(async () => {
    for (const each of [app, production, productionOpen]) await each?.close();
    await platform?.dispose();
  });

  it('refuses 650 aliases with 400 before running anything', async () => {
    const answer = await graphql(app, aliases(650));
    expect(answer.status).toBe(400);
    expect(answer.data).toBeNull();
    expect(answer.errors?.[0]?.message).toMatch(/alias/i);
    expect(answer.raw.length).toBeLessThan(10_000);
  });

  it(`replaces an answer over ${MAX_RESPONSE_BYTES} bytes by a translated error, and keeps a smaller one`, async () => {
    // One page of 25 long text blocks (2.5 MB), written by the platform: no request body that large.
    const system = { userId: 'system', roles: ['admin'], rules: allRules() };
    const module = await createModule(platform, system, systemMeta('test'), {
      module: moduleInputSchema.parse({ name: 'Long read', language: 'en' }),
    });
    const block = (index: number) => ({ type: 'markdown', name: `b${index}`, text: 'x'.repeat(100_000) });
    const long = await createPage(platform, system, systemMeta('test'), {
      parentType: 'module',
      parentPath: module,
      page: pageInputSchema.parse({
        name: 'All of it',
        type: 'markdown',
        content: Array.from({ length: 25 }, (_, i) => block(i)),
      }),
    });
    const short = await createPage(platform, system, systemMeta('test'), {
      parentType: 'module',
      parentPath: module,
      page: pageInputSchema.parse({ name: 'Some of it', type: 'markdown', content: [block(0)] }),
    });
    const { token } = await addTestUser(platform, { roles: ['admin'] });
    const query = 'query ($path: String!) { page(path: $path) { content } }';
    const tooLarge = await graphql(app, query, {
      token,
      variables: { path: long },
      headers: { 'x-language': 'nl' },
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.errors?.[0]).toMatchObject({
      message: 'Het antwoord is groter dan 2 MB. Vraag minder items of velden tegelijk op.',
      extensions: { code: 'RESPONSE_TOO_LARGE' },
    });
    const fits = await graphql<{ page: { content: unknown[] } }>(app, query, {
      token,
      variables: { path: short },
    });
    expect(fits.status).toBe(200);
    expect(fits.data?.page.content).toHaveLength(1);
  });

  it(`allows ${MAX_ALIASES} aliases and refuses one more, nested ones too`, async () => {
    // Aliases of a nested field count as well: 16 aliases under one root field.
    const nested = `{ courses { ${Array.from({ length: MAX_ALIASES + 1 }, (_, i) => `n${i}: path`).join(' ')} } }`;
    expect((await graphql(app, nested)).status).toBe(400);
    const within = `{ courses { ${Array.from({ length: MAX_ALIASES }, (_, i) => `n${i}: path`).join(' ')} } }`;
    const fine = await graphql(app, within);
    expect(fine.errors).toBeUndefined();
    expect(fine.status).toBe(200);
  });

  it(`refuses more than ${MAX_ROOT_FIELDS} root fields, through fragments too`, async () => {
    const within = await graphql(app, aliases(MAX_ROOT_FIELDS, 'courses { path }'));
    expect(within.errors).toBeUndefined();
    const over = await graphql(app, aliases(MAX_ROOT_FIELDS + 1, 'courses { path }'));
    expect(over.status).toBe(400);
    expect(over.errors?.map((error) => error.message).join(' ')).toMatch(/Root field limit of 10/);
    const spread = await graphql(
      app,
      `query { ...A ...B } fragment A on Query { ${Array.from({ length: 6 }, (_, i) => `a${i}: courses { path }`).join(' ')} }
       fragment B on Query { ${Array.from({ length: 6 }, (_, i) => `b${i}: courses { path }`).join(' ')} }`,
    );
    expect(spread.status).toBe(400);
    expect(spread.errors?.map((error) => error.message).join(' ')).toMatch(/Root field limit/);
  });

  it('turns introspection and field suggestions off in production unless configured on', async () => {
    const introspection = '{ __schema { queryType { name } } }';
    expect((await graphql(app, introspection)).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const refused = await graphql(production, introspection);
    expect(refused.status).toBe(400);
    expect(refused.errors?.[0]?.message).toMatch(/introspection/i);
    expect((await graphql(productionOpen, introspection)).data).toEqual({
      __schema: { queryType: { name: 'Query' } },
    });

    const typo = '{ coursez { path } }';
    expect((await graphql(app, typo)).errors?.[0]?.message).toMatch(/Did you mean/);
    const hidden = await graphql(production, typo);
    expect(hidden.errors?.[0]?.message).not.toMatch(/Did you mean/);
    expect(hidden.raw).not.toContain('"courses"');
  });

  it('gives no CORS headers to an unknown origin, nor credentials', async () => {
    const evil = { origin: 'https://evil.example' };
    const answer = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...evil, 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ courses { path } }' }),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/graphql',
      headers: { ...evil, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
