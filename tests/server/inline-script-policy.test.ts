import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { inlineScriptHashes } from '../../server/plugins/static-client';
import { startTestPlatform, type TestPlatform } from '../harness';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
const scriptSrc = (csp: string) =>
  csp.split('; ').find((directive) => directive.startsWith('script-src ')) ?? '';

// The built index.html holds the first visit's boot script (scripts/first-visit-plugin.ts): the page
// policy allows that script by its hash, and no other inline script.
describe('the page policy names the inline scripts of index.html by their hashes', () => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let root: string;
  const boot = "(function(){window.__boot=fetch('/auth/refresh',{method:'POST'})})();";
  const page = (inline: string) =>
    `<!doctype html><html><head><title>App</title><script>${inline}</script>` +
    '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body></body></html>';

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'inline-script-policy-'));
    fs.writeFileSync(path.join(root, 'index.html'), page(boot));
    platform = await startTestPlatform('pglite', { dataDir: path.join(root, 'data') });
    app = await buildApp(platform, { clientRoot: root });
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('hashes inline scripts only, each exactly as written', () => {
    expect(inlineScriptHashes(page(boot))).toEqual([sha256(boot)]);
    expect(
      inlineScriptHashes('<script src="/a.js"></script><script type="module" src="/b.js"></script>'),
    ).toEqual([]);
    expect(inlineScriptHashes('<script>a()</script><SCRIPT id="x">b()</SCRIPT><script> </script>')).toEqual([
      sha256('a()'),
      sha256('b()'),
    ]);
  });

  it('allows the boot script by its hash on every page address, never inline script at large', async () => {
    for (const url of ['/', '/module/some-module/page/some-page']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      const src = scriptSrc(String(answer.headers['content-security-policy']));
      expect(src).toContain(`'${sha256(boot)}'`);
      expect(src).toMatch(/^script-src 'self' 'sha256-/);
      expect(src).not.toContain('unsafe-inline');
      expect(src).not.toContain('unsafe-eval');
    }
    // API answers keep their closed policy.
    const api = await app.inject({ method: 'GET', url: '/healthz' });
    expect(String(api.headers['content-security-policy'])).toContain("default-src 'none'");
  });

  it('follows a rebuild while running: the new script is allowed, the old one no more', async () => {
    const next = "(function(){window.__boot='next'})();";
    fs.writeFileSync(path.join(root, 'index.html'), page(next));
    const answer = await app.inject({ method: 'GET', url: '/course/some-course' });
    const src = scriptSrc(String(answer.headers['content-security-policy']));
    expect(src).toContain(`'${sha256(next)}'`);
    expect(src).not.toContain(`'${sha256(boot)}'`);
  });
});
