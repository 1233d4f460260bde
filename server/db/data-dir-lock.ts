import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** Frees the data folder; resolves once another process may take it. */
export type ReleaseDataDir = () => Promise<void>;

const inUse = (dataDir: string) =>
  new DataDirLockedError(
    `The data folder ${dataDir} is in use by another process (perhaps in another container). ` +
      'Stop that process, or give this one another DATA_DIR. To run several instances, use ' +
      'PostgreSQL (DATABASE_URL) instead of the embedded database.',
  );

/** What `flock` exits with when another process holds the lock. */
const HELD_ELSEWHERE = 75;

/**
 * Takes the data folder for this process alone: two PGlite instances on one folder lose writes.
 * The lock is the kernel's (flock(2) on `platform.lock`), held by a small `flock` child whose
 * standard input is a pipe from this process: it holds across containers that share the volume
 * (where every server is PID 1, so process ids prove nothing), and it goes the moment this process
 * ends, even by kill -9, because the pipe closes. Where no `flock` program exists (not Linux), an
 * exclusive lock file with this process's id is the fallback.
 */
export async function lockDataDir(dataDir: string): Promise<ReleaseDataDir> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'platform.lock');
  const child = spawn(
    'flock',
    ['--nonblock', '--conflict-exit-code', String(HELD_ELSEWHERE), lockFile, '-c', 'echo locked; exec cat'],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const outcome = await new Promise<'locked' | 'held' | 'missing' | Error>((resolve) => {
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve('locked');
    });
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
    child.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ENOENT' ? 'missing' : error),
    );
    void exited.then((code) =>
      resolve(
        code === HELD_ELSEWHERE ? 'held' : new Error(`Could not lock ${lockFile}: ${errors.trim() || code}`),
      ),
    );
  });
  if (outcome === 'missing') return lockByProcessId(dataDir, lockFile);
  if (outcome === 'held') throw inUse(dataDir);
  if (outcome instanceof Error) throw outcome;
  // The lock must not keep the process alive by itself, nor outlive it.
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as Socket).unref();
  child.unref();
  let released: Promise<void> | null = null;
  return () => {
    released ??= (async () => {
      // `cat` ends at the end of its input and `flock` after it: then the lock is free. Killing
      // `flock` instead would leave `cat` holding the lock a moment longer.
      child.stdin.end();
      const stuck = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(stuck);
    })();
    return released;
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The fallback: a lock file naming this process, taken over when that process no longer runs. */
function lockByProcessId(dataDir: string, lockFile: string): ReleaseDataDir {
  const pidFile = `${lockFile}.pid`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(pidFile, String(process.pid), { flag: 'wx' });
      return async () => fs.rmSync(pidFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(pidFile, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) throw inUse(dataDir);
      fs.rmSync(pidFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
