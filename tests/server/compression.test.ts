import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startTestPlatform, type TestPlatform } from '../harness';
import { multipart } from '../support/multipart';
import { addTestUser } from '../users';

/** What the browser gets back from a compressed answer. */
function decoded(answer: LightMyRequestResponse): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.rawPayload);
  if (encoding === 'gzip') return zlib.gunzipSync(answer.rawPayload);
  expect(encoding).toBeUndefined();
  return answer.rawPayload;
}

const varies = (answer: LightMyRequestResponse) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .includes('accept-encoding');

// A built client as `vite build` leaves it: hashed assets with their .br and .gz copies (the build's
// precompress plugin, vite.config.ts), one asset without copies, a public file and index.html.
describe('compressed answers: static client, API, files', () => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let root: string;
  let token: string;
  const script = Buffer.from(
    `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `text ${i}`))};\n`,
  );
  const style = Buffer.from(`${'.card { color: #7a1f5c; margin: 0 auto; }\n'.repeat(80)}`);
  const notes = Buffer.from('Notes of the module, line after line.\n'.repeat(200));

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'compression-test-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><body>app</body></html>');
    fs.writeFileSync(path.join(root, 'assets/index-abc123.js'), script);
    // Marked copies: the test sees which file was sent, not a compression made on the fly.
    fs.writeFileSync(path.join(root, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(root, 'assets/index-abc123.js.gz'), zlib.gzipSync(script, { level: 9 }));
    fs.writeFileSync(path.join(root, 'assets/index-def456.css'), style);
    fs.writeFileSync(
      path.join(root, 'logo.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(2000)}</svg>`,
    );

    platform = await startTestPlatform('pglite', { dataDir: path.join(root, 'data') });
    app = await buildApp(platform, { clientRoot: root });
    ({ token } = await addTestUser(platform, { roles: ['admin'] }));
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('sends the brotli copy of a hashed asset to a browser accepting br, cached for a year as immutable', async () => {
    const answer = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(answer)).toBe(true);
    expect(answer.rawPayload.equals(fs.readFileSync(path.join(root, 'assets/index-abc123.js.br')))).toBe(
      true,
    );
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.byteLength);
    expect(decoded(answer).equals(script)).toBe(true);
  });

  it('sends the gzip copy without br, and the file itself without any encoding accepted', async () => {
    const gzip = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gzip.rawPayload.equals(fs.readFileSync(path.join(root, 'assets/index-abc123.js.gz')))).toBe(true);

    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(script)).toBe(true);
    // A shared cache must not hand the plain file to a browser that accepts br, nor the other way.
    expect(varies(plain)).toBe(true);
  });

  it('compresses an asset without copies on the fly; public files and index.html are not immutable', async () => {
    const css = await app.inject({ url: '/assets/index-def456.css', headers: { 'accept-encoding': 'br' } });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(css).equals(style)).toBe(true);

    const logo = await app.inject({ url: '/logo.svg', headers: { 'accept-encoding': 'gzip' } });
    expect(logo.headers['content-encoding']).toBe('gzip');
    expect(logo.headers['cache-control']).toBe('public, max-age=300');

    for (const url of ['/', '/course/some-course']) {
      const page = await app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': 'br' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      // Under 1 KB: sent as it is, with its length.
      expect(page.headers['content-encoding']).toBeUndefined();
      expect(page.body).toContain('<body>app</body>');
    }
  });

  it('compresses tRPC and GraphQL answers of 1 KB or more, and leaves small ones as they are', async () => {
    const tenant = await app.inject({ url: '/trpc/tenant.get', headers: { 'accept-encoding': 'br, gzip' } });
    expect(tenant.statusCode).toBe(200);
    expect(tenant.headers['content-encoding']).toBe('br');
    expect(varies(tenant)).toBe(true);
    const json = JSON.parse(decoded(tenant).toString('utf8'));
    expect(json.result.data).toBeTruthy();
    expect(decoded(tenant).byteLength).toBeGreaterThanOrEqual(1024);

    const gzipped = await app.inject({ url: '/trpc/tenant.get', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzipped).toString('utf8'))).toEqual(json);

    const small = await app.inject({
      url: '/trpc/course.byPath?input=%7B%22path%22%3A%22none%22%7D',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.rawPayload.byteLength).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBe(small.rawPayload.byteLength);

    const schema = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
      payload: JSON.stringify({ query: '{ __schema { types { name } } }' }),
    });
    expect(schema.statusCode).toBe(200);
    expect(schema.headers['content-encoding']).toBe('br');
    const types = JSON.parse(decoded(schema).toString('utf8')).data.__schema.types as { name: string }[];
    expect(types.map((type) => type.name)).toContain('Course');
  });

  it('never compresses uploaded files: whole downloads keep their length, ranges their bytes', async () => {
    const body = multipart([{ name: 'file', value: notes, filename: 'notes.txt', type: 'text/plain' }]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        authorization: `Bearer ${token}`,
        'accept-encoding': 'br',
      },
    });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.headers['content-encoding']).toBeUndefined();
    const url = uploaded.json().url as string;

    const whole = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toMatch(/^text\/plain/);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(notes.byteLength));
    expect(whole.rawPayload.equals(notes)).toBe(true);

    const part = await app.inject({
      url,
      headers: { range: 'bytes=100-1299', 'accept-encoding': 'gzip, br' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 100-1299/${notes.byteLength}`);
    expect(part.rawPayload.equals(notes.subarray(100, 1300))).toBe(true);
  });
});
