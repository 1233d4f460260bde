import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase, databaseKinds } from '../harness';
import { freePort, type ServerProcess, spawnServer, waitForHealth } from './server-process';

const running: ServerProcess[] = [];
afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
});

const admin = { ADMIN_EMAIL: 'admin@example.org', ADMIN_PASSWORD: 'admin-password-1' };

/** Signs in as the configured first admin, as a non-browser client would. */
async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
  });
  const { idToken } = (await response.json()) as { idToken: string };
  return idToken;
}

/** Whether nobody holds the data folder's kernel lock (flock exits 0 when it can take it at once). */
const lockIsFree = (lockFile: string) => spawnSync('flock', ['--nonblock', lockFile, 'true']).status === 0;

/** Every process below `pid` (children, their children…), from /proc. */
function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields after its last ')' are fixed.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), parent);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const below = (id: number) => {
    for (const [child, parent] of parents) {
      if (parent === id) {
        found.push(child);
        below(child);
      }
    }
  };
  below(pid);
  return found;
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'platform-data-'));

async function start(env: Record<string, string>, wrapper: string[] = []) {
  const server = spawnServer(env, await freePort(), wrapper);
  running.push(server);
  await waitForHealth(server);
  return server;
}

// Each test starts real server processes (a PGlite start, migrations, a kill -9 and a restart): on a
// busy machine one start alone took 30–45 s, so these get three minutes rather than the default one.
describe('server process', { timeout: 180_000 }, () => {
  it('stops with exit code 1 and a clear message on a bad configuration value', async () => {
    const server = spawnServer({ PORT: 'eighty', DATA_DIR: tempDir() }, 0);
    running.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration:\s+PORT:/);
  });

  it('names DATABASE_URL when that database cannot be reached', async () => {
    const port = await freePort(); // nothing listens there
    const server = spawnServer(
      { DATA_DIR: tempDir(), DATABASE_URL: `postgres://platform:secret@127.0.0.1:${port}/platform` },
      await freePort(),
    );
    running.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      `DATABASE_URL: cannot use the database at postgres://platform:***@127.0.0.1:${port}/platform: nothing answers at that host and port`,
    );
    expect(server.output()).not.toContain('secret');
  });

  it('names DATA_DIR when that folder cannot be made, and PORT when the port is taken', async () => {
    const notAFolder = path.join(tempDir(), 'file');
    fs.writeFileSync(notAFolder, '');
    const badFolder = spawnServer({ DATA_DIR: path.join(notAFolder, 'data') }, await freePort());
    running.push(badFolder);
    expect(await badFolder.exited).toBe(1);
    expect(badFolder.output()).toContain(
      `DATA_DIR: cannot use ${path.join(notAFolder, 'data')} as the data folder (ENOTDIR)`,
    );

    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const clash = spawnServer({ DATA_DIR: tempDir() }, port);
      running.push(clash);
      expect(await clash.exited).toBe(1);
      expect(clash.output()).toContain(`HOST, PORT: could not listen on 127.0.0.1:${port}`);
    } finally {
      taken.close();
    }
  });

  it('refuses a second process on the same data folder, and takes over after a kill -9', async () => {
    const dataDir = tempDir();
    const first = await start({ DATA_DIR: dataDir });
    const second = spawnServer({ DATA_DIR: dataDir }, await freePort());
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another process`);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = await start({ DATA_DIR: dataDir });
    expect((await fetch(`${third.url}/readyz`)).status).toBe(200);
  });

  it('keeps the data folder locked when every process the server started is killed', async () => {
    const dataDir = tempDir();
    const first = await start({ DATA_DIR: dataDir });
    // Whatever helper might hold the lock for the server (an operator's pkill, the OOM killer).
    const helpers = descendantsOf(first.child.pid!);
    for (const pid of helpers) process.kill(pid, 'SIGKILL');
    expect(lockIsFree(path.join(dataDir, 'platform.lock'))).toBe(false);
    const second = spawnServer({ DATA_DIR: dataDir }, await freePort());
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another process`);
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  });

  it('keeps the data folder locked when its lock file is deleted as stale', async () => {
    const dataDir = tempDir();
    const first = await start({ DATA_DIR: dataDir });
    fs.rmSync(path.join(dataDir, 'platform.lock'));
    const second = spawnServer({ DATA_DIR: dataDir }, await freePort());
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another process`);
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  });

  /** Runs the server as PID 1 of a PID namespace of its own, as every container runs it. */
  const asPid1 = ['unshare', '--pid', '--fork', '--map-root-user', '--kill-child=SIGTERM'];
  const canUnshare = spawnSync('unshare', ['--pid', '--fork', '--map-root-user', 'true']).status === 0;

  it('refuses a second server on the same folder when both are PID 1, as in two containers; the first keeps its writes', async () => {
    // No skipping: CI's machine has unshare; a machine without it must say so, not pass quietly.
    expect(canUnshare, 'unshare --pid --map-root-user must work here').toBe(true);
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, ...admin };
    const create = async (url: string, token: string, name: string) =>
      (
        await fetch(`${url}/trpc/course.create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ path: name, course: { name, language: 'en' } }),
        })
      ).status;
    const first = await start(env, asPid1);
    const token = await signIn(first.url);
    expect(await create(first.url, token, 'before-second')).toBe(200);

    const second = spawnServer(env, await freePort(), asPid1);
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another process`);
    expect(second.output()).toContain('DATABASE_URL');

    expect(await create(first.url, token, 'after-second')).toBe(200);
    // unshare ignores SIGTERM while it waits; its end sends the server SIGTERM (--kill-child).
    first.child.kill('SIGKILL');
    await first.exited;
    const lockFile = path.join(dataDir, 'platform.lock');
    for (let waited = 0; !lockIsFree(lockFile) && waited < 60_000; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const again = await start(env);
    const list = await fetch(`${again.url}/trpc/course.list`);
    const paths = ((await list.json()) as { result: { data: { path: string }[] } }).result.data.map(
      (course) => course.path,
    );
    expect(paths).toEqual(expect.arrayContaining(['before-second', 'after-second']));
  });

  it('finishes in-flight work and exits 0 on SIGTERM, releasing the data folder', async () => {
    const dataDir = tempDir();
    const server = await start({ DATA_DIR: dataDir, ...admin, PUBLIC_URL: 'https://learn.example.org/' });
    // The banner names the address people open, not the local one behind the proxy.
    while (!server.output().includes('Platform ready'))
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.output()).toContain('Open https://learn.example.org/');
    expect(server.output()).not.toContain('Open http://localhost');
    const token = await signIn(server.url);
    const body = JSON.stringify({ path: 'in-flight', course: { name: 'In flight', language: 'nl' } });
    // The request is half sent when the signal arrives: the server must still answer it.
    const request = http.request(`${server.url}/trpc/course.create`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        authorization: token,
      },
    });
    const answered = new Promise<number>((resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    request.end(body.slice(10));
    expect(await answered).toBe(200);
    expect(await server.exited).toBe(0);
    expect(lockIsFree(path.join(dataDir, 'platform.lock'))).toBe(true);
  });

  describe.each(databaseKinds)('durability on %s', (kind) => {
    it('keeps every acknowledged write through a kill -9 of the server', async () => {
      const dataDir = tempDir();
      const env: Record<string, string> = { DATA_DIR: dataDir, ...admin };
      let drop = async () => {};
      if (kind === 'postgres') {
        const database = await createPostgresDatabase();
        env.DATABASE_URL = database.url;
        drop = database.drop;
      }
      try {
        const server = await start(env);
        const token = await signIn(server.url);
        const acknowledged: string[] = [];
        for (let n = 1; n <= 25; n++) {
          const response = await fetch(`${server.url}/trpc/course.create`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ path: `durable-${n}`, course: { name: `Durable ${n}`, language: 'en' } }),
          });
          if (response.status === 200) acknowledged.push(`durable-${n}`);
        }
        expect(acknowledged).toHaveLength(25);
        server.child.kill('SIGKILL');
        await server.exited;

        const restarted = await start(env);
        const list = await fetch(`${restarted.url}/trpc/course.list`);
        const paths = ((await list.json()) as { result: { data: { path: string }[] } }).result.data.map(
          (c) => c.path,
        );
        for (const path of acknowledged) expect(paths).toContain(path);
      } finally {
        for (const server of running.splice(0)) {
          server.child.kill('SIGKILL');
          await server.exited;
        }
        await drop();
      }
    });
  });
});
