/**
 * The certificates part of `npm run bench` (alone: `npm run bench -- certificates`): many
 * participants finish a module at the same moment and the automatic certificates come from the job
 * queue. A module with one question page and automatic certificates, and the participants' accounts
 * are made through the real command pipeline; then a server process is started as a user would
 * (workers on), every participant sends the answer that completes the module at once over HTTP
 * (`result.save`), and the bench reads the server's `/metrics` (`events_appended_total` of
 * `CertificateIssued`) every 100 ms until every certificate exists. It reports how long the answers
 * took, when the last certificate appeared (after the first answer was sent and after the last one
 * was answered), the rate the queue drained at, and the server's peak RSS.
 *
 *   BENCH_CERTIFICATES (500)  BENCH_CERTIFICATES_TIMEOUT_SECONDS (900)  BENCH_DATABASE_URL (unset)
 */
import pino from 'pino';
import { v7 as uuidv7 } from 'uuid';
import { certificateConfigSchema } from '../../events/certificate/config';
import { moduleInputSchema } from '../../events/module/commands';
import { pageInputSchema } from '../../events/page/commands';
import { allRules } from '../../events/permissions';
import { idTokenFor } from '../../server/auth/id-tokens';
import { configureModuleCertificate } from '../../server/certificate/commands';
import { loadConfig } from '../../server/config';
import { createModule } from '../../server/module/commands';
import { createPage } from '../../server/page/commands';
import { startPlatform } from '../../server/platform';
import { executeUser, systemMeta } from '../../server/user/execute-user';
import { serverVersion, tempDatabase, tempDir } from './database';
import { cleanEnv, freePort, rssMb, startTsx, stop, waitHealthy } from './processes';

export interface CertificatesResult {
  mode: 'embedded' | 'postgres';
  database: string;
  participants: number;
  /** From sending the first answer to the last answer's reply. */
  answersMs: number;
  answerP50Ms: number;
  answerP99Ms: number;
  /** From sending the first answer to the moment the last certificate was seen. */
  lastCertificateMs: number;
  /** From the last answer's reply to the moment the last certificate was seen. */
  afterLastAnswerMs: number;
  /** Certificates per second between the first answer sent and the last certificate seen. */
  certificatesPerSecond: number;
  /** Certificates still to come when the last answer was answered (the queue's backlog then). */
  backlogAtLastAnswer: number;
  /** How fast that backlog drained: certificates per second once no answer competed with the jobs. */
  drainPerSecond: number | null;
  serverRssBeforeMb: number | null;
  serverRssPeakMb: number | null;
}

type Register = (undo: () => Promise<void>) => void;

const MODULE = 'bench-certificates';
const PAGE = 'bench-certificates-q';
const POLL_MS = 100;

function settingOf(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 100_000)
    throw new Error(`${name} must be an integer from 1 to 100000`);
  return value;
}

/** The module (one page, one question, automatic certificates) and the participants; their tokens. */
async function prepare(
  dataDir: string,
  databaseUrl: string | null,
  participants: number,
): Promise<{ tokens: string[] }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const platform = await startPlatform(config, pino({ level: 'silent' }), { workJobs: false });
  try {
    const adminId = uuidv7();
    const profile = (name: string) => ({
      name,
      phone: null,
      profession: null,
      riziv: null,
      language: 'en' as const,
    });
    await executeUser(platform, systemMeta('bench'), adminId, {
      type: 'CreateUser',
      data: {
        userId: adminId,
        email: 'bench-cert-admin@example.org',
        profile: profile('Admin'),
        roles: ['admin'],
      },
    });
    const actor = { userId: adminId, roles: ['admin'], rules: allRules() };
    const meta = () => ({ actorId: adminId, requestId: 'bench', now: new Date() });
    await createModule(platform, actor, meta(), {
      path: MODULE,
      module: moduleInputSchema.parse({ name: 'Bench certificates', language: 'en' }),
    });
    await createPage(platform, actor, meta(), {
      parentType: 'module',
      parentPath: MODULE,
      path: PAGE,
      page: pageInputSchema.parse({
        name: 'The question',
        type: 'question',
        content: [
          {
            type: 'radio',
            questionType: 'single',
            name: 'q',
            label: 'Right or wrong?',
            schema: {},
            options: [
              { label: 'Right', value: 'right', score: 1 },
              { label: 'Wrong', value: 'wrong', score: 0 },
            ],
          },
        ],
      }),
    });
    await configureModuleCertificate(platform, actor, meta(), {
      path: MODULE,
      config: certificateConfigSchema.parse({ auto: true }),
    });
    const tokens: string[] = [];
    for (let i = 0; i < participants; i++) {
      const userId = uuidv7();
      await executeUser(platform, systemMeta('bench'), userId, {
        type: 'CreateUser',
        data: {
          userId,
          email: `participant-${i}@example.org`,
          profile: profile(`Participant ${i}`),
          roles: [],
        },
      });
      tokens.push((await idTokenFor(platform, userId, 3600))!);
    }
    return { tokens };
  } finally {
    await platform.close();
  }
}

/** `events_appended_total{type="CertificateIssued"}` of the server, read from /metrics. */
async function certificatesIssued(origin: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`, { signal: AbortSignal.timeout(10_000) })).text();
  const line = text
    .split('\n')
    .find((row) => row.startsWith('events_appended_total{type="CertificateIssued"}'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

async function save(origin: string, token: string): Promise<number> {
  const startedAt = performance.now();
  const response = await fetch(`${origin}/trpc/result.save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ module: MODULE, page: PAGE, result: { answers: { q: 'right' }, confirm: ['q'] } }),
    signal: AbortSignal.timeout(300_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`result.save answered ${response.status}: ${text}`);
  return performance.now() - startedAt;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function benchMode(
  mode: 'embedded' | 'postgres',
  baseDatabaseUrl: string | null,
  participants: number,
  timeoutMs: number,
  register: Register,
): Promise<CertificatesResult> {
  const dataDir = await tempDir('certificates');
  register(dataDir.dispose);
  const database =
    mode === 'postgres' && baseDatabaseUrl ? await tempDatabase(baseDatabaseUrl, 'cert') : null;
  if (database) register(database.dispose);
  process.stdout.write(`\n${mode}: ${participants} participants and a module with automatic certificates…\n`);
  const prepared = performance.now();
  // One more participant answers first, alone, so the server's code paths are warm when the rest come.
  const { tokens } = await prepare(dataDir.value, database?.value ?? null, participants + 1);
  process.stdout.write(`  prepared in ${Math.round(performance.now() - prepared)} ms\n`);
  const port = await freePort();
  const server = startTsx(
    'server',
    'server/main.ts',
    [],
    cleanEnv({
      DATA_DIR: dataDir.value,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_ADDRESS: '1000000',
      RATE_LIMIT_PER_USER: '1000000',
      ...(database ? { DATABASE_URL: database.value } : {}),
    }),
  );
  register(() => stop(server));
  const origin = `http://127.0.0.1:${port}`;
  await waitHealthy(server, `${origin}/healthz`, 120_000);
  const waitFor = async (
    count: number,
    deadline: number,
    onPoll: (issued: number) => void = () => {},
  ): Promise<number> => {
    for (;;) {
      const issued = await certificatesIssued(origin);
      onPoll(issued);
      if (issued >= count) return performance.now();
      if (performance.now() > deadline)
        throw new Error(`${issued} of ${count} certificates after ${Math.round(timeoutMs / 1000)} s`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  await save(origin, tokens[0]!);
  await waitFor(1, performance.now() + 60_000);

  await new Promise((resolve) => setTimeout(resolve, 1000));
  const serverRssBeforeMb = rssMb(server.pid);
  let serverRssPeakMb = serverRssBeforeMb;
  // The last count seen while answers were still outstanding, and the first one after.
  let answering = true;
  let backlogFrom: { at: number; issued: number } | null = null;
  const sample = (issued: number) => {
    const now = rssMb(server.pid);
    if (now !== null && (serverRssPeakMb === null || now > serverRssPeakMb)) serverRssPeakMb = now;
    if (!answering && !backlogFrom) backlogFrom = { at: performance.now(), issued };
  };
  process.stdout.write(`${mode}: ${participants} participants complete the module at once…\n`);
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  const answers = Promise.all(
    tokens.slice(1).map((token) =>
      save(origin, token).then((ms) => {
        lastAnswerAt = performance.now();
        return ms;
      }),
    ),
  );
  const allIssued = waitFor(participants + 1, startedAt + timeoutMs, sample);
  const latencies = (await answers).sort((a, b) => a - b);
  answering = false;
  const lastCertificateAt = await allIssued;
  const drained = backlogFrom as { at: number; issued: number } | null;
  const backlogAtLastAnswer = drained ? participants + 1 - drained.issued : 0;
  await stop(server);
  const seconds = (ms: number) => Math.round(ms) / 1000;
  const result: CertificatesResult = {
    mode,
    database:
      database && baseDatabaseUrl
        ? `PostgreSQL ${(await serverVersion(baseDatabaseUrl)).split(' ')[1]}`
        : 'embedded PGlite on disk',
    participants,
    answersMs: Math.round(lastAnswerAt - startedAt),
    answerP50Ms: Math.round(percentile(latencies, 50)),
    answerP99Ms: Math.round(percentile(latencies, 99)),
    lastCertificateMs: Math.round(lastCertificateAt - startedAt),
    afterLastAnswerMs: Math.round(Math.max(0, lastCertificateAt - lastAnswerAt)),
    certificatesPerSecond: Math.round((participants / ((lastCertificateAt - startedAt) / 1000)) * 10) / 10,
    backlogAtLastAnswer,
    drainPerSecond:
      drained && backlogAtLastAnswer > 0 && lastCertificateAt > drained.at
        ? Math.round((backlogAtLastAnswer / ((lastCertificateAt - drained.at) / 1000)) * 10) / 10
        : null,
    serverRssBeforeMb,
    serverRssPeakMb,
  };
  process.stdout.write(
    `  answers: all ${participants} answered in ${seconds(result.answersMs)} s (p50 ${result.answerP50Ms} ms, p99 ${result.answerP99Ms} ms)\n` +
      `  certificates: the last one ${seconds(result.lastCertificateMs)} s after the first answer was sent, ` +
      `${seconds(result.afterLastAnswerMs)} s after the last answer; ${result.certificatesPerSecond} certificates/s\n` +
      `  backlog when the last answer was answered: ${result.backlogAtLastAnswer}` +
      `${result.drainPerSecond === null ? '' : `, drained at ${result.drainPerSecond} certificates/s`}\n` +
      `  server RSS ${serverRssBeforeMb} MB before, peak ${serverRssPeakMb} MB\n`,
  );
  return result;
}

/** Every database of the run: embedded always, PostgreSQL when BENCH_DATABASE_URL is set. */
export async function benchCertificates(
  baseDatabaseUrl: string | null,
  register: Register,
  runCleanups: () => Promise<void>,
): Promise<CertificatesResult[]> {
  const participants = settingOf('BENCH_CERTIFICATES', 500);
  const timeoutMs = settingOf('BENCH_CERTIFICATES_TIMEOUT_SECONDS', 900) * 1000;
  const modes: ('embedded' | 'postgres')[] = baseDatabaseUrl ? ['embedded', 'postgres'] : ['embedded'];
  const results: CertificatesResult[] = [];
  for (const mode of modes) {
    try {
      results.push(await benchMode(mode, baseDatabaseUrl, participants, timeoutMs, register));
    } finally {
      await runCleanups();
    }
  }
  return results;
}
