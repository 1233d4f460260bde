/**
 * `npm run bench -- startup` (also part of `npm run bench`): the embedded server started as a user
 * starts it — `npm start` from the source tree, and the server bundle the Docker image runs
 * (`node --enable-source-maps dist/server/main.mjs`, built first by scripts/build-server.mjs) — on a
 * fresh data folder and again on the same folder (existing). Each start is timed from the spawn to
 * the first 200 from /healthz (polled every 20 ms); then the server idles and its resident memory
 * is read (and its peak so far). Rounds alternate the two ways of starting; medians are printed.
 *
 *   BENCH_STARTUP_ROUNDS (3)  BENCH_STARTUP_IDLE_SECONDS (10)
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './database';
import {
  type Child,
  childPids,
  cleanEnv,
  cpuMs,
  freePort,
  peakRssMb,
  projectRoot,
  rssMb,
  startProcess,
  stop,
} from './processes';

export type StartWay = 'npm start' | 'bundle' | 'binary';

/** The single executable (`npm run build:binary`), measured when it has been built. */
const binaryPath = path.join(projectRoot, 'dist/bin/srhr-platform');
export type Folder = 'fresh' | 'existing';

export interface StartupRun {
  way: StartWay;
  folder: Folder;
  round: number;
  /** spawn to the first 200 from /healthz */
  healthyMs: number;
  /** CPU time the server process used until then (npm's own excluded), steadier on a busy machine */
  cpuMsToHealthy: number | null;
  /** the server process's resident memory after the idle time */
  idleRssMb: number | null;
  /** its highest resident memory until then (start-up included) */
  peakRssMb: number | null;
}

export interface StartupResult {
  rounds: number;
  idleSeconds: number;
  runs: StartupRun[];
  medians: Omit<StartupRun, 'round'>[];
}

const START_TIMEOUT_MS = 180_000;

function setting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return value;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const medianOrNull = (values: (number | null)[]): number | null => {
  const known = values.filter((value): value is number => value !== null);
  return known.length > 0 ? Math.round(median(known)) : null;
};

/** The server's own process: `npm start` execs it from npm's shell, so it is npm's child. */
function serverPid(way: StartWay, child: Child): number {
  return way === 'npm start' ? (childPids(child.pid)[0] ?? child.pid) : child.pid;
}

async function startOnce(
  way: StartWay,
  dataDir: string,
): Promise<{ child: Child; healthyMs: number; cpuMsToHealthy: number | null }> {
  const port = await freePort();
  const env = cleanEnv({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  const startedAt = performance.now();
  const child =
    way === 'npm start'
      ? startProcess(way, 'npm', ['start', '--silent'], env)
      : way === 'binary'
        ? startProcess(way, binaryPath, [], env)
        : startProcess(way, process.execPath, ['--enable-source-maps', 'dist/server/main.mjs'], env);
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  const deadline = startedAt + START_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (exited) throw new Error(`${way} exited during start-up:\n${child.tail()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) {
      const healthyMs = Math.round(performance.now() - startedAt);
      return { child, healthyMs, cpuMsToHealthy: cpuMs(serverPid(way, child)) };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stop(child);
  throw new Error(`${way} did not answer /healthz within ${START_TIMEOUT_MS / 1000} s:\n${child.tail()}`);
}

export async function benchStartup(register: (undo: () => Promise<void>) => void): Promise<StartupResult> {
  const rounds = setting('BENCH_STARTUP_ROUNDS', 3, 1, 20);
  const idleSeconds = setting('BENCH_STARTUP_IDLE_SECONDS', 10, 0, 600);
  // What a user has before starting: the web client built (npm start builds it when stale; built
  // here first so no start pays for it) and, for the image's way, the server bundle.
  process.stdout.write('\nstartup: building the web client if stale and the server bundle…\n');
  execFileSync(process.execPath, ['scripts/build-client-if-stale.mjs'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: projectRoot, stdio: 'inherit' });

  // The binary is built apart (it takes minutes and a Node 22 download): measured when it is there.
  const ways: StartWay[] = ['npm start', 'bundle', ...(existsSync(binaryPath) ? (['binary'] as const) : [])];
  if (!ways.includes('binary'))
    process.stdout.write(
      `startup: ${path.relative(projectRoot, binaryPath)} not built (npm run build:binary): not measured\n`,
    );
  const runs: StartupRun[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const way of ways) {
      const dataDir = await tempDir('startup');
      register(dataDir.dispose);
      for (const folder of ['fresh', 'existing'] as const) {
        const { child, healthyMs, cpuMsToHealthy } = await startOnce(way, path.join(dataDir.value, 'data'));
        register(() => stop(child));
        await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
        const pid = serverPid(way, child);
        const run = {
          way,
          folder,
          round,
          healthyMs,
          cpuMsToHealthy,
          idleRssMb: rssMb(pid),
          peakRssMb: peakRssMb(pid),
        };
        runs.push(run);
        await stop(child);
        process.stdout.write(
          `startup: round ${round}, ${way}, ${folder} folder: /healthz after ${healthyMs} ms ` +
            `(${cpuMsToHealthy ?? '?'} ms CPU), ` +
            `${run.idleRssMb ?? '?'} MB after ${idleSeconds} s idle (peak ${run.peakRssMb ?? '?'} MB)\n`,
        );
      }
    }
  }
  const medians = ways.flatMap((way) =>
    (['fresh', 'existing'] as const).map((folder) => {
      const mine = runs.filter((run) => run.way === way && run.folder === folder);
      return {
        way,
        folder,
        healthyMs: Math.round(median(mine.map((run) => run.healthyMs))),
        cpuMsToHealthy: medianOrNull(mine.map((run) => run.cpuMsToHealthy)),
        idleRssMb: medianOrNull(mine.map((run) => run.idleRssMb)),
        peakRssMb: medianOrNull(mine.map((run) => run.peakRssMb)),
      };
    }),
  );
  return { rounds, idleSeconds, runs, medians };
}

export function printStartup(result: StartupResult): void {
  const header = [
    'embedded server',
    'folder',
    'to /healthz',
    'CPU until then',
    `RSS after ${result.idleSeconds} s idle`,
    'peak RSS',
  ];
  const rows = result.medians.map((m) => [
    m.way === 'npm start'
      ? 'npm start'
      : m.way === 'binary'
        ? 'dist/bin/srhr-platform'
        : 'node dist/server/main.mjs',
    m.folder,
    `${m.healthyMs} ms`,
    m.cpuMsToHealthy === null ? '-' : `${m.cpuMsToHealthy} ms`,
    m.idleRssMb === null ? '-' : `${m.idleRssMb} MB`,
    m.peakRssMb === null ? '-' : `${m.peakRssMb} MB`,
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  process.stdout.write(`\nStart-up (median of ${result.rounds} rounds)\n${line(header)}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
}
