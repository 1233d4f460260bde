/**
 * The hot paths of `npm run bench`, on one database: each platform path against its raw ceiling
 * (ceiling-server.ts) on the same database, in interleaved rounds (rounds.ts), then the burst of
 * participants opening the first page of a module at once (burst.ts).
 *
 * Set-up, in-process through the real command pipeline (as certificates.ts does): the demo content,
 * an admin, a test module of PAGES question pages, a one-page module with automatic certificates,
 * and the participants with their ID tokens (a pool that loads the server, the burst's own, and one
 * who holds a certificate). Then the server starts on that data as a user would start it.
 *
 * The paths, each with what the learner's browser sends:
 *   save answer (tRPC):    POST /trpc/result.save, a text answer that changes on every request
 *                          (someone typing), the pool's participants in turn.
 *   save answer (GraphQL): POST /graphql, mutation saveResult, the same answers.
 *   page view:             GET /trpc/result.module,result.page?batch=1 (the one batch a page sends).
 *   course view:           GET /trpc/course.byPath,section.listByCourse,course.team,
 *                          certificate.forCourse?batch=1 (a browser sends the first alone, then the
 *                          other three in one batch; here one request).
 *   results CSV:           GET /api/results/<module>.csv as the admin (the pool's rows).
 *   certificate PDF:       GET /api/certificates/<code>.pdf as its holder.
 * The ceilings: a write (insert one event and upsert one row in one transaction) for the saves; a
 * select of one row by key returning the platform's own answer, stored in the database, for the
 * views; a select of as many rows as the CSV has, as CSV, for the export; a select of one row and a
 * bare pdf-lib page with the same fonts for the PDF.
 */
import pino from 'pino';
import { v7 as uuidv7 } from 'uuid';
import { certificateConfigSchema } from '../../events/certificate/config';
import { courseInputSchema } from '../../events/course/commands';
import { moduleInputSchema } from '../../events/module/commands';
import { pageInputSchema } from '../../events/page/commands';
import { allRules } from '../../events/permissions';
import { idTokenFor } from '../../server/auth/id-tokens';
import { configureModuleCertificate } from '../../server/certificate/commands';
import { loadConfig } from '../../server/config';
import { updateCourse } from '../../server/course/commands';
import { demoCourses, seedDemo } from '../../server/demo/seed';
import { createModule } from '../../server/module/commands';
import { createPage } from '../../server/page/commands';
import { startPlatform } from '../../server/platform';
import { executeUser, systemMeta } from '../../server/user/execute-user';
import { type BurstResult, burst } from './burst';
import { serverVersion, tempDatabase, tempDir } from './database';
import { cleanEnv, freePort, rssMb, startTsx, stop, waitHealthy } from './processes';
import { type HttpRequest, interleaved, type LoadSettings, type PairResult } from './rounds';

export type Mode = 'embedded' | 'postgres';
type Register = (undo: () => Promise<void>) => void;

export interface HotPathSettings extends LoadSettings {
  connections: number[];
  /** participants whose turns load the server */
  pool: number;
  /** participants of the burst */
  burst: number;
  /** only these scenarios (names as printed), or all */
  only: string[] | null;
}

export interface ScenarioResult {
  name: string;
  ceiling: string;
  pairs: PairResult[];
}

export interface ModeResult {
  mode: Mode;
  database: string;
  /** server process start to its first 200 on /healthz, on the prepared (existing) data */
  serverStartMs: number;
  prepareMs: number;
  memoryMb: {
    serverAfterStart: number | null;
    serverAfterLoad: number | null;
    ceilingAfterLoad: number | null;
  };
  scenarios: ScenarioResult[];
  burst: BurstResult | null;
}

/** A platform path and its ceiling; `setup` runs once before the rounds (after the scenarios before it). */
interface Scenario {
  name: string;
  ceilingName: string;
  connections: number[];
  setup?: () => Promise<void>;
  platformRequest: () => HttpRequest;
  ceilingRequest: () => HttpRequest;
}

const MODULE = 'bench-hot';
const PAGES = 5;
const CERT_MODULE = 'bench-hot-certificate';
const COURSE = 'srhr-in-humanitarian-settings';
const START_TIMEOUT_MS = 120_000;
const pagePath = (n: number) => `${MODULE}-${n}`;

const profile = (name: string) => ({
  name,
  phone: null,
  profession: null,
  riziv: null,
  language: 'en' as const,
});

const questionPage = (n: number) =>
  pageInputSchema.parse({
    name: `Page ${n}`,
    type: 'question',
    content: [
      { type: 'markdown', name: 'intro', text: `## Page ${n}\n\nRead this, then answer the two questions.` },
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
      { type: 'textarea', questionType: 'open', name: 'note', label: 'In your own words', schema: {} },
    ],
  });

interface Prepared {
  adminToken: string;
  holderToken: string;
  poolTokens: string[];
  burstTokens: string[];
}

/** Everything the scenarios need, through the command pipeline, before the server starts. */
async function prepare(
  dataDir: string,
  databaseUrl: string | null,
  settings: HotPathSettings,
): Promise<Prepared> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const platform = await startPlatform(config, pino({ level: 'silent' }), { workJobs: false });
  try {
    await seedDemo(platform);
    const adminId = uuidv7();
    await executeUser(platform, systemMeta('bench'), adminId, {
      type: 'CreateUser',
      data: {
        userId: adminId,
        email: 'bench-hot-admin@example.org',
        profile: profile('Admin'),
        roles: ['admin'],
      },
    });
    const actor = { userId: adminId, roles: ['admin'], rules: allRules() };
    const meta = () => ({ actorId: adminId, requestId: 'bench', now: new Date() });
    const demo = demoCourses.find((course) => course.path === COURSE);
    if (!demo) throw new Error(`The demo seed has no course ${COURSE}`);
    await updateCourse(platform, actor, meta(), {
      path: COURSE,
      course: courseInputSchema.parse({ ...demo.course, public: true }),
    });
    await createModule(platform, actor, meta(), {
      path: MODULE,
      module: moduleInputSchema.parse({ name: 'Bench hot paths', language: 'en' }),
    });
    for (let n = 1; n <= PAGES; n++)
      await createPage(platform, actor, meta(), {
        parentType: 'module',
        parentPath: MODULE,
        path: pagePath(n),
        page: questionPage(n),
      });
    await createModule(platform, actor, meta(), {
      path: CERT_MODULE,
      module: moduleInputSchema.parse({ name: 'Bench certificate', language: 'en' }),
    });
    await createPage(platform, actor, meta(), {
      parentType: 'module',
      parentPath: CERT_MODULE,
      path: `${CERT_MODULE}-q`,
      page: pageInputSchema.parse({
        name: 'The question',
        type: 'question',
        content: [questionPage(1).content[1]],
      }),
    });
    await configureModuleCertificate(platform, actor, meta(), {
      path: CERT_MODULE,
      config: certificateConfigSchema.parse({ auto: true }),
    });
    const tokenOf = async (userId: string) => {
      const token = await idTokenFor(platform, userId, 3 * 3600);
      if (!token) throw new Error('no ID token for a bench participant');
      return token;
    };
    const participant = async (label: string) => {
      const userId = uuidv7();
      await executeUser(platform, systemMeta('bench'), userId, {
        type: 'CreateUser',
        data: {
          userId,
          email: `${label}@example.org`,
          profile: profile(`Participant ${label}`),
          roles: [],
        },
      });
      return tokenOf(userId);
    };
    const poolTokens: string[] = [];
    for (let i = 0; i < settings.pool; i++) poolTokens.push(await participant(`pool-${i}`));
    const burstTokens: string[] = [];
    for (let i = 0; i < settings.burst; i++) burstTokens.push(await participant(`burst-${i}`));
    return {
      adminToken: await tokenOf(adminId),
      holderToken: await participant('holder'),
      poolTokens,
      burstTokens,
    };
  } finally {
    await platform.close();
  }
}

/** One request before the rounds: a wrong token or body fails here with the answer, not as 4xx load. */
async function expectOk(request: HttpRequest): Promise<string> {
  const token = request.tokens?.[0];
  const response = await fetch(request.url, {
    method: request.method,
    headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(request.body !== undefined ? { body: request.body.replaceAll('__N__', 'first') } : {}),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`${request.method} ${request.url} answered ${response.status}: ${text.slice(0, 500)}`);
  // GraphQL answers refusals with 200 and success: false.
  if (text.includes('"success":false')) throw new Error(`${request.url} refused: ${text.slice(0, 500)}`);
  return text;
}

const json = { 'content-type': 'application/json' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const batchUrl = (origin: string, calls: [string, unknown][]) =>
  `${origin}/trpc/${calls.map(([name]) => name).join(',')}?batch=1&input=${encodeURIComponent(
    JSON.stringify(Object.fromEntries(calls.map(([, input], i) => [String(i), input]))),
  )}`;

function scenarios(
  origin: string,
  ceiling: string,
  prepared: Prepared,
  settings: HotPathSettings,
): Scenario[] {
  const all = settings.connections;
  const first = [all[0] ?? 10];
  const pool = prepared.poolTokens;
  const saveInput = { module: MODULE, page: pagePath(1), result: { answers: { note: 'typing __N__' } } };
  const write = (body: string): HttpRequest => ({
    method: 'POST',
    url: `${ceiling}/write`,
    headers: json,
    body,
    tokens: pool,
  });
  const read = (key: string): HttpRequest => ({ method: 'GET', url: `${ceiling}/read/${key}`, headers: {} });
  const store = async (key: string, body: string) => {
    const response = await fetch(`${ceiling}/rows/${key}`, { method: 'PUT', headers: json, body });
    if (!response.ok) throw new Error(`the ceiling did not store ${key}: ${response.status}`);
  };
  const pageView: HttpRequest = {
    method: 'GET',
    url: batchUrl(origin, [
      ['result.module', { module: MODULE }],
      ['result.page', { module: MODULE, page: pagePath(1) }],
    ]),
    headers: {},
    tokens: pool,
  };
  const courseView: HttpRequest = {
    method: 'GET',
    url: batchUrl(origin, [
      ['course.byPath', { path: COURSE }],
      ['section.listByCourse', { path: COURSE }],
      ['course.team', { path: COURSE }],
      ['certificate.forCourse', { path: COURSE }],
    ]),
    headers: {},
    tokens: pool,
  };
  const csv: HttpRequest = {
    method: 'GET',
    url: `${origin}/api/results/${MODULE}.csv`,
    headers: bearer(prepared.adminToken),
  };
  let csvRows = 0;
  let certificateCode = '';
  const saveBody = JSON.stringify(saveInput);
  const graphqlBody = JSON.stringify({
    query:
      'mutation Save($module: String!, $page: String!, $input: ResultInput) { saveResult(module: $module, page: $page, input: $input) { success completed result } }',
    variables: { module: MODULE, page: pagePath(1), input: saveInput.result },
  });
  return [
    {
      name: 'save answer (tRPC)',
      ceilingName: 'insert event + upsert row',
      connections: all,
      platformRequest: () => ({
        method: 'POST',
        url: `${origin}/trpc/result.save`,
        headers: json,
        body: saveBody,
        tokens: pool,
      }),
      ceilingRequest: () => write(saveBody),
    },
    {
      name: 'save answer (GraphQL)',
      ceilingName: 'insert event + upsert row',
      connections: all,
      platformRequest: () => ({
        method: 'POST',
        url: `${origin}/graphql`,
        headers: json,
        body: graphqlBody,
        tokens: pool,
      }),
      ceilingRequest: () => write(saveBody),
    },
    {
      name: 'page view',
      ceilingName: 'select one row by key',
      connections: all,
      setup: async () => store('page-view', await expectOk(pageView)),
      platformRequest: () => pageView,
      ceilingRequest: () => read('page-view'),
    },
    {
      name: 'course view',
      ceilingName: 'select one row by key',
      connections: all,
      setup: async () => store('course-view', await expectOk(courseView)),
      platformRequest: () => courseView,
      ceilingRequest: () => read('course-view'),
    },
    {
      name: 'results CSV',
      ceilingName: 'select the rows as CSV',
      connections: first,
      setup: async () => {
        csvRows = (await expectOk(csv)).trim().split('\n').length - 1;
      },
      platformRequest: () => csv,
      ceilingRequest: () => ({
        method: 'GET',
        url: `${ceiling}/rows?limit=${Math.max(1, csvRows)}`,
        headers: {},
      }),
    },
    {
      name: 'certificate PDF',
      ceilingName: 'select one row + bare pdf-lib page',
      connections: first,
      setup: async () => {
        certificateCode = await certificateOf(origin, prepared.holderToken);
        await store('certificate', JSON.stringify({ name: 'Participant holder', item: 'Bench certificate' }));
      },
      platformRequest: () => ({
        method: 'GET',
        url: `${origin}/api/certificates/${certificateCode}.pdf`,
        headers: bearer(prepared.holderToken),
      }),
      ceilingRequest: () => ({ method: 'GET', url: `${ceiling}/pdf/certificate`, headers: {} }),
    },
  ];
}

/** The holder answers the certificate module; the certificate job issues it; its code. */
async function certificateOf(origin: string, token: string): Promise<string> {
  await expectOk({
    method: 'POST',
    url: `${origin}/trpc/result.save`,
    headers: { ...json, ...bearer(token) },
    body: JSON.stringify({
      module: CERT_MODULE,
      page: `${CERT_MODULE}-q`,
      result: { answers: { q: 'right' }, confirm: ['q'] },
    }),
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const text = await expectOk({
      method: 'GET',
      url: `${origin}/trpc/certificate.mine`,
      headers: bearer(token),
    });
    const code = /"code":"([^"]+)"/.exec(text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the holder got no certificate within 60 s');
}

export async function benchHotPaths(
  mode: Mode,
  baseDatabaseUrl: string | null,
  settings: HotPathSettings,
  register: Register,
  say: (text: string) => void,
): Promise<ModeResult> {
  const dataDir = await tempDir('hot');
  register(dataDir.dispose);
  const appDatabase =
    mode === 'postgres' && baseDatabaseUrl ? await tempDatabase(baseDatabaseUrl, 'app') : null;
  if (appDatabase) register(appDatabase.dispose);
  const database = appDatabase
    ? `PostgreSQL ${(await serverVersion(appDatabase.value)).split(' ')[1]}`
    : 'embedded PGlite on disk';

  say(`${mode}: preparing ${settings.pool} + ${settings.burst} participants and the modules…`);
  const preparedAt = performance.now();
  const prepared = await prepare(dataDir.value, appDatabase?.value ?? null, settings);
  const prepareMs = Math.round(performance.now() - preparedAt);

  const start = async (name: string, script: string, env: Record<string, string>) => {
    const port = await freePort();
    const startedAt = performance.now();
    const child = startTsx(name, script, [], cleanEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }));
    register(() => stop(child));
    const origin = `http://127.0.0.1:${port}`;
    await waitHealthy(child, `${origin}/healthz`, START_TIMEOUT_MS);
    return { child, origin, startMs: Math.round(performance.now() - startedAt) };
  };
  const server = await start('server', 'server/main.ts', {
    DATA_DIR: dataDir.value,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // The request limiter stays on (its statement is part of each request's cost) but never refuses the load.
    RATE_LIMIT_PER_ADDRESS: '1000000',
    RATE_LIMIT_PER_USER: '1000000',
    ...(appDatabase ? { DATABASE_URL: appDatabase.value } : {}),
  });
  const serverAfterStart = rssMb(server.child.pid);
  const ceilingDir = await tempDir('ceiling');
  register(ceilingDir.dispose);
  const ceilingDatabase =
    appDatabase && baseDatabaseUrl ? await tempDatabase(baseDatabaseUrl, 'ceiling') : null;
  if (ceilingDatabase) register(ceilingDatabase.dispose);
  const ceiling = await start('ceiling server', 'scripts/bench/ceiling-server.ts', {
    ...(ceilingDatabase ? { DATABASE_URL: ceilingDatabase.value } : { DATA_DIR: ceilingDir.value }),
  });

  const results: ScenarioResult[] = [];
  for (const scenario of scenarios(server.origin, ceiling.origin, prepared, settings)) {
    if (settings.only && !settings.only.includes(scenario.name)) continue;
    await scenario.setup?.();
    const platformRequest = scenario.platformRequest();
    const ceilingRequest = scenario.ceilingRequest();
    await expectOk(platformRequest);
    await expectOk(ceilingRequest);
    const pairs: PairResult[] = [];
    for (const connections of scenario.connections) {
      say(`${mode}: ${scenario.name} vs ${scenario.ceilingName}, ${connections} connections…`);
      pairs.push(
        await interleaved(
          { request: platformRequest, pid: server.child.pid },
          { request: ceilingRequest, pid: ceiling.child.pid },
          connections,
          settings,
          (text) => say(`  ${text}`),
        ),
      );
    }
    results.push({ name: scenario.name, ceiling: scenario.ceilingName, pairs });
  }

  let burstResult: BurstResult | null = null;
  if (settings.burst > 0 && (!settings.only || settings.only.includes('burst'))) {
    say(`${mode}: burst: ${settings.burst} participants open the first page within one second…`);
    burstResult = await burst(
      prepared.burstTokens.map((token) => ({
        url: batchUrl(server.origin, [
          ['result.module', { module: MODULE }],
          ['result.page', { module: MODULE, page: pagePath(1) }],
        ]),
        headers: bearer(token),
      })),
      1000,
      server.child.pid,
    );
  }
  const memoryMb = {
    serverAfterStart,
    serverAfterLoad: rssMb(server.child.pid),
    ceilingAfterLoad: rssMb(ceiling.child.pid),
  };
  await Promise.all([stop(server.child), stop(ceiling.child)]);
  return {
    mode,
    database,
    serverStartMs: server.startMs,
    prepareMs,
    memoryMb,
    scenarios: results,
    burst: burstResult,
  };
}
