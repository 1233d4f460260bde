import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DerivativesPayload,
  derivativesPayloadSchema,
  imageDerivativesJob,
} from '../../jobs/images/derivatives';
import { buildApp } from '../../server/app';
import { fileStorage } from '../../server/file/storage';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { multipart } from '../support/multipart';
import { hugePng } from '../support/png';
import { type StorageKind, startTestStorage, storageKinds, type TestStorage } from '../support/s3';
import { addTestUser } from '../users';

async function waitFor<T>(probe: () => Promise<T | null | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The standard sizes of a 2000 x 1000 image: fitted inside, or cropped to the exact size. */
const expectedSizes: Record<string, [number, number]> = {
  full: [1456, 728],
  main: [976, 488],
  aside: [332, 166],
  blocklist: [178, 89],
  profile: [180, 180],
  preview: [192, 96],
  hero: [800, 400],
  square: [100, 50],
};

const kinds = databaseKinds.flatMap((database) =>
  storageKinds.map((storage) => [database, storage] as const),
);

describe.each(kinds)('image derivatives on %s with %s storage', (kind, storageKind: StorageKind) => {
  let platform: TestPlatform;
  let storage: TestStorage;
  let app: FastifyInstance;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'derivatives-test-'));
    storage = await startTestStorage(storageKind, dataDir);
    platform = await startTestPlatform(kind, { env: storage.env });
    app = await buildApp(platform, { clientRoot: '/nonexistent' });
    token = (await addTestUser(platform, { roles: ['admin'] })).token;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await storage?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('enqueues the job on upload; the job writes every standard and custom size as WebP', async () => {
    const png = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: { r: 20, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const body = multipart([
      { name: 'quality', value: '75' },
      {
        name: 'sizes',
        value: JSON.stringify([
          { label: 'hero', width: '800', height: '600' },
          { label: 'square', width: 100, height: 100 },
        ]),
      },
      { name: 'file', value: png, filename: 'Banner.PNG', type: 'image/png' },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer).toMatchObject({ name: 'Banner.png', type: 'image/png', image: true });

    const before = await app.inject({ method: 'GET', url: `/api/uploads/${answer.id}/derivatives` });
    expect(before.json()).toEqual({ done: false, derivatives: [] });
    // Until its copy is made, a sized address answers with the upload itself, never cached.
    const early = await app.inject({ method: 'GET', url: `/files/${answer.id}/sizes/aside.webp` });
    expect(early.statusCode).toBe(307);
    expect(early.headers.location).toBe(`/files/${answer.id}/Banner.png`);
    expect(early.headers['cache-control']).toBe('no-store');
    const unknown = await app.inject({ method: 'GET', url: `/files/${answer.id}/sizes/nothing.webp` });
    expect(unknown.statusCode).toBe(307);
    const manifest = await app.inject({ method: 'GET', url: `/files/${answer.id}/sizes/manifest.json` });
    expect(manifest.statusCode).toBe(404);

    const [job] = await waitFor(async () => {
      const found = await platform.jobs.boss.fetch<DerivativesPayload>(imageDerivativesJob.name);
      return found.length > 0 ? found : null;
    });
    const payload = derivativesPayloadSchema.parse(job!.data);
    expect(payload).toEqual({
      uploadId: answer.id,
      name: 'Banner.png',
      quality: 75,
      sizes: [
        { label: 'hero', width: 800, height: 600 },
        { label: 'square', width: 100, height: 100 },
      ],
    });
    await imageDerivativesJob.handler(payload, { files: fileStorage(platform.config) });

    const after = await app.inject({ method: 'GET', url: `/api/uploads/${answer.id}/derivatives` });
    const { done, derivatives } = after.json() as {
      done: boolean;
      derivatives: { label: string; width: number; height: number; url: string }[];
    };
    expect(done).toBe(true);
    expect(derivatives.map((d) => d.label)).toEqual(Object.keys(expectedSizes));
    for (const derivative of derivatives) {
      const served = await app.inject({ method: 'GET', url: derivative.url });
      expect(served.statusCode, derivative.url).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], derivative.label).toEqual([
        'webp',
        ...expectedSizes[derivative.label]!,
      ]);
      expect([derivative.width, derivative.height]).toEqual(expectedSizes[derivative.label]);
    }
  });

  it('never decodes an image over the pixel limit or of another format, even when one was queued', async () => {
    const files = fileStorage(platform.config);
    const uploadId = '0192f3a0-0000-7000-8000-000000000015';
    const stored = async (name: string, body: Buffer) => {
      await files.put(`${uploadId}/${name}`, body);
      return derivativesPayloadSchema.parse({ uploadId, name });
    };
    const huge = await stored('huge.png', hugePng(16_000, 16_000));
    await expect(imageDerivativesJob.handler(huge, { files })).rejects.toThrow(/too many pixels/);
    const svg = await stored(
      'drawing.png',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><rect width="50" height="50"/></svg>',
      ),
    );
    await expect(imageDerivativesJob.handler(svg, { files })).rejects.toThrow(/not a png, jpeg, webp or gif/);
    // The configured limit applies to the job too (IMAGE_MAX_MEGAPIXELS, passed as maxImagePixels).
    const wide = await stored(
      'wide.png',
      await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    await expect(imageDerivativesJob.handler(wide, { files, maxImagePixels: 1_000_000 })).rejects.toThrow(
      /too many pixels/,
    );
    expect(await files.list(`${uploadId}/sizes`)).toEqual([]);
    await files.remove(uploadId);
  });

  it('a text upload enqueues no image job', async () => {
    const body = multipart([{ name: 'file', value: 'plain', filename: 'a.txt', type: 'text/plain' }]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
    });
    expect(response.json().image).toBe(false);
    expect(await platform.jobs.boss.fetch(imageDerivativesJob.name)).toEqual([]);
  });
});

describe.each(storageKinds)('image derivatives worked by the queue (pglite, %s storage)', (storageKind) => {
  it('a running worker makes the sizes without help', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'derivatives-worker-'));
    const storage = await startTestStorage(storageKind, dataDir);
    const platform = await startTestPlatform('pglite', { env: storage.env, workJobs: true });
    try {
      const app = await buildApp(platform, { clientRoot: '/nonexistent' });
      const { token } = await addTestUser(platform, { roles: ['admin'] });
      const jpeg = await sharp({ create: { width: 300, height: 600, channels: 3, background: '#fa0' } })
        .jpeg()
        .toBuffer();
      const body = multipart([{ name: 'file', value: jpeg, filename: 'portrait.jpg', type: 'image/jpeg' }]);
      const answer = (
        await app.inject({
          method: 'POST',
          url: '/api/uploads',
          payload: body.payload,
          headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
        })
      ).json();
      const result = await waitFor(async () => {
        const response = await app.inject({ method: 'GET', url: `/api/uploads/${answer.id}/derivatives` });
        const json = response.json() as { done: boolean; derivatives: { label: string; width: number }[] };
        return json.done ? json : null;
      });
      // Never enlarged: the 300 px wide original stays 300 px wide in full and main.
      expect(result.derivatives.map((d) => [d.label, d.width])).toEqual([
        ['full', 300],
        ['main', 300],
        ['aside', 249],
        ['blocklist', 178],
        ['profile', 180],
        ['preview', 96],
      ]);
      await app.close();
    } finally {
      await platform.dispose();
      await storage.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
