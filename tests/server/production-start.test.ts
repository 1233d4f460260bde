import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, spawnServer, waitForHealth } from './server-process';

const running: ServerProcess[] = [];
afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
});

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'platform-production-'));
const admin = { ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'admin-password-1' };

function spawn(env: Record<string, string>) {
  const server = spawnServer(env, 0);
  running.push(server);
  return server;
}

async function start(env: Record<string, string>) {
  const server = spawnServer(env, await freePort());
  running.push(server);
  await waitForHealth(server, 150_000);
  return server;
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  return server.exited;
}

/** Every file under a folder, as paths relative to it. */
const filesUnder = (root: string): string[] =>
  fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).sort() : [];

// Real server processes (a PGlite start and migrations each): minutes on a busy machine.
describe('production start', { timeout: 180_000 }, () => {
  it('refuses without PUBLIC_URL, naming it, before opening the data folder', async () => {
    const dataDir = tempDir();
    const server = spawn({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SMTP_URL: 'smtp://127.0.0.1:1',
      ...admin,
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(
      /Not starting \(NODE_ENV=production\):\s+PUBLIC_URL: PUBLIC_URL is not set/,
    );
    expect(server.output()).toContain('QR codes');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('refuses an empty database nobody could administer, and warns loudly without SMTP_URL', async () => {
    const server = spawn({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://learn.example.org',
      DATA_DIR: tempDir(),
      SEED_DEMO: 'false',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('WARNING (NODE_ENV=production): SMTP_URL is not set');
    expect(server.output()).toMatch(/Not starting \(NODE_ENV=production\):\s+ADMIN_EMAIL: No administrator/);
  });

  it('starts with a loud warning on a database with content but no administrator', async () => {
    const dataDir = tempDir();
    // A first start outside production writes the built-in roles: the database has content.
    expect(await stop(await start({ NODE_ENV: 'development', DATA_DIR: dataDir }))).toBe(0);
    const server = await start({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://learn.example.org',
      SMTP_URL: 'smtp://127.0.0.1:1',
      DATA_DIR: dataDir,
    });
    expect(server.output()).toContain('WARNING (NODE_ENV=production): No administrator');
    expect(server.output()).not.toContain('SMTP_URL is not set');
    expect(await stop(server)).toBe(0);
  });

  it('leaves no unfinished upload behind: neither one cut by the shutdown nor one left by a kill', async () => {
    const dataDir = tempDir();
    const files = path.join(dataDir, 'files');
    // What a kill -9 during an upload leaves: swept at the next start.
    const leftover = path.join(files, '01980000-0000-7000-8000-000000000000');
    fs.mkdirSync(path.join(leftover, 'sizes'), { recursive: true });
    fs.writeFileSync(path.join(leftover, 'report.pdf.part'), 'half');
    fs.writeFileSync(path.join(leftover, 'sizes', 'w400.webp.part'), 'half');
    const server = await start({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '1500', ...admin });
    expect(filesUnder(files)).toEqual([]);

    const signIn = await fetch(`${server.url}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
    });
    const { idToken } = (await signIn.json()) as { idToken: string };
    // An upload of 5 MB whose sender stalls after the first 64 kB: still arriving at the shutdown.
    const boundary = 'cut-by-shutdown';
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.pdf"\r\ncontent-type: application/pdf\r\n\r\n`;
    const request = http.request(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${idToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 5 * 1024 * 1024 + `\r\n--${boundary}--\r\n`.length),
      },
    });
    request.on('error', () => {}); // the server goes away mid-request
    request.write(head);
    request.write(Buffer.alloc(64 * 1024, 1));
    for (let waited = 0; !filesUnder(files).some((file) => file.endsWith('.part')); waited += 100) {
      if (waited > 30_000) throw new Error(`the upload never reached the disk:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // The server waits for the upload, runs out of its 1.5 s and exits anyway.
    expect(await stop(server)).toBe(1);
    request.destroy();
    expect(server.output()).toContain('shutdown took too long');
    expect(filesUnder(files)).toEqual([]);
  });
});
