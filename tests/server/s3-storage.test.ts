import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageDerivativesJob } from '../../jobs/images/derivatives';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { checkBucket, publicObjectUrl } from '../../server/file/s3-storage';
import { fileStorage } from '../../server/file/storage';
import { startTestPlatform, type TestPlatform } from '../harness';
import { multipart } from '../support/multipart';
import { type S3TestServer, startS3Server } from '../support/s3';
import { addTestUser } from '../users';
import { spawnServer } from './server-process';

let server: S3TestServer;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(async () => {
  await server?.close();
});

const settings = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('S3 configuration', () => {
  it('refuses STORAGE_DRIVER=s3 without S3_BUCKET and S3_REGION, naming both', () => {
    expect(() => settings({ STORAGE_DRIVER: 's3' })).toThrow(ConfigError);
    expect(() => settings({ STORAGE_DRIVER: 's3' })).toThrow(
      /S3_BUCKET: must be set when STORAGE_DRIVER is s3\n {2}S3_REGION: must be set when STORAGE_DRIVER is s3/,
    );
    expect(() =>
      settings({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-1', S3_ENDPOINT: 'minio:9000' }),
    ).toThrow(/S3_ENDPOINT: must be an http:\/\/ or https:\/\/ address/);
    expect(() => settings({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER: must be local or s3/);
    const config = settings({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_REGION: 'eu-west-1' });
    expect(config).toMatchObject({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: false });
  });

  it('knows the public address of an object: the CDN, the path-style endpoint, or AWS', () => {
    const key = '0192f3a0-0000-7000-8000-000000000001/photo.png';
    const base = { S3_BUCKET: 'media', S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: false };
    expect(publicObjectUrl({ ...base, S3_PUBLIC_URL: 'https://cdn.example.org/' }, key)).toBe(
      `https://cdn.example.org/${key}`,
    );
    expect(
      publicObjectUrl({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: true }, key),
    ).toBe(`http://127.0.0.1:9000/media/${key}`);
    expect(publicObjectUrl({ ...base, S3_ENDPOINT: 'https://s3.example.org' }, key)).toBe(
      `https://media.s3.example.org/${key}`,
    );
    expect(publicObjectUrl(base, key)).toBe(`https://media.s3.eu-west-1.amazonaws.com/${key}`);
  });
});

describe('S3 startup check', () => {
  it('passes for a bucket that is there', async () => {
    const { env } = await server.bucket();
    await expect(checkBucket(settings(env))).resolves.toBeUndefined();
  });

  it('stops the start when the bucket does not exist, naming S3_BUCKET', async () => {
    const { env } = await server.bucket();
    const config = settings({ ...env, S3_BUCKET: 'no-such-bucket' });
    const error = await startTestPlatform('pglite', { env: { ...env, S3_BUCKET: 'no-such-bucket' } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      `Invalid configuration:\n  S3_BUCKET: no bucket "no-such-bucket" at S3_ENDPOINT ${server.endpoint}: create it or correct S3_BUCKET.`,
    );
    await expect(checkBucket(config)).rejects.toThrow(/no bucket "no-such-bucket"/);
  });

  it('the server process stops with the message before touching its data folder', {
    timeout: 120_000,
  }, async () => {
    const { env } = await server.bucket();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 's3-start-'));
    try {
      const child = spawnServer({ ...env, DATA_DIR: dataDir, S3_BUCKET: 'no-such-bucket' }, 0);
      expect(await child.exited).toBe(1);
      expect(child.output()).toContain(
        `Invalid configuration:\n  S3_BUCKET: no bucket "no-such-bucket" at S3_ENDPOINT ${server.endpoint}: create it or correct S3_BUCKET.`,
      );
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('stops the start when the endpoint cannot be reached, naming S3_ENDPOINT', async () => {
    const { env } = await server.bucket();
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const error = await startTestPlatform('pglite', { env: { ...env, S3_ENDPOINT: endpoint } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^Invalid configuration:\\n {2}S3_ENDPOINT: cannot reach S3_ENDPOINT ${endpoint} \\(ECONNREFUSED\\)`,
      ),
    );
  });

  it('stops the start when there are no credentials at all, naming the AWS variables', async () => {
    const { env } = await server.bucket();
    const saved = { ...process.env };
    for (const name of Object.keys(process.env)) if (name.startsWith('AWS_')) delete process.env[name];
    // Nowhere else to look: no profile files, no instance metadata service.
    process.env.AWS_SHARED_CREDENTIALS_FILE = '/nonexistent/credentials';
    process.env.AWS_CONFIG_FILE = '/nonexistent/config';
    process.env.AWS_EC2_METADATA_DISABLED = 'true';
    try {
      await expect(checkBucket(settings(env))).rejects.toThrow(
        /S3_BUCKET: no AWS credentials found for bucket "[^"]+": set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
      );
    } finally {
      for (const name of Object.keys(process.env)) if (name.startsWith('AWS_')) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });

  it('stops the start when the credentials are refused, naming the AWS variables', async () => {
    const { env } = await server.bucket();
    const [id, secret] = [process.env.AWS_ACCESS_KEY_ID, process.env.AWS_SECRET_ACCESS_KEY];
    process.env.AWS_ACCESS_KEY_ID = 'NOT-A-KEY';
    process.env.AWS_SECRET_ACCESS_KEY = 'not-a-secret';
    try {
      await expect(checkBucket(settings(env))).rejects.toThrow(
        /S3_BUCKET: access to bucket "[^"]+" at S3_ENDPOINT .* denied: check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
      );
    } finally {
      process.env.AWS_ACCESS_KEY_ID = id;
      process.env.AWS_SECRET_ACCESS_KEY = secret;
    }
  });
});

describe('objects in the bucket', () => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let bucket: string;
  let env: Record<string, string>;
  let token: string;
  let dataDir: string;

  const upload = async (value: Buffer | string, filename: string, type: string) => {
    const body = multipart([{ name: 'file', value, filename, type }]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; name: string; url: string; size: number };
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 's3-objects-test-'));
    const created = await server.bucket();
    bucket = created.name;
    env = { ...created.env, DATA_DIR: dataDir };
    platform = await startTestPlatform('pglite', { env });
    app = await buildApp(platform, { clientRoot: '/nonexistent' });
    token = (await addTestUser(platform, { roles: ['admin'] })).token;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores uploads and derivatives public-read, cached for a year, with their content type; nothing on disk', async () => {
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#0a6' } })
      .png()
      .toBuffer();
    const answer = await upload(png, 'green.png', 'image/png');
    await imageDerivativesJob.handler(
      { uploadId: answer.id, name: answer.name, quality: 80, sizes: [] },
      { files: fileStorage(platform.config) },
    );
    for (const [key, type] of [
      [`${answer.id}/green.png`, 'image/png'],
      [`${answer.id}/sizes/preview.webp`, 'image/webp'],
      [`${answer.id}/sizes/manifest.json`, 'application/json'],
    ] as const) {
      const head = await server.client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      expect([head.CacheControl, head.ContentType], key).toEqual([
        'public, max-age=31536000, immutable',
        type,
      ]);
      // Written public-read (s3rver records no ACL, so the request that wrote the object is checked).
      expect(server.acls.get(`/${bucket}/${key}`), key).toBe('public-read');
    }
    // Fetched without any signature, as a browser or CDN would.
    const anonymous = await fetch(`${server.endpoint}/${bucket}/${answer.id}/green.png`);
    expect(anonymous.status).toBe(200);
    expect(Buffer.from(await anonymous.arrayBuffer()).equals(png)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);
  });

  it('sends a file over the multipart threshold in parts and serves it back whole', async () => {
    const big = Buffer.alloc(12 * 1024 * 1024);
    for (let index = 0; index < big.length; index += 4096) big[index] = index % 251;
    const seen = server.requests.length;
    const answer = await upload(big, 'lecture.mp4', 'video/mp4');
    expect(answer.size).toBe(big.length);
    const key = `/${bucket}/${answer.id}/lecture.mp4`;
    const sent = server.requests.slice(seen).filter((request) => request.includes(key));
    // Created as a multipart upload, sent in 5 MB parts (12 MB: three), then completed.
    expect(sent.filter((request) => /^POST .*\?uploads/.test(request))).toHaveLength(1);
    expect(sent.filter((request) => /^PUT .*partNumber=/.test(request))).toHaveLength(3);
    expect(sent.filter((request) => /^POST .*uploadId=/.test(request))).toHaveLength(1);
    const head = await server.client.send(
      new HeadObjectCommand({ Bucket: bucket, Key: `${answer.id}/lecture.mp4` }),
    );
    expect(head.ContentLength).toBe(big.length);
    expect(server.acls.get(key)).toBe('public-read');
    const served = await app.inject({ method: 'GET', url: answer.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(big)).toBe(true);
  });

  it('aborts a multipart upload cut short: it never becomes an object', async () => {
    const files = fileStorage(platform.config);
    const key = '0192f3a0-0000-7000-8000-0000000000c5/cut.bin';
    const seen = server.requests.length;
    // Two full parts (5 MB each) arrive, then the sender breaks off.
    let sent = 0;
    const body = new Readable({
      read() {
        this.push(Buffer.alloc(1024 * 1024, 3));
        if (++sent === 11) this.destroy(new Error('connection reset by the sender'));
      },
    });
    // The put fails (s3rver does not implement AbortMultipartUpload and answers 405 to it, which
    // lib-storage then reports instead of the sender's error; S3 answers 204).
    await expect(files.put(key, body)).rejects.toThrow();
    const requests = server.requests.slice(seen).filter((request) => request.includes(key));
    expect(requests.filter((request) => /^POST .*\?uploads/.test(request))).toHaveLength(1);
    // The abort was asked for, and the upload never completed.
    expect(requests.filter((request) => /^DELETE .*uploadId=/.test(request))).toHaveLength(1);
    expect(requests.some((request) => /^POST .*uploadId=/.test(request))).toBe(false);
    expect(await files.open(key)).toBeNull();
    expect(await files.list('0192f3a0-0000-7000-8000-0000000000c5')).toEqual([]);
    expect(await files.sweepPartial(new Date())).toBe(0);
  });

  it('with S3_PUBLIC_URL, the file routes redirect to the object there', async () => {
    const cdn = `${server.endpoint}/${bucket}`;
    const withCdn = await startTestPlatform('pglite', {
      env: { ...env, S3_PUBLIC_URL: cdn },
    });
    const cdnApp = await buildApp(withCdn, { clientRoot: '/nonexistent' });
    try {
      const answer = await upload('Hallo\n', 'hallo.txt', 'text/plain');
      const served = await cdnApp.inject({ method: 'GET', url: answer.url });
      expect(served.statusCode).toBe(302);
      expect(served.headers.location).toBe(`${cdn}/${answer.id}/hallo.txt`);
      const followed = await fetch(served.headers.location as string);
      expect(await followed.text()).toBe('Hallo\n');
      expect(followed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // A caption file stays on the platform's origin: a <track> from the CDN would need its CORS.
      const captions = await upload('WEBVTT\n\n00:00.000 --> 00:01.500\nHallo\n', 'nl.vtt', 'text/vtt');
      const track = await cdnApp.inject({ method: 'GET', url: captions.url });
      expect(track.statusCode).toBe(200);
      expect(track.headers['content-type']).toBe('text/vtt; charset=utf-8');
      expect(track.body).toContain('Hallo');
      const unsafe = await cdnApp.inject({ method: 'GET', url: '/files/..%2f..%2fetc%2fpasswd' });
      expect(unsafe.statusCode).toBe(404);
    } finally {
      await cdnApp.close();
      await withCdn.dispose();
    }
  });
});
