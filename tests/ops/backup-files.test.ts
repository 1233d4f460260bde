import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { fileStorage } from '../../server/file/storage';
import { runExport, runImport } from '../../server/ops/backup-command';
import { checksumsName, filesFolder } from '../../server/ops/backup-files';
import { parseCommandLine } from '../../server/ops/cli';
import { type Platform, startPlatform } from '../../server/platform';
import { createPostgresDatabase, databaseKinds, startTestPlatform } from '../harness';
import { dyingWithParent, serverCommand } from '../server/server-process';
import { multipart } from '../support/multipart';
import { type S3TestServer, startS3Server } from '../support/s3';
import { addTestUser } from '../users';

async function waitFor<T>(probe: () => Promise<T | null | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every file under a folder, by its path relative to it, with its bytes. */
function filesUnder(root: string): Record<string, Buffer> {
  const found: Record<string, Buffer> = {};
  if (!fs.existsSync(root)) return found;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    found[path.relative(root, full).split(path.sep).join('/')] = fs.readFileSync(full);
  }
  return found;
}

const testConfig = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env });

/**
 * Where the restore goes: PostgreSQL when the suite has one (TEST_DATABASE_URL, as in CI), the
 * embedded database otherwise; the files go to S3 (s3rver on loopback) either way.
 */
const targetKind = databaseKinds.includes('postgres') ? 'postgres' : 'pglite';

describe('backup with the uploaded files', () => {
  let root: string;
  let sourceDir: string;
  let backup: string;
  /** What the source served: the original image, a derivative, and a text file. */
  let served: Record<string, Buffer>;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-files-'));
    sourceDir = path.join(root, 'source');
    const source = await startTestPlatform('pglite', { dataDir: sourceDir, workJobs: true });
    const app = await buildApp(source, { clientRoot: '/nonexistent' });
    try {
      const { token } = await addTestUser(source, { roles: ['admin'] });
      const upload = async (value: Buffer | string, filename: string, type: string) => {
        const body = multipart([{ name: 'file', value, filename, type }]);
        const response = await app.inject({
          method: 'POST',
          url: '/api/uploads',
          payload: body.payload,
          headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json() as { id: string; name: string; url: string };
      };
      const png = await sharp({
        create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 40, b: 90 } },
      })
        .png()
        .toBuffer();
      const image = await upload(png, 'Poster.png', 'image/png');
      const text = await upload('Notes for the course.\n', 'notes.txt', 'text/plain');
      // The real job makes the derivatives (the platform works its jobs here).
      const derivatives = await waitFor(async () => {
        const answer = await app.inject({ method: 'GET', url: `/api/uploads/${image.id}/derivatives` });
        const body = answer.json() as { done: boolean; derivatives: { label: string; url: string }[] };
        return body.done ? body.derivatives : null;
      });
      const main = derivatives.find((d) => d.label === 'main')!;
      served = {};
      for (const url of [image.url, main.url, text.url]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        served[url] = response.rawPayload;
      }
      expect(served[main.url]!.subarray(8, 12).toString('ascii')).toBe('WEBP');
    } finally {
      await app.close();
      await source.dispose();
    }
    backup = path.join(root, 'backup.ndjson');
    await runExport(testConfig({ DATA_DIR: sourceDir }), backup, { withFiles: true });
  }, 180_000);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes every stored file beside the backup with its SHA-256', () => {
    const stored = filesUnder(path.join(sourceDir, 'files'));
    const copied = filesUnder(filesFolder(backup));
    const list = copied[checksumsName]!.toString('utf8');
    delete copied[checksumsName];
    expect(copied).toEqual(stored);
    // The image, its manifest and the six standard derivatives, and the text file.
    expect(Object.keys(copied)).toHaveLength(1 + 1 + 6 + 1);
    const lines = list.trimEnd().split('\n');
    expect(lines.map((line) => line.slice(66)).sort()).toEqual(Object.keys(stored).sort());
    for (const line of lines) expect(line).toMatch(/^[0-9a-f]{64} {2}[0-9a-f-]{36}\/(sizes\/)?[\w.-]+$/);
    for (const url of Object.keys(served)) expect(copied[url.replace(/^\/files\//, '')]).toEqual(served[url]);
  });

  describe(`restored into ${targetKind} with S3 storage`, () => {
    let s3: S3TestServer;
    let target: Platform;
    let app: FastifyInstance;
    let drop = async () => {};
    let config: ReturnType<typeof testConfig>;

    beforeAll(async () => {
      s3 = await startS3Server();
      const bucket = await s3.bucket();
      const dataDir = path.join(root, 'restored-s3');
      let env: Record<string, string> = { DATA_DIR: dataDir, ...bucket.env };
      if (targetKind === 'postgres') {
        const database = await createPostgresDatabase();
        drop = database.drop;
        env = { ...env, DATABASE_URL: database.url };
      }
      config = testConfig(env);
      await runImport(config, backup);
      const log = pino({ level: 'silent' });
      target = await startPlatform(config, log, { workJobs: false });
      app = await buildApp(target, { clientRoot: '/nonexistent' });
    }, 180_000);
    afterAll(async () => {
      // Closed by the last test already when it ran; closing twice is harmless.
      await app?.close().catch(() => {});
      await target?.close().catch(() => {});
      await drop();
      await s3?.close();
    });

    it('serves the original image, a derivative and the other file with the same bytes', async () => {
      for (const [url, bytes] of Object.entries(served)) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.rawPayload.equals(bytes), url).toBe(true);
      }
      // The bucket holds nothing else than the backup's files.
      const stored: string[] = [];
      for await (const key of fileStorage(target.config).keys()) stored.push(key);
      const listed = fs
        .readFileSync(path.join(filesFolder(backup), checksumsName), 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => line.slice(66));
      expect(stored.sort()).toEqual(listed.sort());
    });

    it('exports the bucket back out: the same files and checksums as the first backup', async () => {
      // The embedded database is locked by its running platform: stop it first, as the README says.
      await app.close();
      await target.close();
      const again = path.join(root, 'from-s3.ndjson');
      await runExport(config, again, { withFiles: true });
      expect(filesUnder(filesFolder(again))).toEqual(filesUnder(filesFolder(backup)));
    }, 120_000);
  });

  it('refuses a backup with a changed or missing file, naming it, and imports nothing', async () => {
    const damaged = path.join(root, 'damaged.ndjson');
    fs.copyFileSync(backup, damaged);
    fs.cpSync(filesFolder(backup), filesFolder(damaged), { recursive: true });
    const key = fs
      .readFileSync(path.join(filesFolder(damaged), checksumsName), 'utf8')
      .split('\n')
      .map((line) => line.slice(66))
      .find((k) => k.endsWith('/sizes/main.webp'))!;
    const file = path.join(filesFolder(damaged), key);
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    fs.writeFileSync(file, bytes);

    const dataDir = path.join(root, 'refused');
    const config = testConfig({ DATA_DIR: dataDir });
    await expect(runImport(config, damaged)).rejects.toThrow(
      `The file ${key} in the backup is damaged: its checksum differs from files.sha256. Nothing was imported.`,
    );
    fs.rmSync(file);
    await expect(runImport(config, damaged)).rejects.toThrow(
      `The backup lacks the file ${key} that files.sha256 lists. Nothing was imported.`,
    );
    // Refused before the database was even opened: no database, no files.
    expect(filesUnder(dataDir)).toEqual({});
  });

  it('parses --with-files on both commands, and keeps the plain commands as they were', () => {
    expect(parseCommandLine(['export', '--with-files', 'b.ndjson'])).toEqual({
      name: 'export',
      file: 'b.ndjson',
      withFiles: true,
    });
    expect(parseCommandLine(['import', 'b.ndjson', '--with-files'])).toEqual({
      name: 'import',
      file: 'b.ndjson',
      withFiles: true,
    });
    expect(parseCommandLine(['export', 'b.ndjson'])).toEqual({ name: 'export', file: 'b.ndjson' });
    expect(parseCommandLine(['export', '--with-files'])).toMatchObject({ name: 'invalid' });
  });

  it('goes from local storage to local storage through the commands', async () => {
    const run = (args: string[], env: Record<string, string>) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const { DATABASE_URL: _ignored, STORAGE_DRIVER: _local, ...parentEnv } = process.env;
        const [program, ...rest] = dyingWithParent([...serverCommand, ...args]);
        const child = spawn(program!, rest, {
          env: { ...parentEnv, LOG_LEVEL: 'info', ...env },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (chunk) => (stderr += chunk));
        child.on('exit', (code) => resolve({ code, stderr }));
      });
    const file = path.join(root, 'cli.ndjson');
    const exported = await run(['export', '--with-files', file], { DATA_DIR: sourceDir });
    expect(exported.stderr).toMatch(/Exported 9 files \([\d.]+ [kM]B\) from .* to .*cli\.ndjson\.files/);
    expect(exported.code).toBe(0);

    const targetDir = path.join(root, 'restored-local');
    const imported = await run(['import', file], { DATA_DIR: targetDir });
    expect(imported.stderr).toMatch(/Imported \d+ events/);
    expect(imported.stderr).toMatch(/Restored 9 files \([\d.]+ [kM]B\) from .* every checksum verified/);
    expect(imported.code).toBe(0);
    expect(filesUnder(path.join(targetDir, 'files'))).toEqual(filesUnder(path.join(sourceDir, 'files')));

    // Written to standard output, the backup has nowhere to put the files: refused, with a reason.
    const refused = await run(['export', '--with-files', '-'], { DATA_DIR: sourceDir });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('give a file name, not -');
  }, 180_000);
});
