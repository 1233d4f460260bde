import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileDecider } from '../../events/file/decider';
import { fileStream } from '../../events/file/events';
import { readStream } from '../../events/store';
import { REMOVE_UPLOAD_JOB, removeUploadKey } from '../../jobs/file/remove-upload';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { multipart } from '../support/multipart';
import { type StorageKind, startTestStorage, storageKinds, type TestStorage } from '../support/s3';
import { addTestUser } from '../users';
import { trpcCalls } from './trpc-calls';

/** Polls `probe` until it answers something, or fails after the deadline with what it saw last. */
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

interface Upload {
  id: string;
  url: string;
  /** The derivatives' urls, once the derivatives job made them. */
  derivatives: string[];
}

const kinds = databaseKinds.flatMap((database) =>
  storageKinds.map((storage) => [database, storage] as const),
);

describe.each(kinds)('deleting a file on %s with %s storage', (kind, storageKind: StorageKind) => {
  let platform: TestPlatform;
  let storage: TestStorage;
  let app: FastifyInstance;
  let dataDir: string;
  let token: string;
  const trpc = trpcCalls(() => ({ app, platform, tokens: { admin: token } }));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-delete-test-'));
    storage = await startTestStorage(storageKind, dataDir);
    // The platform works its own queue, as a server does: derivatives and removals run by themselves.
    platform = await startTestPlatform(kind, { env: storage.env, workJobs: true });
    app = await buildApp(platform, { clientRoot: '/nonexistent' });
    token = (await addTestUser(platform, { roles: ['admin'] })).token;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await storage?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const status = async (url: string) => (await app.inject({ method: 'GET', url })).statusCode;

  /** An image upload, once its derivatives are made (polled on the upload's derivatives route). */
  async function uploadImage(filename: string): Promise<Upload> {
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#0a7' } })
      .png()
      .toBuffer();
    const body = multipart([{ name: 'file', value: png, filename, type: 'image/png' }]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(201);
    const { id, url } = response.json() as { id: string; url: string };
    const derivatives = await waitFor('the derivatives', async () => {
      const answer = (await app.inject({ method: 'GET', url: `/api/uploads/${id}/derivatives` })).json() as {
        done: boolean;
        derivatives: { url: string }[];
      };
      return answer.done ? answer.derivatives.map((derivative) => derivative.url) : null;
    });
    expect(derivatives.length).toBeGreaterThan(0);
    return { id, url, derivatives };
  }

  const servedUrls = (upload: Upload) => [upload.url, ...upload.derivatives];
  const allServed = async (upload: Upload) => {
    for (const url of servedUrls(upload)) expect(await status(url), url).toBe(200);
  };
  const noneServed = async (upload: Upload) => {
    for (const url of servedUrls(upload)) expect(await status(url), url).toBe(404);
    expect(await status(`/files/${upload.id}/sizes/manifest.json`)).toBe(404);
    expect(await storage.uploadFolders()).not.toContain(upload.id);
  };

  /**
   * Waits until the queue holds `count` removal jobs for the upload and all of them completed (the
   * worker ran them); a failed attempt fails the test with the job's error.
   */
  async function removalsDone(uploadId: string, count: number) {
    await waitFor(`${count} removal job(s) of ${uploadId}`, async () => {
      const found = await platform.jobs.boss.findJobs(REMOVE_UPLOAD_JOB, { key: removeUploadKey(uploadId) });
      const failed = found.find((job) => job.state === 'failed' || job.state === 'retry');
      if (failed) throw new Error(`the removal failed: ${JSON.stringify(failed.output)}`);
      return found.length === count && found.every((job) => job.state === 'completed');
    });
  }

  const createFile = (name: string, url: string) =>
    trpc.as<{ path: string }>('admin', 'file.create', { file: { name, url } });
  const fileIdOf = async (filePath: string) =>
    (await trpc.as<{ fileId: string }>('admin', 'file.byPath', { path: filePath }, false)).fileId;

  it('removes the upload and its derivatives once its file is deleted; the file’s events remain', async () => {
    const upload = await uploadImage('poster.png');
    const { path: filePath } = await createFile('Poster', upload.url);
    const fileId = await fileIdOf(filePath);
    await allServed(upload);

    await trpc.as('admin', 'file.delete', { path: filePath });
    await removalsDone(upload.id, 1);
    await noneServed(upload);

    const events = await readStream(platform.database.db, fileStream(fileId));
    expect(events.map((event) => event.type)).toEqual(['FileCreated', 'FileDeleted']);
    expect(events[0]!.data).toMatchObject({ fileId, name: 'Poster', url: upload.url });
    expect(events[1]!.data).toEqual({ fileId, path: filePath, name: 'Poster', url: upload.url });
  });

  it('keeps an upload a duplicated file still points at, until the last file goes', async () => {
    const upload = await uploadImage('shared.png');
    const { path: original } = await createFile('Shared', upload.url);
    const { path: copy } = await trpc.as<{ path: string }>('admin', 'file.duplicate', { path: original });
    expect(copy).not.toBe(original);

    await trpc.as('admin', 'file.delete', { path: original });
    await removalsDone(upload.id, 1);
    await allServed(upload);

    await trpc.as('admin', 'file.delete', { path: copy });
    await removalsDone(upload.id, 2);
    await noneServed(upload);
  });

  it('keeps an upload that a course image or a page’s markdown uses', async () => {
    const courseImage = await uploadImage('course.png');
    await trpc.as('admin', 'course.create', {
      course: {
        name: `Course ${storageKind}`,
        language: 'en',
        image: { name: courseImage.url, alt: 'A poster' },
      },
    });
    const pageImage = await uploadImage('page.png');
    const { path: modulePath } = await trpc.as<{ path: string }>('admin', 'module.create', {
      module: { name: `Module ${storageKind}`, language: 'en' },
    });
    await trpc.as('admin', 'page.create', {
      parentType: 'module',
      parentPath: modulePath,
      page: {
        name: 'With a picture',
        type: 'markdown',
        content: [{ type: 'markdown', name: 'intro', text: `![A poster](${pageImage.url} "medium")` }],
        estimatedTime: 60,
      },
    });

    for (const upload of [courseImage, pageImage]) {
      const { path: filePath } = await createFile(`Also a file ${upload.id}`, upload.url);
      await trpc.as('admin', 'file.delete', { path: filePath });
      await removalsDone(upload.id, 1);
      await allServed(upload);
    }
  });

  it('reads a deletion stored before version 2 with url null; its file still reads as deleted', async () => {
    const fileId = crypto.randomUUID();
    const ref = { fileId, path: `old-leaflet-${fileId.slice(0, 8)}` };
    const meta = JSON.stringify({ actorId: null, requestId: 'old-release', at: '2026-11-01T10:00:00.000Z' });
    // As an older release appended them: FileDeleted in its first shape, without the url.
    await sql`insert into events (stream, version, type, schema_version, data, meta) values
      (${fileStream(fileId)}, 1, 'FileCreated', 1,
        ${JSON.stringify({ ...ref, name: 'Old', url: '/files/old.pdf', type: 'pdf' })}::jsonb, ${meta}::jsonb),
      (${fileStream(fileId)}, 2, 'FileDeleted', 1, ${JSON.stringify({ ...ref, name: 'Old' })}::jsonb, ${meta}::jsonb)`.execute(
      platform.database.db,
    );
    const events = await readStream(platform.database.db, fileStream(fileId));
    expect(events[1]!.data).toEqual({ ...ref, name: 'Old', url: null });
    const state = events.reduce(
      (folded, event) => fileDecider.evolve(folded, event as never),
      fileDecider.initialState(),
    );
    expect(state.status).toBe('deleted');
  });

  it('queues nothing for a file that links elsewhere', async () => {
    const jobs = async () => (await platform.jobs.boss.findJobs(REMOVE_UPLOAD_JOB)).length;
    const before = await jobs();
    const { path: filePath } = await createFile('Elsewhere', 'https://example.org/leaflet.pdf');
    await trpc.as('admin', 'file.delete', { path: filePath });
    expect(await jobs()).toBe(before);
  });
});
