import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOVE_UPLOAD_JOB, removeUploadKey } from '../../jobs/file/remove-upload';
import { buildApp } from '../../server/app';
import { idTokenFor } from '../../server/auth/id-tokens';
import { loadConfig } from '../../server/config';
import { type Platform, startPlatform } from '../../server/platform';
import { createPostgresDatabase } from '../harness';
import { multipart } from '../support/multipart';
import { type S3TestServer, startS3Server } from '../support/s3';
import { addTestUser } from '../users';

/** Polls `probe` until it answers something, or fails after the deadline. */
async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Instance {
  platform: Platform;
  app: FastifyInstance;
  dataDir: string;
}

// Needs a PostgreSQL server: two instances cannot share the embedded database (by design, it is
// locked to one process). CI's PostgreSQL pass sets TEST_DATABASE_URL; the PGlite pass skips this.
describe.runIf(process.env.TEST_DATABASE_URL)(
  'two instances on one PostgreSQL database and one S3 bucket (runs only when TEST_DATABASE_URL is set)',
  () => {
    let s3: S3TestServer;
    let drop = async () => {};
    let a: Instance;
    let b: Instance;
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'two-instances-s3-'));

    /** An app instance as a server process builds it: its own pool, job worker and data folder. */
    async function startInstance(name: string, databaseUrl: string, bucketEnv: Record<string, string>) {
      const dataDir = path.join(root, name);
      const config = loadConfig({
        NODE_ENV: 'test',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        ...bucketEnv,
      });
      const platform = await startPlatform(config, pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), {
        target: { kind: 'server', connectionString: databaseUrl, poolSize: 5 },
        workJobs: true,
        jobPollingSeconds: 0.5,
      });
      const app = await buildApp(platform, { clientRoot: '/nonexistent' });
      return { platform, app, dataDir };
    }

    beforeAll(async () => {
      const database = await createPostgresDatabase();
      drop = database.drop;
      s3 = await startS3Server();
      const bucket = await s3.bucket();
      a = await startInstance('a', database.url, bucket.env);
      b = await startInstance('b', database.url, bucket.env);
    });
    afterAll(async () => {
      for (const instance of [a, b]) {
        await instance?.app.close();
        await instance?.platform.close();
      }
      await s3?.close();
      await drop();
      fs.rmSync(root, { recursive: true, force: true });
    });

    /** Files kept in an instance's own data folder (none: everything is in the bucket). */
    const localFiles = (instance: Instance) =>
      fs.existsSync(path.join(instance.dataDir, 'files'))
        ? fs.readdirSync(path.join(instance.dataDir, 'files'))
        : [];

    it('serves on B an image uploaded through A: the original at once, a derivative once made', async () => {
      const { token } = await addTestUser(a.platform, { roles: ['admin'] });
      const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#c35' } })
        .png()
        .toBuffer();
      const body = multipart([{ name: 'file', value: png, filename: 'banner.png', type: 'image/png' }]);
      const uploaded = await a.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: body.payload,
        headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
      });
      expect(uploaded.statusCode).toBe(201);
      const answer = uploaded.json() as { id: string; url: string; image: boolean };
      expect(answer.image).toBe(true);

      const original = await b.app.inject({ method: 'GET', url: answer.url });
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(original.rawPayload, png)).toBe(0);

      // Whichever instance's worker takes the derivatives job, B finds its work in the bucket.
      const derivatives = await waitFor('the derivatives, as B sees them', async () => {
        const listed = (
          await b.app.inject({ method: 'GET', url: `/api/uploads/${answer.id}/derivatives` })
        ).json() as { done: boolean; derivatives: { label: string; url: string; width: number }[] };
        return listed.done ? listed.derivatives : null;
      });
      const main = derivatives.find((derivative) => derivative.label === 'main');
      expect(main).toBeDefined();
      const served = await b.app.inject({ method: 'GET', url: main!.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', main!.width]);

      expect(localFiles(a)).toEqual([]);
      expect(localFiles(b)).toEqual([]);
    });

    it('a file created on A and deleted on B frees its upload for both', async () => {
      const { userId, token: tokenA } = await addTestUser(a.platform, { roles: ['admin'] });
      const tokenB = (await idTokenFor(b.platform, userId))!;
      const body = multipart([
        { name: 'file', value: 'Leaflet\n', filename: 'leaflet.txt', type: 'text/plain' },
      ]);
      const answer = (
        await a.app.inject({
          method: 'POST',
          url: '/api/uploads',
          payload: body.payload,
          headers: { 'content-type': body.contentType, authorization: `Bearer ${tokenA}` },
        })
      ).json() as { id: string; url: string };
      const created = await a.app.inject({
        method: 'POST',
        url: '/trpc/file.create',
        payload: { file: { name: 'Leaflet', url: answer.url } },
        headers: { authorization: `Bearer ${tokenA}` },
      });
      const filePath = created.json().result.data.path as string;
      expect((await b.app.inject({ method: 'GET', url: answer.url })).statusCode).toBe(200);

      const deleted = await b.app.inject({
        method: 'POST',
        url: '/trpc/file.delete',
        payload: { path: filePath },
        headers: { authorization: `Bearer ${tokenB}` },
      });
      expect(deleted.statusCode).toBe(200);
      // The removal job runs on whichever instance fetches it first.
      await waitFor('the removal job', async () => {
        const jobs = await a.platform.jobs.boss.findJobs(REMOVE_UPLOAD_JOB, {
          key: removeUploadKey(answer.id),
        });
        return jobs.length === 1 && jobs[0]!.state === 'completed';
      });
      for (const instance of [a, b]) {
        expect((await instance.app.inject({ method: 'GET', url: answer.url })).statusCode).toBe(404);
      }
    });
  },
);
