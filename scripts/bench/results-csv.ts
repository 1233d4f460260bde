/**
 * `npm run bench:csv`: the results CSV of a module with many participants (spec: 10,000 participants
 * and 40 questions), downloaded from the real server over HTTP while its resident memory is sampled.
 * Runs each participant count in turn (default 2,000 and 10,000; docs/benchmarks.md's table adds
 * 100,000) so the note can show that the time grows in proportion to the participants (it prints
 * the time per
 * 1,000) and the server's peak memory does not grow with them.
 *
 * How the data is made (honestly): the module, its 8 pages of 5 questions and the admin go through
 * the real command pipeline (events, projections); the participants' accounts and answers are
 * written IN BULK straight into the read tables the export reads (users, module_results,
 * result_answers) with generate_series — through the pipeline, 10,000 participants × 8 pages would
 * take minutes of set-up per run. The tables' statistics are then gathered (ANALYZE), as
 * PostgreSQL's autovacuum would after such a load (PGlite has no autovacuum). The export itself is
 * the real code path: GET /api/results/<module>.csv on a running server, batch by batch from those
 * tables.
 *
 *   BENCH_CSV_PARTICIPANTS ("2000,10000")   BENCH_DATABASE_URL (unset: embedded only)
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { v7 as uuidv7 } from 'uuid';
import { moduleInputSchema } from '../../events/module/commands';
import { pageInputSchema } from '../../events/page/commands';
import { allRules } from '../../events/permissions';
import { findModuleByPath } from '../../projections/module/module-summaries';
import { pagesOfModule } from '../../projections/page/page-summaries';
import { idTokenFor } from '../../server/auth/id-tokens';
import { loadConfig } from '../../server/config';
import { createModule } from '../../server/module/commands';
import { createPage } from '../../server/page/commands';
import { startPlatform } from '../../server/platform';
import { executeUser, systemMeta } from '../../server/user/execute-user';
import { type Disposable, serverVersion, tempDatabase, tempDir } from './database';
import { cleanEnv, freePort, killAll, projectRoot, rssMb, startTsx, stop, waitHealthy } from './processes';

const MODULE = 'bench-results';
const PAGES = 8;
const QUESTIONS_PER_PAGE = 5;
const counts = (process.env.BENCH_CSV_PARTICIPANTS ?? '2000,10000')
  .split(',')
  .map((value) => Number(value.trim()))
  .filter((value) => Number.isInteger(value) && value > 0);
const baseDatabaseUrl = process.env.BENCH_DATABASE_URL?.trim() || null;

const cleanups: (() => Promise<void>)[] = [];
async function runCleanups() {
  for (let undo = cleanups.pop(); undo; undo = cleanups.pop()) await undo().catch(() => {});
}
process.on('exit', killAll);

/** Question i of a page: 3 single choices, 1 multiple choice, 1 open question (scored by hand). */
function question(page: number, index: number) {
  const name = `q${page}_${index}`;
  if (index === 4)
    return { type: 'textarea', questionType: 'open', name, label: `Open ${name}`, schema: { maxScore: 4 } };
  const options = [
    { label: 'Right', value: 'right', score: 2 },
    { label: 'Half', value: 'half', score: 1 },
    { label: 'Wrong', value: 'wrong', score: 0 },
  ];
  return index === 3
    ? { type: 'checkbox', questionType: 'multiple', name, label: `Multiple ${name}`, schema: {}, options }
    : { type: 'radio', questionType: 'single', name, label: `Single ${name}`, schema: {}, options };
}

/** The module through the pipeline, then the participants in bulk; answers the admin's token. */
async function prepare(dataDir: string, databaseUrl: string | null, participants: number): Promise<string> {
  const config = loadConfig({
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const platform = await startPlatform(config, pino({ level: 'silent' }), { workJobs: false });
  try {
    const adminId = uuidv7();
    const email = 'bench-csv-admin@example.org';
    await executeUser(platform, systemMeta('bench'), adminId, {
      type: 'CreateUser',
      data: {
        userId: adminId,
        email,
        profile: { name: 'Bench Admin', phone: null, profession: null, riziv: null, language: 'en' },
        roles: ['admin'],
      },
    });
    const actor = { userId: adminId, roles: ['admin'], rules: allRules() };
    const meta = () => ({ actorId: adminId, requestId: 'bench', now: new Date() });
    await createModule(platform, actor, meta(), {
      path: MODULE,
      module: moduleInputSchema.parse({ name: 'Bench results', language: 'en' }),
    });
    for (let page = 0; page < PAGES; page++) {
      await createPage(platform, actor, meta(), {
        parentType: 'module',
        parentPath: MODULE,
        page: pageInputSchema.parse({
          name: `Page ${page + 1}`,
          type: 'question',
          content: Array.from({ length: QUESTIONS_PER_PAGE }, (_, index) => question(page, index)),
        }),
      });
    }
    const db = platform.database.db;
    const pages = await pagesOfModule(db, MODULE);
    const moduleId = (await findModuleByPath(db, MODULE))!.moduleId;
    const questionRows = pages.flatMap((page, p) =>
      Array.from({ length: QUESTIONS_PER_PAGE }, (_, index) => {
        const q = question(p, index);
        return sql`(${page.pageId}::uuid, ${page.path}, ${q.name}, ${q.questionType}, ${index === 4 ? 4 : index === 3 ? 3 : 2}::int, ${p * QUESTIONS_PER_PAGE + index}::int)`;
      }),
    );
    const startedAt = performance.now();
    await sql`
      insert into users (user_id, email, name, language, full_privacy, roles, verified, source, created_at, updated_at)
      select 'bench-' || lpad(i::text, 6, '0'), 'participant' || i || '@example.org',
        case when i % 50 = 0 then '=Formula ' || i else 'Participant ' || i end,
        'en', false, '[]'::jsonb, true, 'bench', now(), now()
      from generate_series(1, ${participants}) as i`.execute(db);
    await sql`
      insert into module_results (user_id, module_id, module_path, started_at, updated_at)
      select 'bench-' || lpad(i::text, 6, '0'), ${moduleId}::uuid, ${MODULE},
        now() - (i % 60) * interval '1 day' - interval '1 hour', now() - (i % 60) * interval '1 day'
      from generate_series(1, ${participants}) as i`.execute(db);
    await sql`
      insert into result_answers (user_id, module_id, page_id, page_path, question, question_type, answer,
        attempts, score, max_score, updated_at)
      select 'bench-' || lpad(i::text, 6, '0'), ${moduleId}::uuid, q.page_id, q.page_path, q.question, q.question_type,
        case when q.question_type = 'open' then to_jsonb('An answer, "quoted", by ' || i)
             when q.question_type = 'multiple' then '["right"]'::jsonb else '"right"'::jsonb end,
        1, (i + q.n) % (q.max_score + 1), q.max_score, now() - (i % 60) * interval '1 day'
      from generate_series(1, ${participants}) as i
      cross join (values ${sql.join(questionRows)}) as q(page_id, page_path, question, question_type, max_score, n)`.execute(
      db,
    );
    const analyzedAt = performance.now();
    await sql`analyze users, module_results, result_answers`.execute(db);
    process.stdout.write(
      `  bulk-inserted ${participants} participants × ${PAGES * QUESTIONS_PER_PAGE} answers in ${Math.round(analyzedAt - startedAt)} ms, analyzed in ${Math.round(performance.now() - analyzedAt)} ms\n`,
    );
    return (await idTokenFor(platform, adminId, 3600))!;
  } finally {
    await platform.close();
  }
}

interface Export {
  rows: number;
  bytes: number;
  exportMs: number;
  rssIdleMb: number | null;
  rssPeakMb: number | null;
}

interface Run {
  participants: number;
  /** The first export after start: the database's pages are read from disk into its cache. */
  cold: Export;
  /** The same export again: the cache is warm, what grows is the export's own memory. */
  warm: Export;
}

/** One export over HTTP, consumed as it streams, with the server's RSS sampled every 20 ms. */
async function measuredExport(url: string, headers: Record<string, string>, pid: number): Promise<Export> {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssIdleMb = rssMb(pid);
  let rssPeakMb = rssIdleMb;
  const sampler = setInterval(() => {
    const now = rssMb(pid);
    if (now !== null && (rssPeakMb === null || now > rssPeakMb)) rssPeakMb = now;
  }, 20);
  const startedAt = performance.now();
  const response = await fetch(url, { headers });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  let rows = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) rows++;
  }
  const exportMs = Math.round(performance.now() - startedAt);
  clearInterval(sampler);
  return { rows: rows - 1, bytes, exportMs, rssIdleMb, rssPeakMb };
}

async function runOnce(mode: 'embedded' | 'postgres', participants: number): Promise<Run> {
  const dataDir = await tempDir('csv');
  cleanups.push(dataDir.dispose);
  let database: Disposable<string> | null = null;
  if (mode === 'postgres' && baseDatabaseUrl) {
    database = await tempDatabase(baseDatabaseUrl, 'csv');
    cleanups.push(database.dispose);
  }
  const token = await prepare(dataDir.value, database?.value ?? null, participants);
  const port = await freePort();
  const server = startTsx(
    'server',
    'server/main.ts',
    [],
    cleanEnv({
      DATA_DIR: dataDir.value,
      LOG_LEVEL: 'warn',
      // BENCH_SERVER_NODE_OPTIONS: V8 flags for the server alone (its heap's headroom, say).
      ...(process.env.BENCH_SERVER_NODE_OPTIONS
        ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS }
        : {}),
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(database ? { DATABASE_URL: database.value } : {}),
    }),
  );
  cleanups.push(() => stop(server));
  const origin = `http://127.0.0.1:${port}`;
  await waitHealthy(server, `${origin}/healthz`, 120_000);
  const url = `${origin}/api/results/${MODULE}.csv`;
  const headers = { authorization: `Bearer ${token}` };
  // One small warm-up request (a range with nobody in it), so code loading is not counted as export.
  const warm = await fetch(`${url}?after=2000-01-01&before=2000-01-02`, { headers });
  if (!warm.ok) throw new Error(`warm-up answered ${warm.status}: ${await warm.text()}`);
  await warm.text();
  const cold = await measuredExport(url, headers, server.pid);
  const again = await measuredExport(url, headers, server.pid);
  await runCleanups();
  return { participants, cold, warm: again };
}

async function main() {
  const modes: ('embedded' | 'postgres')[] = baseDatabaseUrl ? ['embedded', 'postgres'] : ['embedded'];
  const results: (Run & { mode: string; database: string })[] = [];
  for (const mode of modes) {
    const database =
      mode === 'postgres' && baseDatabaseUrl
        ? `PostgreSQL ${(await serverVersion(baseDatabaseUrl)).split(' ')[1]}`
        : 'embedded PGlite on disk';
    for (const participants of counts) {
      process.stdout.write(
        `\n${mode}: ${participants} participants, ${PAGES * QUESTIONS_PER_PAGE} questions…\n`,
      );
      const run = await runOnce(mode, participants);
      for (const [label, one] of [
        ['cold', run.cold],
        ['warm', run.warm],
      ] as const) {
        if (one.rows !== participants) throw new Error(`expected ${participants} rows, got ${one.rows}`);
        process.stdout.write(
          `  ${label} export ${one.exportMs} ms (${((one.exportMs * 1000) / participants).toFixed(1)} ms per 1,000 participants; ${(one.bytes / 1024 / 1024).toFixed(1)} MB, ${one.rows} rows); server RSS before ${one.rssIdleMb} MB, peak ${one.rssPeakMb} MB (+${(one.rssPeakMb ?? 0) - (one.rssIdleMb ?? 0)} MB)\n`,
        );
      }
      results.push({ mode, database, ...run });
    }
  }
  const outDir = path.join(projectRoot, 'bench-results');
  await fs.mkdir(outDir, { recursive: true });
  const file = path.join(outDir, 'results-csv-latest.json');
  await fs.writeFile(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2)}\n`,
  );
  process.stdout.write(`\n  written: ${path.relative(projectRoot, file)}\n`);
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    process.stderr.write(`\nbench failed: ${(error as Error).message ?? error}\n`);
    await runCleanups();
    process.exit(1);
  },
);
