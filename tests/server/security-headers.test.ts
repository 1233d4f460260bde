import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { pagePolicy } from '../../server/plugins/security-headers';
import { emptyClientRoot } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';

describe.each(databaseKinds)('security headers, CORS and /metrics on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let https: FastifyInstance;
  let production: FastifyInstance;
  let withToken: FastifyInstance;
  const token = 'metrics-token-0123456789';
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    const clientRoot = emptyClientRoot();
    const configured = (env: Record<string, string>) =>
      buildApp(
        {
          ...platform,
          config: loadConfig({ SEED_DEMO: 'false', DATA_DIR: platform.config.DATA_DIR, ...env }),
        },
        { clientRoot },
      );
    app = await configured({ NODE_ENV: 'test', CORS_ORIGINS: 'https://partner.example.org' });
    https = await configured({ NODE_ENV: 'production', PUBLIC_URL: 'https://learn.example.org' });
    production = await configured({ NODE_ENV: 'production' });
    withToken = await configured({ NODE_ENV: 'production', METRICS_TOKEN: token });
  });
  afterAll(async () => {
    for (const each of [app, https, production, withToken]) await each?.close();
    await platform?.dispose();
  });

  const expectCommon = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  };

  it('gives an HTML page a CSP for self, the video players and no framing; no HSTS over http', async () => {
    for (const url of ['/', '/module/some-module']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.headers['content-type']).toContain('text/html');
      expectCommon(page.headers);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      // Jitsi classrooms load the external API of JITSI_DOMAIN (default meet.jit.si); no Zoom unless configured.
      expect(csp).toMatch(/script-src 'self' https:\/\/www\.youtube\.com https:\/\/meet\.jit\.si(;|$)/);
      expect(csp).not.toContain('zoom.us');
      expect(csp).toContain(
        'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com',
      );
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(page.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('gives API answers a closed CSP and the same headers', async () => {
    const answers = [
      await app.inject({ method: 'GET', url: '/trpc/tenant.get' }),
      await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ query: '{ courses { path } }' }),
      }),
      await app.inject({ method: 'GET', url: '/healthz' }),
      await app.inject({ method: 'POST', url: '/auth/sign-in', payload: {} }),
    ];
    for (const answer of answers) {
      expectCommon(answer.headers);
      expect(answer.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    }
  });

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    const page = await https.inject({ method: 'GET', url: '/' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    const api = await https.inject({ method: 'GET', url: '/trpc/tenant.get' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('allows the analytics container and configured frame hosts in the page CSP', () => {
    const config = loadConfig({ CSP_FRAME_HOSTS: 'https://meet.jit.si' });
    const policy = pagePolicy(config, { analytics: { provider: 'gtm', containerId: 'GTM-TEST' } });
    expect(policy).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    expect(policy).toMatch(/connect-src [^;]*https:\/\/www\.google-analytics\.com/);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/meet\.jit\.si/);
    expect(pagePolicy(loadConfig({}), { analytics: null })).not.toContain('googletagmanager');
  });

  it("allows a self-hosted Matomo's or Plausible's host only, for scripts and connections", () => {
    const matomo = pagePolicy(loadConfig({}), {
      analytics: { provider: 'matomo', url: 'https://stats.example.org/matomo/', siteId: '3' },
    });
    expect(matomo).toMatch(/script-src [^;]*https:\/\/stats\.example\.org( |;)/);
    expect(matomo).toMatch(/connect-src 'self' https:\/\/stats\.example\.org(;|$)/);
    expect(matomo).not.toContain('googletagmanager');
    const plausible = pagePolicy(loadConfig({}), {
      analytics: {
        provider: 'plausible',
        domain: 'learn.example.org',
        scriptUrl: 'https://plausible.io/js/s.js',
      },
    });
    expect(plausible).toMatch(/connect-src 'self' https:\/\/plausible\.io(;|$)/);
  });

  it('allows the Jitsi domain, Zoom when configured, and breakout rooms on any https host', () => {
    const zoom = pagePolicy(
      loadConfig({ JITSI_DOMAIN: 'jitsi.example.org', ZOOM_SDK_KEY: 'key', ZOOM_SDK_SECRET: 'secret' }),
      { analytics: null },
    );
    expect(zoom).toMatch(/script-src [^;]*https:\/\/jitsi\.example\.org [^;]*https:\/\/source\.zoom\.us/);
    expect(zoom).toMatch(
      /frame-src [^;]*https:\/\/jitsi\.example\.org [^;]*https:\/\/\*\.zoom\.us [^;]*https:(;|$)/,
    );
    expect(zoom).toMatch(/connect-src [^;]*wss:\/\/\*\.zoom\.us/);
    expect(() => loadConfig({ ZOOM_SDK_KEY: 'key' })).toThrow(
      /ZOOM_SDK_SECRET: must be set together with ZOOM_SDK_KEY/,
    );
    expect(() => loadConfig({ JITSI_DOMAIN: 'https://meet.jit.si/room' })).toThrow(/JITSI_DOMAIN/);
  });

  it('answers CORS for configured origins only, and never with credentials for others', async () => {
    const call = (origin: string) =>
      app.inject({ method: 'GET', url: '/trpc/tenant.get', headers: { origin } });
    const partner = await call('https://partner.example.org');
    expect(partner.headers['access-control-allow-origin']).toBe('https://partner.example.org');
    expect(partner.headers['access-control-allow-credentials']).toBe('true');
    const other = await call('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/graphql',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization',
        },
      });
    const allowed = await preflight('https://partner.example.org');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-headers']).toContain('authorization');
    const refused = await preflight('https://evil.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps /metrics closed in production without a token, and asks for the token when set', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    expect((await production.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const without = await withToken.inject({ method: 'GET', url: '/metrics' });
    expect(without.statusCode).toBe(401);
    expect(without.headers['www-authenticate']).toContain('Bearer');
    const wrong = await withToken.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
    const scraped = await withToken.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('http_requests_total');
  });
});
