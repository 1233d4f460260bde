/**
 * `npm run bench`: starts the real server as a user would, loads it over HTTP from a second process
 * (load.ts, autocannon), then measures the ceilings of the same database mode (ceiling-server.ts) and
 * prints the ratios. Embedded PGlite always; PostgreSQL as well when BENCH_DATABASE_URL is set.
 *
 * Then the files part (files.ts): image derivatives and 20 MB uploads against their raw ceilings.
 * `npm run bench -- files` runs the files part alone.
 *
 * Then the certificates part (certificates.ts): 500 participants completing a module at once, until
 * the last automatic certificate exists. `npm run bench -- certificates` runs it alone.
 *
 *   BENCH_SECONDS (10)  BENCH_CONNECTIONS (10)  BENCH_WARMUP_SECONDS (2)  BENCH_DATABASE_URL (unset)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { demoCourses } from '../seed/demo';
import { benchCertificates, type CertificatesResult } from './certificates';
import { serverVersion, tempDatabase, tempDir } from './database';
import { benchFiles, type FilesResult } from './files';
import type { LoadResult, LoadSpec } from './load';
import {
  cleanEnv,
  freePort,
  killAll,
  projectRoot,
  rssMb,
  runTsx,
  startTsx,
  stop,
  waitHealthy,
} from './processes';
import { type ModeResult, printFiles, printMode, type ScenarioResult } from './report';

function positiveInt(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > 3600)
    throw new Error(`${name} must be an integer ≥ ${min}`);
  return value;
}

const settings = {
  seconds: positiveInt('BENCH_SECONDS', 10),
  connections: positiveInt('BENCH_CONNECTIONS', 10),
  warmupSeconds: positiveInt('BENCH_WARMUP_SECONDS', 2, 0),
};
const baseDatabaseUrl = process.env.BENCH_DATABASE_URL?.trim() || null;
const START_TIMEOUT_MS = 120_000;
const COURSE_PATH = 'srhr-in-humanitarian-settings';

// Everything a run creates registers its undoing here; run in reverse, once, also on error or signal.
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | null = null;
let interrupted = false;
/** Concurrent callers (the failing run and a signal) share one pass, so none exits half-way. */
function runCleanups(): Promise<void> {
  cleaning ??= (async () => {
    for (let undo = cleanups.pop(); undo; undo = cleanups.pop()) {
      await undo().catch((error: Error) => process.stderr.write(`cleanup: ${error.message}\n`));
    }
    cleaning = null;
  })();
  return cleaning;
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`\nbench: ${signal}, stopping\n`);
    interrupted = true;
    killAll();
    setTimeout(() => process.exit(130), 20_000).unref();
    void runCleanups().then(() => process.exit(130));
  });
}

const BENCH_ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };

async function startChild(name: string, script: string, env: Record<string, string>) {
  const port = await freePort();
  const startedAt = performance.now();
  const child = startTsx(name, script, [], cleanEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }));
  cleanups.push(() => stop(child));
  const origin = `http://127.0.0.1:${port}`;
  await waitHealthy(child, `${origin}/healthz`, START_TIMEOUT_MS);
  return { child, origin, startupMs: Math.round(performance.now() - startedAt) };
}

/** One request before the load: a wrong token or body fails here with the answer, not as 10 s of 4xx. */
async function expectOk(url: string, init: RequestInit): Promise<string> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${text}`);
  return text;
}

async function load(spec: Omit<LoadSpec, 'seconds' | 'warmupSeconds' | 'connections'>): Promise<LoadResult> {
  const full: LoadSpec = { ...spec, ...settings };
  const timeoutMs = (settings.seconds + settings.warmupSeconds + 60) * 1000;
  const stdout = await runTsx('load generator', 'scripts/bench/load.ts', [JSON.stringify(full)], timeoutMs);
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as LoadResult;
}

function scenario(name: string, spec: { method: string; url: string; body?: string }, result: LoadResult) {
  return {
    name,
    request: { method: spec.method, path: new URL(spec.url).pathname, bodyBytes: spec.body?.length ?? 0 },
    load: result,
  } satisfies ScenarioResult;
}

async function benchMode(mode: 'embedded' | 'postgres'): Promise<ModeResult> {
  process.stdout.write(`\n${mode}: starting the server…\n`);
  const dataDir = await tempDir('data');
  cleanups.push(dataDir.dispose);
  const appDatabase =
    baseDatabaseUrl && mode === 'postgres' ? await tempDatabase(baseDatabaseUrl, 'app') : null;
  if (appDatabase) cleanups.push(appDatabase.dispose);
  const database = appDatabase
    ? `PostgreSQL ${(await serverVersion(appDatabase.value)).split(' ')[1]} (database ${new URL(appDatabase.value).pathname.slice(1)})`
    : 'embedded PGlite on disk';

  const server = await startChild('server', 'server/main.ts', {
    DATA_DIR: dataDir.value,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    // The request limiter stays on (its statement is part of each request's cost) but never refuses the load.
    RATE_LIMIT_PER_ADDRESS: '1000000',
    RATE_LIMIT_PER_USER: '1000000',
    ...(appDatabase ? { DATABASE_URL: appDatabase.value } : {}),
  });
  const serverAfterStart = rssMb(server.child.pid);

  // Sign in as the configured first admin, as an integrator would.
  const signIn = await fetch(`${server.origin}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!signIn.ok)
    throw new Error(`Signing in as the bench admin failed: ${signIn.status} ${await signIn.text()}`);
  const { idToken: token } = (await signIn.json()) as { idToken: string };
  const demo = demoCourses.find((course) => course.path === COURSE_PATH);
  if (!demo) throw new Error(`The demo seed has no course ${COURSE_PATH}`);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const body = JSON.stringify({ path: COURSE_PATH, course: { ...demo.course, public: true } });

  const command = { method: 'POST' as const, url: `${server.origin}/trpc/course.update`, headers, body };
  const list = { method: 'GET' as const, url: `${server.origin}/trpc/course.list`, headers: {} };
  await expectOk(command.url, command);
  await expectOk(list.url, list);
  process.stdout.write(`${mode}: command: update course…\n`);
  const commandResult = await load(command);
  const listJson = await expectOk(list.url, list);

  // Both processes stay up so that each scenario runs right before its ceiling: drift in the
  // machine's load (other work on it) then touches both sides of a ratio alike.
  process.stdout.write(`${mode}: starting the bare ceiling server…\n`);
  const ceilingDir = await tempDir('ceiling');
  cleanups.push(ceilingDir.dispose);
  const listFile = path.join(ceilingDir.value, 'list.json');
  await fs.writeFile(listFile, listJson);
  const ceilingDatabase =
    appDatabase && baseDatabaseUrl ? await tempDatabase(baseDatabaseUrl, 'ceiling') : null;
  if (ceilingDatabase) cleanups.push(ceilingDatabase.dispose);
  const ceiling = await startChild('ceiling server', 'scripts/bench/ceiling-server.ts', {
    LIST_JSON_FILE: listFile,
    ...(ceilingDatabase
      ? { DATABASE_URL: ceilingDatabase.value }
      : { DATA_DIR: path.join(ceilingDir.value, 'data') }),
  });
  const bareCommand = { ...command, url: `${ceiling.origin}/command` };
  const bareList = { ...list, url: `${ceiling.origin}/list` };
  await expectOk(bareCommand.url, bareCommand);
  if ((await expectOk(bareList.url, bareList)) !== listJson)
    throw new Error('the bare route serves another list');
  process.stdout.write(`${mode}: ceiling: bare transaction…\n`);
  const bareCommandResult = await load(bareCommand);
  process.stdout.write(`${mode}: read: course list…\n`);
  const listResult = await load(list);
  process.stdout.write(`${mode}: ceiling: bare route…\n`);
  const bareListResult = await load(bareList);
  const serverAfterLoad = rssMb(server.child.pid);
  const ceilingAfterLoad = rssMb(ceiling.child.pid);
  await Promise.all([stop(server.child), stop(ceiling.child)]);

  const ratio = (a: LoadResult, b: LoadResult) => a.okPerSecond / b.okPerSecond;
  return {
    mode,
    database,
    startupMs: { server: server.startupMs, ceilingServer: ceiling.startupMs },
    memoryMb: {
      serverAfterStart,
      serverAfterLoad,
      ceilingServerAfterLoad: ceilingAfterLoad,
      ratio: serverAfterLoad && ceilingAfterLoad ? serverAfterLoad / ceilingAfterLoad : null,
    },
    scenarios: [
      {
        ...scenario('command: update course', command, commandResult),
        ceiling: 'ceiling: bare transaction',
        ratio: ratio(commandResult, bareCommandResult),
      },
      scenario('ceiling: bare transaction', bareCommand, bareCommandResult),
      {
        ...scenario('read: course list', list, listResult),
        ceiling: 'ceiling: bare route',
        ratio: ratio(listResult, bareListResult),
      },
      scenario('ceiling: bare route', bareList, bareListResult),
    ],
  };
}

const knownParts = ['files', 'certificates'];
const parts = process.argv.slice(2);
if (parts.some((part) => !knownParts.includes(part))) {
  process.stderr.write(
    `bench: unknown part ${parts.find((p) => !knownParts.includes(p))}; the parts are: ${knownParts.join(', ')}\n`,
  );
  process.exit(2);
}

/** The files part, its table, and its own results file. */
async function runFiles(outDir: string, stamp: string, meta: object): Promise<FilesResult> {
  try {
    const result = await benchFiles(settings.seconds, (undo) => cleanups.push(undo));
    printFiles(result);
    const file = path.join(outDir, `bench-files-${stamp}.json`);
    await fs.writeFile(file, `${JSON.stringify({ ...meta, ...result }, null, 2)}\n`);
    process.stdout.write(`  written: ${path.relative(projectRoot, file)}\n`);
    return result;
  } finally {
    await runCleanups();
  }
}

/** The certificates part and its own results file. */
async function runCertificates(outDir: string, stamp: string, meta: object): Promise<CertificatesResult[]> {
  try {
    const results = await benchCertificates(baseDatabaseUrl, (undo) => cleanups.push(undo), runCleanups);
    const file = path.join(outDir, `bench-certificates-${stamp}.json`);
    await fs.writeFile(file, `${JSON.stringify({ ...meta, results }, null, 2)}\n`);
    process.stdout.write(`  written: ${path.relative(projectRoot, file)}\n`);
    return results;
  } finally {
    await runCleanups();
  }
}

async function main() {
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const meta = {
    date: startedAt.toISOString(),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    totalMemoryMb: Math.round(os.totalmem() / 1024 / 1024),
    ...settings,
    note: 'server, ceiling server and load generator share this machine; scenarios run one at a time, each right before its ceiling',
  };
  const modes: ('embedded' | 'postgres')[] = baseDatabaseUrl ? ['embedded', 'postgres'] : ['embedded'];
  const outDir = path.join(projectRoot, 'bench-results');
  await fs.mkdir(outDir, { recursive: true });
  if (parts.length > 0) {
    if (parts.includes('files')) await runFiles(outDir, stamp, meta);
    if (parts.includes('certificates')) await runCertificates(outDir, stamp, meta);
    return;
  }
  const results: ModeResult[] = [];
  for (const mode of modes) {
    try {
      const result = await benchMode(mode);
      results.push(result);
      printMode(result, settings);
      const file = path.join(outDir, `bench-${mode}-${stamp}.json`);
      await fs.writeFile(file, `${JSON.stringify({ ...meta, ...result }, null, 2)}\n`);
      process.stdout.write(`  written: ${path.relative(projectRoot, file)}\n`);
    } finally {
      await runCleanups();
    }
  }
  const files = await runFiles(outDir, stamp, meta);
  const certificates = await runCertificates(outDir, stamp, meta);
  await fs.writeFile(
    path.join(outDir, 'latest.json'),
    `${JSON.stringify({ ...meta, modes: results, files, certificates }, null, 2)}\n`,
  );
  process.stdout.write('  written: bench-results/latest.json\n');
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    if (!interrupted) process.stderr.write(`\nbench failed: ${(error as Error).message ?? error}\n`);
    await runCleanups();
    process.exit(interrupted ? 130 : 1);
  },
);
