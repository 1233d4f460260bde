import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { byteRange } from '../../server/file/storage';
import { startTestPlatform, type TestPlatform } from '../harness';
import { multipart } from '../support/multipart';
import { type StorageKind, startTestStorage, storageKinds, type TestStorage } from '../support/s3';
import { addTestUser } from '../users';

describe('byteRange', () => {
  it('reads one range: from-to, from, and the last n bytes; clamps the end to the file', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(byteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
  });

  it('answers the whole file for no header, a malformed one or several ranges', () => {
    expect(byteRange(undefined, 1000)).toBeNull();
    expect(byteRange('bytes=-', 1000)).toBeNull();
    expect(byteRange('items=0-5', 1000)).toBeNull();
    expect(byteRange('bytes=0-5,10-20', 1000)).toBeNull();
    expect(byteRange('bytes=50-10', 1000)).toBeNull();
  });

  it('cannot satisfy a range that starts past the end, or an empty suffix', () => {
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});

// Media elements seek with Range requests: without 206 answers an uploaded video cannot be seeked.
describe.each(storageKinds)('GET /files/* with a Range header, %s storage', (storageKind: StorageKind) => {
  let platform: TestPlatform;
  let storage: TestStorage;
  let app: FastifyInstance;
  let dataDir: string;
  let url: string;
  const content = Buffer.from(Array.from({ length: 256 }, (_, index) => index));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-ranges-test-'));
    storage = await startTestStorage(storageKind, dataDir);
    platform = await startTestPlatform('pglite', { env: storage.env });
    app = await buildApp(platform, { clientRoot: '/nonexistent' });
    const { token } = await addTestUser(platform, { roles: ['admin'] });
    const body = multipart([{ name: 'file', value: content, filename: 'clip.wav', type: 'audio/wav' }]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
    });
    expect(uploaded.statusCode).toBe(201);
    url = uploaded.json().url;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await storage?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the whole file, saying that ranges are accepted', async () => {
    const whole = await app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe('256');
    expect(whole.rawPayload.equals(content)).toBe(true);
  });

  it('answers 206 with the asked bytes and where they sit in the file', async () => {
    const part = await app.inject({ method: 'GET', url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/256');
    expect(part.headers['content-length']).toBe('10');
    expect(part.headers['content-type']).toBe('audio/wav');
    expect(part.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(part.rawPayload.equals(content.subarray(10, 20))).toBe(true);

    const tail = await app.inject({ method: 'GET', url, headers: { range: 'bytes=-6' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe('bytes 250-255/256');
    expect(tail.rawPayload.equals(content.subarray(250))).toBe(true);
  });

  it('answers 416 for a range past the end, and the whole file for several ranges', async () => {
    const past = await app.inject({ method: 'GET', url, headers: { range: 'bytes=300-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */256');
    const several = await app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1,5-6' } });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.equals(content)).toBe(true);
  });
});
