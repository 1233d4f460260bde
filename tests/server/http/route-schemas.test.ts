import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../../server/app';
import { badgeRoutes } from '../../../server/certificate/badges/routes';
import { emptyClientRoot } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';

/**
 * Routes that declare no schema of their own, each for a reason: their input is read by the
 * adapter that registered them, or they take none at all.
 */
const adapterRoutes: { method: string; url: RegExp; reason: string }[] = [
  { method: '*', url: /^\/trpc\//, reason: "tRPC's adapter: each procedure validates its own .input()" },
  {
    method: '*',
    url: /^\/graphql$/,
    reason: 'GraphQL: yoga reads the document, the schema types the variables',
  },
  { method: 'OPTIONS', url: /^\*$/, reason: '@fastify/cors: answers preflights, its handler reads nothing' },
  { method: '*', url: /^\/\*$/, reason: '@fastify/static: the built client, a file path it resolves itself' },
];

const allowed = (route: { method: string; url: string }) =>
  adapterRoutes.some(
    (entry) => (entry.method === '*' || entry.method === route.method) && entry.url.test(route.url),
  );

const isZod = (schema: unknown) => schema instanceof z.ZodType;

describe.each(databaseKinds)('HTTP route schemas on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const routes: { method: string; url: string; schema: RouteOptions['schema'] }[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, {
      clientRoot: emptyClientRoot(),
      onRoute: (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) routes.push({ method, url: route.url, schema: route.schema });
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('sees the routes of every plugin', () => {
    const urls = new Set(routes.map((route) => route.url));
    for (const url of [
      '/healthz',
      '/metrics',
      '/auth/sign-in',
      '/api/uploads',
      '/api/users.csv',
      '/xapi/statements',
    ])
      expect(urls, url).toContain(url);
    expect(routes.length).toBeGreaterThan(25);
  });

  it('gives every route a zod schema for its input, path parameters included', () => {
    const missing = routes
      .filter((route) => !allowed(route))
      .filter(({ url, schema }) => {
        const parts = [schema?.params, schema?.querystring, schema?.body].filter(
          (part) => part !== undefined,
        );
        const parametric = /[:*]/.test(url);
        return (
          parts.length === 0 ||
          !parts.every(isZod) ||
          (parametric && !isZod(schema?.params)) ||
          (!parametric && schema?.params !== undefined)
        );
      })
      .map(({ method, url }) => `${method} ${url}`);
    expect(missing).toEqual([]);
  });

  it('keeps the allow-list to routes that exist', () => {
    for (const entry of adapterRoutes) {
      expect(
        routes.some(
          (route) => (entry.method === '*' || entry.method === route.method) && entry.url.test(route.url),
        ),
        entry.reason,
      ).toBe(true);
    }
  });

  it('answers input its schema refuses with 400 and a message in the error shape, in the caller’s language', async () => {
    const refused = [
      { method: 'GET' as const, url: '/ob/status/0', said: 'list' },
      { method: 'GET' as const, url: `/api/certificates/${'x'.repeat(41)}`, said: 'file' },
      {
        method: 'GET' as const,
        url: '/api/results/module.csv?after=2026-01-01&after=2026-02-01',
        said: 'after',
      },
      { method: 'POST' as const, url: '/auth/sign-in', payload: [1, 2], said: 'body' },
    ];
    for (const { said, ...request } of refused) {
      const answer = await app.inject({ ...request, headers: { 'x-language': 'nl' } });
      expect(answer.statusCode, request.url).toBe(400);
      const body = answer.json() as { message: string; key: string };
      expect(body.key, request.url).toBe('errors.invalidInput');
      expect(body.message, request.url).toMatch(/^Sommige velden zijn niet geldig\. /);
      expect(body.message, request.url).toContain(said);
    }
  });

  it('refuses to boot a plugin whose declared dependency is not registered', async () => {
    const bare = Fastify();
    await expect(bare.register(badgeRoutes, { platform }).ready()).rejects.toThrow(
      /dependency 'security-headers' of plugin 'badges' is not registered/,
    );
    await bare.close();
  });
});
