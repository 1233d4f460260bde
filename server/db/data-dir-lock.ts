import { spawn } from 'node:child_process';
import fs from 'node:fs';
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
 * The lock is the kernel's (flock(2)): it holds across containers that share the volume (where
 * every server is PID 1, so process ids prove nothing). Node has no flock of its own, so this
 * process opens what it locks and a short-lived `flock` program locks that very descriptor, handed
 * to it as its fd 3: a flock belongs to the open file description, not to a process, so once
 * `flock` has exited the lock is this process's alone. No helper is left to kill (an operator's
 * pkill, the OOM killer) and the lock with it; it goes when this process closes the descriptors or
 * ends, even by kill -9.
 *
 * Locked are the folder itself, which cannot be swapped for another while it holds the database,
 * and `platform.lock` in it, which is what earlier releases lock: a lock file alone is lost to
 * whoever deletes it as stale, after which the next server locks a new one. Where no `flock`
 * program exists (not Linux), an exclusive lock file with this process's id is the fallback.
 */
export async function lockDataDir(dataDir: string): Promise<ReleaseDataDir> {
  const lockFile = path.join(dataDir, 'platform.lock');
  const held: number[] = [];
  const closeAll = () => {
    for (const fd of held.splice(0)) fs.closeSync(fd);
  };
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    // Opened close-on-exec (as Node opens every file): no later child of the server inherits them,
    // so none can keep the folder locked after the server is gone.
    held.push(fs.openSync(lockFile, 'a'));
  } catch (error) {
    closeAll();
    throw new DataDirLockedError(
      `DATA_DIR: cannot use ${dataDir} as the data folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): give a folder this process may create and write.`,
    );
  }
  try {
    held.unshift(fs.openSync(dataDir, 'r'));
  } catch {
    // A system that cannot open a folder as a file (Windows): the lock file alone.
  }
  let outcome: 'locked' | 'held' | 'missing' | Error = 'locked';
  try {
    for (const fd of held) {
      outcome = await flockDescriptor(fd, lockFile);
      if (outcome !== 'locked') break;
    }
  } catch (error) {
    closeAll();
    throw error;
  }
  if (outcome !== 'locked') closeAll();
  if (outcome === 'missing') return lockByProcessId(dataDir, lockFile);
  if (outcome === 'held') throw inUse(dataDir);
  if (outcome instanceof Error) throw outcome;
  return async () => {
    // The last descriptors of their open file descriptions: closing them frees the locks.
    closeAll();
  };
}

/** Runs `flock --nonblock 3` with `fd` as the child's descriptor 3. */
function flockDescriptor(fd: number, lockFile: string): Promise<'locked' | 'held' | 'missing' | Error> {
  return new Promise((resolve) => {
    const child = spawn('flock', ['--nonblock', '--conflict-exit-code', String(HELD_ELSEWHERE), '3'], {
      stdio: ['ignore', 'ignore', 'pipe', fd],
    });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk));
    child.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ENOENT' ? 'missing' : error),
    );
    child.once('close', (code) =>
      resolve(
        code === 0
          ? 'locked'
          : code === HELD_ELSEWHERE
            ? 'held'
            : new Error(`Could not lock ${lockFile}: ${errors.trim() || code}`),
      ),
    );
  });
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
