import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadTenant } from '../../../server/tenant/config';
import { localLogo, manifestOf } from '../../../server/tenant/manifest';
import { startTestPlatform, type TestPlatform } from '../../harness';

/**
 * Installable and readable offline (docs/development/client-offline.md): the web app manifest, and
 * the service worker's script.
 */
describe('the web app manifest and the service worker script', () => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let root: string;
  const worker = `self.addEventListener('fetch', () => {});${' '.repeat(2000)}\n`;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-test-'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><body>app</body></html>');
    fs.writeFileSync(path.join(root, 'sw.js'), worker);
    fs.writeFileSync(
      path.join(root, 'logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10"><circle cx="5" cy="5" r="4" fill="#7a1f5c"/></svg>',
    );
    platform = await startTestPlatform('pglite', { dataDir: path.join(root, 'data') });
    app = await buildApp(platform, { clientRoot: root });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('names the tenant, its colours and its logo, opening at home as an app of its own', async () => {
    const answer = await app.inject({ url: '/manifest.webmanifest' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/manifest+json');
    expect(answer.json()).toEqual({
      id: '/',
      name: 'SRHR Academy',
      short_name: 'SRHR Academy',
      description: 'Een leerplatform over seksuele en reproductieve gezondheid en rechten.',
      lang: 'nl',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#7a1f5c',
      background_color: '#fbf8fa',
      icons: [
        { src: '/logo.svg', type: 'image/svg+xml', sizes: 'any', purpose: 'any' },
        { src: '/manifest-icon-192.png', type: 'image/png', sizes: '192x192', purpose: 'any' },
        { src: '/manifest-icon-512.png', type: 'image/png', sizes: '512x512', purpose: 'any' },
      ],
    });
  });

  it('draws the PNG icons home screens ask for from the logo, at their sizes', async () => {
    for (const size of [192, 512]) {
      const answer = await app.inject({ url: `/manifest-icon-${size}.png` });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
      const { width, height, format } = await sharp(answer.rawPayload).metadata();
      expect({ width, height, format }).toEqual({ width: size, height: size, format: 'png' });
      // The logo's colour is drawn in the middle, on the tenant's background at the edge.
      const { data } = await sharp(answer.rawPayload).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [...data.subarray((y * size + x) * 3, (y * size + x) * 3 + 3)];
      expect(pixel(size / 2, size / 2)).toEqual([0x7a, 0x1f, 0x5c]);
      expect(pixel(0, 0)).toEqual([0xfb, 0xf8, 0xfa]);
    }
    // Other sizes are not drawn (the address falls through to the client's own handling).
    expect((await app.inject({ url: '/manifest-icon-64.png' })).headers['content-type']).not.toBe(
      'image/png',
    );
  });

  it('draws icons only from a logo file of the served client', () => {
    const tenant = loadTenant();
    expect(localLogo(tenant, root)).toBe(path.join(root, 'logo.svg'));
    for (const logo of [
      'https://cdn.example.org/logo.png',
      '//cdn.example.org/logo.svg',
      '/../etc/passwd',
      '/missing.svg',
    ]) {
      expect(localLogo({ ...tenant, images: { ...tenant.images, logo } }, root)).toBeNull();
    }
  });

  it("follows another tenant's file: a long name gets no short name, a PNG logo no size", () => {
    const tenant = {
      ...loadTenant(),
      name: 'Académie de santé sexuelle',
      languages: ['fr' as const],
      images: { logo: 'https://cdn.example.org/logo.png?v=2', intro: '' },
    };
    const manifest = manifestOf(tenant);
    expect(manifest).not.toHaveProperty('short_name');
    expect(manifest).toMatchObject({ name: 'Académie de santé sexuelle', lang: 'fr' });
    expect(manifest.icons).toEqual([
      { src: 'https://cdn.example.org/logo.png?v=2', type: 'image/png', purpose: 'any' },
    ]);
  });

  it('serves the service worker checked at every load, under a policy that lets it fetch from this origin only', async () => {
    const answer = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'identity' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; connect-src 'self'");
    expect(answer.body).toBe(worker);
    // Any other public file keeps its short cache and the closed API policy.
    const logo = await app.inject({ url: '/logo.svg' });
    expect(logo.headers['cache-control']).toBe('public, max-age=300');
    expect(logo.headers['content-security-policy']).not.toContain('connect-src');
  });
});
