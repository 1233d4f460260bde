/** Child processes of a bench run: started with tsx, tracked, and always stopped. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configSchema } from '../../server/config';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const running = new Set<ChildProcess>();

export interface Child {
  name: string;
  process: ChildProcess;
  pid: number;
  /** the last few KB of stdout and stderr, for error messages */
  tail(): string;
  exited: Promise<number | null>;
}

/** The parent's environment without any of the platform's settings, plus `overrides`. */
export function cleanEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(configSchema.shape)) delete env[key];
  return { ...env, ...overrides };
}

/** `node --import tsx <script> ...args`: the child's pid is the Node process itself (for its RSS). */
export function startTsx(name: string, script: string, args: string[], env: NodeJS.ProcessEnv): Child {
  return startProcess(
    name,
    process.execPath,
    [
      // BENCH_CPU_PROF=<folder>: each child writes a V8 CPU profile there when it stops (where the time goes).
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      '--import',
      'tsx',
      path.join(projectRoot, script),
      ...args,
    ],
    env,
  );
}

/** Any command in the project's folder, tracked and stopped like the tsx children. */
export function startProcess(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`Could not start ${name}`);
  running.add(child);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    });
  });
  return { name, process: child, pid: child.pid, tail: () => tail.trim(), exited };
}

/** Polls `url` until it answers 200; fails early when the child dies, and after `timeoutMs`. */
export async function waitHealthy(child: Child, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  void child.exited.then(() => {
    dead = true;
  });
  while (Date.now() < deadline) {
    if (dead) throw new Error(`${child.name} exited during start-up:\n${child.tail()}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `${child.name} did not answer GET ${url} with 200 within ${timeoutMs / 1000} s:\n${child.tail()}`,
  );
}

/** SIGTERM, then SIGKILL after `graceMs`. */
export async function stop(child: Child, graceMs = 15_000): Promise<void> {
  if (!running.has(child.process)) return;
  child.process.kill('SIGTERM');
  const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

/** Last resort on exit: nothing started here outlives the run. */
export function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()));
    });
  });
}

/** Resident memory of a process in MB (Linux), or null where /proc is not there. */
export function rssMb(pid: number): number | null {
  return statusMb(pid, 'VmRSS');
}

/** The highest resident memory a process has had so far, in MB (Linux), or null. */
export function peakRssMb(pid: number): number | null {
  return statusMb(pid, 'VmHWM');
}

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(
      fs.readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * CPU time a process has used so far (user + system, all its threads) in ms (Linux; clock ticks of
 * 10 ms), or null: unlike wall time, it hardly moves when other work shares the machine.
 */
export function cpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name in parentheses (which may hold spaces): fields 3 onwards.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The ids of a process's children (Linux), e.g. the server that `npm start` runs; [] elsewhere. */
export function childPids(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}
