import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { fileStorage } from '../../server/file/storage';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { multipart, type Part } from '../support/multipart';
import { type StorageKind, startTestStorage, storageKinds, type TestStorage } from '../support/s3';
import { addTestUser } from '../users';

const kinds = databaseKinds.flatMap((database) =>
  storageKinds.map((storage) => [database, storage] as const),
);

describe.each(kinds)('uploads on %s with %s storage', (kind, storageKind: StorageKind) => {
  let platform: TestPlatform;
  let storage: TestStorage;
  let app: FastifyInstance;
  let dataDir: string;
  let editor: string;
  let reader: string;

  const upload = (parts: Part[], token?: string, language = 'en') => {
    const body = multipart(parts);
    return app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        'x-language': language,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-test-'));
    storage = await startTestStorage(storageKind, dataDir);
    platform = await startTestPlatform(kind, { env: storage.env });
    app = await buildApp(platform, { clientRoot: '/nonexistent' });
    editor = (await addTestUser(platform, { roles: ['admin'] })).token;
    reader = (await addTestUser(platform, { roles: [] })).token;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await storage?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const textFile = { name: 'file', value: 'Hello, SRHR.\n', filename: 'notes.txt', type: 'text/plain' };

  it('refuses an anonymous upload (401) and one without the create right (403), in JSON', async () => {
    const anonymous = await upload([textFile]);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Please sign in first.');
    const noRight = await upload([textFile], reader, 'nl');
    expect(noRight.statusCode).toBe(403);
    expect(noRight.json().message).toBeTruthy();
    expect(await storage.uploadFolders()).toEqual([]);
  });

  it('lets anyone signed in upload a profile picture, an image only, with the standard sizes', async () => {
    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#06c' } })
      .png()
      .toBuffer();
    const purpose = { name: 'purpose', value: 'profile' };
    const picture = await upload(
      [
        purpose,
        { name: 'sizes', value: JSON.stringify([{ label: 'huge', width: 4000, height: 4000 }]) },
        { name: 'file', value: png, filename: 'me.png', type: 'image/png' },
      ],
      reader,
    );
    expect(picture.statusCode).toBe(201);
    expect(picture.json()).toMatchObject({ name: 'me.png', image: true });
    const job = (await platform.jobs.boss.fetch<{ uploadId: string; sizes: unknown[] }>('image.derivatives'))
      .map((found) => found.data)
      .find((data) => data.uploadId === picture.json().id);
    expect(job?.sizes).toEqual([]);

    const text = await upload([purpose, textFile], reader);
    expect(text.statusCode).toBe(415);
    expect(text.json().key).toBe('uploads.notImage');
    // The purpose must come before the file: a file first is judged by the create right alone.
    const late = await upload(
      [{ name: 'file', value: png, filename: 'me.png', type: 'image/png' }, purpose],
      reader,
    );
    expect(late.statusCode).toBe(403);
    expect(await storage.uploadFolders()).toEqual([picture.json().id]);
    const anonymous = await upload([
      purpose,
      { name: 'file', value: png, filename: 'me.png', type: 'image/png' },
    ]);
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores a file and serves it back with a year of caching and its content type', async () => {
    const response = await upload(
      [{ ...textFile, filename: 'Verslag été 2026 (final).txt', value: 'Inhoud\n' }],
      editor,
    );
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer.name).toBe('Verslag-ete-2026-final.txt');
    expect(answer.url).toMatch(/^\/files\/[0-9a-f-]{36}\/Verslag-ete-2026-final\.txt$/);
    expect(answer).toMatchObject({ type: 'text/plain; charset=utf-8', size: 7, image: false });
    const stored = await fileStorage(platform.config).read(`${answer.id}/${answer.name}`);
    expect(stored.toString('utf8')).toBe('Inhoud\n');

    const served = await app.inject({ method: 'GET', url: answer.url });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('Inhoud\n');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 413 with a clear message for a file over 25 MB, and keeps nothing of it', async () => {
    const before = await storage.uploadFolders();
    const big = Buffer.alloc(25 * 1024 * 1024 + 10, 1);
    const response = await upload([{ name: 'file', value: big, filename: 'big.bin' }], editor, 'nl');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Dit bestand is te groot (maximaal 25 MB).');
    expect(await storage.uploadFolders()).toEqual(before);
  });

  it('refuses a request without a file', async () => {
    const response = await upload([{ name: 'quality', value: '60' }], editor);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Choose a file.');
  });

  it('never serves anything outside the store (path traversal)', async () => {
    const secret = path.join(dataDir, 'secret.txt');
    fs.writeFileSync(secret, 'top secret');
    const stored = (await upload([textFile], editor)).json();
    const attempts = [
      '/files/../secret.txt',
      '/files/%2e%2e/secret.txt',
      '/files/%2e%2e%2fsecret.txt',
      `/files/${stored.id}/..%2f..%2fsecret.txt`,
      `/files/${stored.id}/%2e%2e/%2e%2e/secret.txt`,
      `/files/${stored.id}/..%5c..%5csecret.txt`,
      '/files/..%2f..%2f..%2fetc%2fpasswd',
      `/files/${stored.id}`,
      `/files/${stored.id}/`,
      '/files/not-an-id/notes.txt',
      '/files/%00',
    ];
    for (const url of attempts) {
      const response = await app.inject({ method: 'GET', url });
      // 404 from the file route, or the SPA fallback (503 here, as no client is built) when the
      // URL was normalised away from /files/ before routing: never the file.
      expect([404, 503], url).toContain(response.statusCode);
      expect(response.body, url).not.toContain('top secret');
    }
  });

  it('checks the image options with the shared schema: each custom size needs label, width and height', async () => {
    const png = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#c03' },
    })
      .png()
      .toBuffer();
    const response = await upload(
      [
        { name: 'quality', value: '60' },
        { name: 'sizes', value: JSON.stringify([{ label: '', width: '', height: 10 }, { label: 'x' }]) },
        { name: 'file', value: png, filename: 'red.png', type: 'image/png' },
      ],
      editor,
      'nl',
    );
    expect(response.statusCode).toBe(400);
    const fields = response.json().fields as { path: string; key: string; message: string }[];
    expect(fields.map((field) => [field.path, field.key])).toEqual([
      ['sizes.0.label', 'uploads.labelRequired'],
      ['sizes.0.width', 'uploads.widthRequired'],
      ['sizes.1.width', 'uploads.widthRequired'],
      ['sizes.1.height', 'uploads.heightRequired'],
    ]);
    expect(fields[0]!.message).toBe('Geef een label op.');
    const badQuality = await upload(
      [
        { name: 'quality', value: '55' },
        { name: 'file', value: png, filename: 'red.png', type: 'image/png' },
      ],
      editor,
    );
    expect(badQuality.statusCode).toBe(400);
    expect(badQuality.json().fields[0].key).toBe('uploads.qualityInvalid');
  });
});
