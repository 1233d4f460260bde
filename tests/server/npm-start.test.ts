import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, waitForHealth } from './server-process';

/** The ids of every process whose environment carries this DATA_DIR (the server, its lock child, …). */
function processesWith(dataDir: string): number[] {
  const marker = `\0DATA_DIR=${dataDir}\0`;
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (`\0${fs.readFileSync(`/proc/${entry}/environ`, 'latin1')}`.includes(marker))
        found.push(Number(entry));
    } catch {
      // ended meanwhile, or another user's
    }
  }
  return found;
}

/** Whether something accepts connections on this loopback port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const dataDirs: string[] = [];
afterEach(() => {
  // Whatever a failed run left behind (the server re-parented to init): these are this test's own.
  for (const dataDir of dataDirs.splice(0)) {
    for (const pid of processesWith(dataDir)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
});

// A real `npm start` (a PGlite start and migrations): minutes on a busy machine, as in process.test.ts.
describe('npm start', { timeout: 180_000 }, () => {
  it('stops entirely on SIGTERM to npm: nothing left holding the port or the data folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-npm-start-'));
    dataDirs.push(dataDir);
    const port = await freePort();
    const { DATABASE_URL: _inherited, ...parentEnv } = process.env;
    let output = '';
    const child = spawn('npm', ['start', '--silent'], {
      env: {
        ...parentEnv,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        // A client folder of its own: npm start then has no client of ./dist to build.
        CLIENT_DIST: path.join(dataDir, 'client'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const server: ServerProcess = {
      child,
      url: `http://127.0.0.1:${port}`,
      output: () => output,
      exited,
    };
    await waitForHealth(server, 150_000);
    expect(processesWith(dataDir).length).toBeGreaterThan(0);

    child.kill('SIGTERM');
    const code = await exited;
    // The server's lock child ends with it, a moment later at most.
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && (processesWith(dataDir).length > 0 || (await listening(port)))) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(processesWith(dataDir)).toEqual([]);
    expect(await listening(port)).toBe(false);
    expect(code).toBe(0);
  });
});
