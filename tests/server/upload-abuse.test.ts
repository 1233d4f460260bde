import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REMOVE_UNUSED_UPLOAD_JOB,
  removeUnusedUploadJob,
  removeUnusedUploadKey,
} from '../../jobs/file/remove-unused-upload';
import { REMOVE_UPLOAD_JOB, removeUploadJob, removeUploadKey } from '../../jobs/file/remove-upload';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { fileStorage } from '../../server/file/storage';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { multipart, type Part } from '../support/multipart';
import { type StorageKind, startTestStorage, storageKinds, type TestStorage } from '../support/s3';
import { addTestUser } from '../users';
import { trpcCalls } from './trpc-calls';

/** Polls `probe` until it answers something truthy, or fails after the deadline. */
async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const tinyPng = (colour: string) =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: colour } })
    .png()
    .toBuffer();
/** About 600 KB that PNG cannot compress: random pixels. */
const noisyPng = () =>
  sharp(randomBytes(450 * 450 * 3), { raw: { width: 450, height: 450, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

describe('upload quota settings', () => {
  it('default to 100 MB for people without a role and no limit for staff', () => {
    const config = loadConfig({});
    expect(config.UPLOAD_QUOTA_MB).toBe(100);
    expect(config.UPLOAD_QUOTA_STAFF_MB).toBe(0);
    expect(loadConfig({ UPLOAD_QUOTA_MB: '0', UPLOAD_QUOTA_STAFF_MB: '500' })).toMatchObject({
      UPLOAD_QUOTA_MB: 0,
      UPLOAD_QUOTA_STAFF_MB: 500,
    });
    expect(() => loadConfig({ UPLOAD_QUOTA_MB: '-1' })).toThrow(/UPLOAD_QUOTA_MB/);
  });
});

const kinds = databaseKinds.flatMap((database) =>
  storageKinds.map((storage) => [database, storage] as const),
);

/**
 * Storage abuse: a participant's unused profile pictures, uploads nothing refers to, and the bytes
 * one account may keep (quotas of 1 MB here, for participants and staff alike).
 */
describe.each(kinds)('upload storage limits on %s with %s storage', (kind, storageKind: StorageKind) => {
  let platform: TestPlatform;
  let storage: TestStorage;
  let app: FastifyInstance;
  let dataDir: string;
  let admin: { userId: string; token: string };
  let participant: { userId: string; token: string };
  const tokens: Record<string, string> = {};
  const trpc = trpcCalls(() => ({ app, platform, tokens }));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-abuse-'));
    storage = await startTestStorage(storageKind, dataDir);
    platform = await startTestPlatform(kind, {
      env: { ...storage.env, UPLOAD_QUOTA_MB: '1', UPLOAD_QUOTA_STAFF_MB: '1' },
      workJobs: true,
    });
    app = await buildApp(platform, { clientRoot: '/nonexistent' });
    admin = await addTestUser(platform, { roles: ['admin'] });
    participant = await addTestUser(platform);
    tokens.admin = admin.token;
    tokens.participant = participant.token;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await storage?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (parts: Part[], token: string, language = 'en') => {
    const body = multipart(parts);
    return app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { 'content-type': body.contentType, 'x-language': language, authorization: `Bearer ${token}` },
    });
  };
  const profilePicture = async (token: string, png: Buffer, language = 'en') =>
    upload(
      [
        { name: 'purpose', value: 'profile' },
        { name: 'file', value: png, filename: 'me.png', type: 'image/png' },
      ],
      token,
      language,
    );
  const textFile = (token: string, value: Buffer | string, language = 'en') =>
    upload([{ name: 'file', value, filename: 'notes.txt', type: 'text/plain' }], token, language);
  const ledger = async (userId: string) =>
    (
      await sql<{ upload_id: string }>`
        select upload_id from uploads where user_id = ${userId} order by created_at, upload_id`.execute(
        platform.database.db,
      )
    ).rows.map((row) => row.upload_id);
  const derivativesDone = (uploadIds: string[]) =>
    waitFor('the derivatives', async () => {
      for (const uploadId of uploadIds) {
        const answer = await app.inject({ url: `/api/uploads/${uploadId}/derivatives` });
        if (!answer.json().done) return false;
      }
      return true;
    });
  /**
   * The replaced uploads each have one `upload.remove` job, due a minute later (their sizes are
   * made by then); here they run as the worker would run them then.
   */
  async function replacedRemoved(uploadIds: string[]) {
    for (const uploadId of uploadIds) {
      const jobs = await platform.jobs.boss.findJobs(REMOVE_UPLOAD_JOB, { key: removeUploadKey(uploadId) });
      expect(jobs).toHaveLength(1);
      const due = new Date(jobs[0]!.startAfter).getTime() - Date.now();
      expect(due).toBeGreaterThan(0);
      expect(due).toBeLessThanOrEqual(60_000);
    }
    await derivativesDone(uploadIds);
    for (const uploadId of uploadIds) {
      await removeUploadJob.handler(
        { uploadId },
        { db: platform.database.db, files: fileStorage(platform.config) },
      );
    }
  }

  it('keeps one unused profile picture per person: twenty uploads leave only the last', async () => {
    const person = await addTestUser(platform);
    const ids: string[] = [];
    for (let index = 0; index < 20; index++) {
      const answer = await profilePicture(
        person.token,
        await tinyPng(`#${(index * 11).toString(16).padStart(2, '0')}3366`),
      );
      expect(answer.statusCode, answer.body).toBe(201);
      ids.push(answer.json().id);
    }
    const last = ids.at(-1)!;
    expect(await ledger(person.userId)).toEqual([last]);
    await replacedRemoved(ids.slice(0, -1));
    expect((await storage.uploadFolders()).filter((id) => ids.includes(id))).toEqual([last]);
    expect((await app.inject({ url: `/files/${last}/me.png` })).statusCode).toBe(200);
  });

  it('keeps the picture the profile shows; a new upload replaces only the unused one', async () => {
    const person = await addTestUser(platform);
    tokens.person = person.token;
    const picture = async (colour: string) => {
      const answer = await profilePicture(person.token, await tinyPng(colour));
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json() as { id: string; url: string };
    };
    const shown = await picture('#aa0000');
    await trpc.as('person', 'user.updateProfile', {
      name: 'Pia Picture',
      language: 'en',
      image: { name: shown.url, alt: 'Pia' },
    });
    const unused = await picture('#00aa00');
    const latest = await picture('#0000aa');
    expect(
      await ledger(person.userId),
      JSON.stringify({ shown: shown.id, unused: unused.id, latest: latest.id }),
    ).toEqual([shown.id, latest.id]);
    await replacedRemoved([unused.id]);
    const stored = await storage.uploadFolders();
    expect(stored).toContain(shown.id);
    expect(stored).toContain(latest.id);
    expect(stored).not.toContain(unused.id);
  });

  it('refuses an upload past the quota (413, translated) and keeps nothing of it', async () => {
    const editor = await addTestUser(platform, { roles: ['admin'] });
    const first = await textFile(editor.token, randomBytes(600 * 1024));
    expect(first.statusCode).toBe(201);
    const before = await storage.uploadFolders();
    const second = await textFile(editor.token, randomBytes(600 * 1024), 'nl');
    expect(second.statusCode).toBe(413);
    expect(second.json()).toEqual({
      key: 'uploads.quotaExceeded',
      message:
        'Met deze upload kom je boven je limiet van 1 MB (je gebruikt nu 0.6 MB). Verwijder bestanden die je niet meer nodig hebt, of vraag het aan een beheerder.',
    });
    expect(await storage.uploadFolders()).toEqual(before);
    expect(await ledger(editor.userId)).toEqual([first.json().id]);

    // A participant's picture in use counts too: the next one does not fit beside it.
    const person = await addTestUser(platform);
    tokens.noisy = person.token;
    const shown = await profilePicture(person.token, await noisyPng());
    expect(shown.statusCode, shown.body).toBe(201);
    await trpc.as('noisy', 'user.updateProfile', {
      name: 'Noisy',
      language: 'en',
      image: { name: shown.json().url, alt: 'Noise' },
    });
    const next = await profilePicture(person.token, await noisyPng(), 'fr');
    expect(next.statusCode).toBe(413);
    expect(next.json().message).toMatch(/^Ce fichier dépasserait votre limite de 1 Mo/);
    expect(await ledger(person.userId)).toEqual([shown.json().id]);
  });

  it('admits one of three parallel uploads that fit only one at a time', async () => {
    const editor = await addTestUser(platform, { roles: ['admin'] });
    const answers = await Promise.all([0, 1, 2].map(() => textFile(editor.token, randomBytes(600 * 1024))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 413, 413]);
    expect(await ledger(editor.userId)).toHaveLength(1);
  });

  it('frees the quota when the upload of a deleted file is removed', async () => {
    const editor = await addTestUser(platform, { roles: ['admin'] });
    tokens.editor = editor.token;
    const stored = (await textFile(editor.token, randomBytes(600 * 1024))).json();
    const { path: filePath } = await trpc.as<{ path: string }>('editor', 'file.create', {
      file: { name: 'Notes', url: stored.url },
    });
    expect((await textFile(editor.token, randomBytes(600 * 1024))).statusCode).toBe(413);
    await trpc.as('editor', 'file.delete', { path: filePath });
    await waitFor('the removal', async () => (await ledger(editor.userId)).length === 0);
    expect((await textFile(editor.token, randomBytes(600 * 1024))).statusCode).toBe(201);
  });

  it('removes an upload nothing refers to a day later, once, and keeps one in use', async () => {
    const editor = await addTestUser(platform, { roles: ['admin'] });
    tokens.cleaner = editor.token;
    const unused = (await textFile(editor.token, 'nobody uses me\n')).json();
    const used = (await textFile(editor.token, 'a file points at me\n')).json();
    await trpc.as('cleaner', 'file.create', { file: { name: 'Used', url: used.url } });

    // Each upload has its removal job, due a day after the upload, one per upload.
    for (const { id } of [unused, used]) {
      const [job, ...more] = await platform.jobs.boss.findJobs(REMOVE_UNUSED_UPLOAD_JOB, {
        key: removeUnusedUploadKey(id),
      });
      expect(more).toEqual([]);
      expect(job?.state).toBe('created');
      const due = new Date(job!.startAfter).getTime() - Date.now();
      expect(due).toBeGreaterThan(23.9 * 3600_000);
      expect(due).toBeLessThanOrEqual(24 * 3600_000);
      const again = await platform.jobs.boss.send(
        REMOVE_UNUSED_UPLOAD_JOB,
        { uploadId: id },
        { singletonKey: removeUnusedUploadKey(id), startAfter: 60 },
      );
      expect(again).toBeNull();
    }

    // The day has passed: the job runs (as its worker would), then again as a retry would.
    const deps = { db: platform.database.db, files: fileStorage(platform.config) };
    for (let run = 0; run < 2; run++) {
      await removeUnusedUploadJob.handler({ uploadId: unused.id }, deps);
      await removeUnusedUploadJob.handler({ uploadId: used.id }, deps);
    }
    const folders = await storage.uploadFolders();
    expect(folders).not.toContain(unused.id);
    expect(folders).toContain(used.id);
    expect((await app.inject({ url: unused.url })).statusCode).toBe(404);
    expect((await app.inject({ url: used.url })).statusCode).toBe(200);
    expect(await ledger(editor.userId)).toEqual([used.id]);
  });
});
