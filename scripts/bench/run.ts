/**
 * `npm run bench`: every hot path of the platform against its raw ceiling, in the same run, on both
 * databases (hot-paths.ts: save answer over tRPC and GraphQL, page view, course view, results CSV,
 * certificate PDF; interleaved rounds at 10 and 32 connections; then 500 participants opening the
 * first page of a module within one second), then the files part (files.ts: image derivatives and
 * uploads), the start-up part when scripts/bench/startup.ts is there, and the certificates part
 * (certificates.ts) when asked for, and a learner's first visit on Slow 3G (slow-3g.ts). Prints one table at the end and writes it, with every round's
 * figures, to bench-results/ (latest.md, latest.json and a dated copy of each).
 *
 *   npm run bench                        hot paths, burst, files (about 15 minutes on 2 cores)
 *   npm run bench -- hot|files|certificates|startup|rebuild|slow3g   only those parts
 *
 *   BENCH_SECONDS (4)  BENCH_WARMUP_SECONDS (1)  BENCH_ROUNDS (3)  BENCH_CONNECTIONS ("10,32")
 *   BENCH_POOL (100 participants loading the server)  BENCH_BURST (500)  BENCH_ONLY (scenario names, ";")
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres when it answers; "none":
 *   embedded only). A database bench_<label>_<random> is created on it per part and dropped after.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { benchCertificates, type CertificatesResult } from './certificates';
import { benchFiles, type FilesResult } from './files';
import { benchHotPaths, type HotPathSettings, type Mode, type ModeResult } from './hot-paths';
import { killAll, projectRoot } from './processes';
import { benchRebuild, type RebuildResult, rebuildRows } from './rebuild';
import { printFiles, summaryTable } from './report';
import { benchSlow3g, type Slow3gResult, slow3gTable } from './slow-3g';

function positiveInt(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > 100_000)
    throw new Error(`${name} must be an integer ≥ ${min}`);
  return value;
}

const connections = (process.env.BENCH_CONNECTIONS ?? '10,32')
  .split(',')
  .map((value) => Number(value.trim()));
if (connections.some((value) => !Number.isInteger(value) || value < 1 || value > 1000))
  throw new Error('BENCH_CONNECTIONS must be whole numbers separated by commas, e.g. 10,32');

const settings: HotPathSettings = {
  seconds: positiveInt('BENCH_SECONDS', 4),
  warmupSeconds: positiveInt('BENCH_WARMUP_SECONDS', 1, 0),
  rounds: positiveInt('BENCH_ROUNDS', 3),
  connections,
  pool: positiveInt('BENCH_POOL', 100),
  burst: positiveInt('BENCH_BURST', 500, 0),
  only: process.env.BENCH_ONLY?.trim() ? process.env.BENCH_ONLY.split(';').map((name) => name.trim()) : null,
};
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

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

const knownParts = ['hot', 'files', 'certificates', 'startup', 'rebuild', 'slow3g'];
const parts = process.argv.slice(2);
if (parts.some((part) => !knownParts.includes(part))) {
  process.stderr.write(
    `bench: unknown part ${parts.find((p) => !knownParts.includes(p))}; the parts are: ${knownParts.join(', ')}\n`,
  );
  process.exit(2);
}
/** Without parts: everything but the certificates (their own part: minutes of set-up on each database). */
const wanted = (part: string) => (parts.length === 0 ? part !== 'certificates' : parts.includes(part));

/** BENCH_DATABASE_URL, or the local PostgreSQL when it answers; null: embedded only. */
async function postgresUrl(): Promise<string | null> {
  const configured = process.env.BENCH_DATABASE_URL?.trim();
  if (configured === 'none') return null;
  const url = configured || DEFAULT_DATABASE_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch (error) {
    if (configured) throw new Error(`BENCH_DATABASE_URL does not answer: ${(error as Error).message}`);
    process.stdout.write(
      `PostgreSQL: nothing answers at ${url} (${(error as Error).message}); embedded only. ` +
        'Set BENCH_DATABASE_URL to bench PostgreSQL too.\n',
    );
    return null;
  }
}

async function writeJson(file: string, value: object): Promise<void> {
  await fsp.writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
  process.stdout.write(`  written: ${path.relative(projectRoot, file)}\n`);
}

/** The start-up part lives in startup.ts when that file is there; its module, or null. */
interface StartupModule {
  benchStartup(register: (undo: () => Promise<void>) => void): Promise<{
    medians: {
      way: string;
      folder: string;
      healthyMs: number;
      idleRssMb: number | null;
      peakRssMb: number | null;
    }[];
  }>;
  printStartup(result: unknown): void;
}
async function startupModule(): Promise<StartupModule | null> {
  const file = path.join(projectRoot, 'scripts/bench/startup.ts');
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as StartupModule;
}

async function main() {
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 1024 ** 3)} GiB`;
  const meta = {
    date: startedAt.toISOString(),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    machine,
    loadAverageAtStart: os.loadavg().map((value) => Math.round(value * 10) / 10),
    ...settings,
    note:
      'server, ceiling server and load generator share this machine; each path and its ceiling run in turns ' +
      '(A, B, A, B, …), the figures are the medians of the rounds',
  };
  const outDir = path.join(projectRoot, 'bench-results');
  await fsp.mkdir(outDir, { recursive: true });
  const databaseUrl =
    wanted('hot') || wanted('certificates') || wanted('rebuild') ? await postgresUrl() : null;
  const modes: Mode[] = databaseUrl ? ['embedded', 'postgres'] : ['embedded'];
  const say = (text: string) => process.stdout.write(`${text}\n`);

  const hot: ModeResult[] = [];
  if (wanted('hot')) {
    for (const mode of modes) {
      try {
        hot.push(await benchHotPaths(mode, databaseUrl, settings, (undo) => cleanups.push(undo), say));
        await writeJson(path.join(outDir, `bench-hot-${mode}-${stamp}.json`), { ...meta, ...hot.at(-1) });
      } finally {
        await runCleanups();
      }
    }
  }
  let files: FilesResult | null = null;
  if (wanted('files')) {
    try {
      files = await benchFiles(settings.seconds, (undo) => cleanups.push(undo));
      printFiles(files);
      await writeJson(path.join(outDir, `bench-files-${stamp}.json`), { ...meta, ...files });
    } finally {
      await runCleanups();
    }
  }
  let certificates: CertificatesResult[] | null = null;
  if (wanted('certificates')) {
    try {
      certificates = await benchCertificates(databaseUrl, (undo) => cleanups.push(undo), runCleanups);
      await writeJson(path.join(outDir, `bench-certificates-${stamp}.json`), {
        ...meta,
        results: certificates,
      });
    } finally {
      await runCleanups();
    }
  }
  let rebuild: RebuildResult[] | null = null;
  if (wanted('rebuild')) {
    try {
      rebuild = await benchRebuild(modes, databaseUrl, settings.rounds, (undo) => cleanups.push(undo), say);
      await writeJson(path.join(outDir, `bench-rebuild-${stamp}.json`), { ...meta, results: rebuild });
    } finally {
      await runCleanups();
    }
  }
  const startupPart = wanted('startup') ? await startupModule() : null;
  let startup: Awaited<ReturnType<StartupModule['benchStartup']>> | null = null;
  if (startupPart) {
    try {
      startup = await startupPart.benchStartup((undo) => cleanups.push(undo));
      startupPart.printStartup(startup);
      await writeJson(path.join(outDir, `bench-startup-${stamp}.json`), { ...meta, ...startup });
    } catch (error) {
      // The other parts' figures still make their table.
      if (interrupted) throw error;
      process.stderr.write(`\nbench: the start-up part failed: ${(error as Error).message}\n`);
    } finally {
      await runCleanups();
    }
  }

  let slow3g: Slow3gResult | null = null;
  if (wanted('slow3g')) {
    try {
      slow3g = await benchSlow3g((undo) => cleanups.push(undo), say);
      await writeJson(path.join(outDir, `bench-slow3g-${stamp}.json`), { ...meta, ...slow3g });
    } finally {
      await runCleanups();
    }
  }

  const startupRows = (startup?.medians ?? []).map((m) => [
    'embedded',
    `cold start: ${m.way}, ${m.folder} folder, to /healthz`,
    '-',
    `${(m.healthyMs / 1000).toFixed(2)} s`,
    '-',
    '-',
    '-',
    '-',
    m.idleRssMb === null ? '-' : `idle RSS ${m.idleRssMb} MB`,
  ]);
  const table = summaryTable(hot, files, [...rebuildRows(rebuild ?? []), ...startupRows]);
  const heading =
    `npm run bench, ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine}, ` +
    `Node ${process.version}, load average ${meta.loadAverageAtStart.join(' ')} at start; ` +
    `${settings.rounds} rounds of ${settings.seconds} s per side (after ${settings.warmupSeconds} s warm-up), medians`;
  const slow3gPart = slow3g
    ? `\nA first visit on Slow 3G (median of ${slow3g.rounds}; cold cache, no service worker, CPU not throttled):\n\n${slow3gTable(slow3g)}\n`
    : '';
  process.stdout.write(`\n${heading}\n\n${table}\n${slow3gPart}\n`);
  const markdown = `${heading}\n\n${table}\n${slow3gPart}`;
  await fsp.writeFile(path.join(outDir, `bench-${stamp}.md`), markdown);
  await fsp.writeFile(path.join(outDir, 'latest.md'), markdown);
  await writeJson(path.join(outDir, 'latest.json'), {
    ...meta,
    hot,
    files,
    certificates,
    rebuild,
    startup,
    slow3g,
    table: markdown,
  });
  process.stdout.write('  written: bench-results/latest.md\n');
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    if (!interrupted) process.stderr.write(`\nbench failed: ${(error as Error).message ?? error}\n`);
    await runCleanups();
    process.exit(interrupted ? 130 : 1);
  },
);
