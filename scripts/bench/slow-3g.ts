/**
 * `npm run bench -- slow3g` (also part of `npm run bench`): a learner's first visit on a slow mobile
 * connection. The demo content and a participant are prepared through the command pipeline, the
 * built client is served by the server as `npm start` runs it (production mode, the server bundle),
 * and Debian's Chromium (CHROMIUM_PATH) opens the home page, a course and a module's content page,
 * each in a fresh browser context: an empty cache, no service worker, the participant's refresh
 * cookie (and the session hint the sign-in form leaves, client/lib/session.ts) set beforehand
 * through the API: the sign-in is not part of the figure.
 *
 * The page's network is Chrome DevTools' "Slow 3G" preset, applied through the DevTools protocol
 * (`Network.emulateNetworkConditions`): 2,000 ms latency per request (400 ms × 5), 50,000 bytes/s
 * down and up ((500 kbit/s ÷ 8) × 0.8). The CPU is not throttled (DevTools' presets do not throttle
 * it either): the figures are the network's.
 *
 * Usable: the route's main content is in the document, shown from the server's data (the page
 * names what it waits for: the home page's featured course, the course's title, the content page's
 * Markdown heading). The client renders in the browser, so React's handlers are attached when that
 * content is: once it is there it answers a click. Timed in the page from the navigation's start
 * (`performance.now()` in a MutationObserver), beside First Contentful Paint and Largest Contentful
 * Paint. Each page is opened BENCH_SLOW3G_ROUNDS times (3); the table gives the medians, and the
 * request timeline of the median run shows what waited for what.
 *
 *   BENCH_SLOW3G_ROUNDS (3)  BENCH_SLOW3G_TIMELINE ("all": every page's timeline; default the content page's)
 *   BENCH_SLOW3G_CLIENT (a built client folder to serve instead of building one, e.g. another commit's)
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { type Browser, type CDPSession, chromium } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { setPassword } from '../../server/auth/account';
import { loadConfig } from '../../server/config';
import { seedDemo } from '../../server/demo/seed';
import { startPlatform } from '../../server/platform';
import { executeUser, systemMeta } from '../../server/user/execute-user';
import { tempDir } from './database';
import { cleanEnv, freePort, projectRoot, startProcess, stop, waitHealthy } from './processes';

type Register = (undo: () => Promise<void>) => void;

/** Chrome DevTools' "Slow 3G" preset (its network panel's values). */
const slow3g = {
  offline: false,
  latency: 400 * 5,
  downloadThroughput: ((500 * 1000) / 8) * 0.8,
  uploadThroughput: ((500 * 1000) / 8) * 0.8,
};

const participant = { email: 'slow3g-participant@example.org', password: 'slow3g-participant-password-1' };
const COURSE = 'srgr-basis';
const MODULE = 'srgr-begrippen';
const USABLE_TIMEOUT_MS = 90_000;

/** What a page shows once its data is there: an element matching `selector` holding `text`. */
interface Target {
  name: string;
  url: string;
  selector: string;
  text: string;
}

interface Request {
  url: string;
  type: string;
  startMs: number;
  endMs: number | null;
  bytes: number;
  /** who asked for it: the parser, a script (and which), a preload */
  initiator: string;
}

export interface Slow3gRun {
  page: string;
  round: number;
  usableMs: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  requestsUntilUsable: number;
  bytesUntilUsable: number;
  timeline: Request[];
}

export interface Slow3gMedian {
  page: string;
  url: string;
  usableMs: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  requestsUntilUsable: number;
  kbUntilUsable: number;
}

export interface Slow3gResult {
  conditions: typeof slow3g;
  rounds: number;
  runs: Slow3gRun[];
  medians: Slow3gMedian[];
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The demo content and a participant with a password, through the command pipeline. */
async function prepare(dataDir: string): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const platform = await startPlatform(config, pino({ level: 'silent' }), { workJobs: false });
  try {
    await seedDemo(platform);
    const userId = uuidv7();
    const meta = systemMeta('bench-slow3g');
    await executeUser(platform, meta, userId, {
      type: 'CreateUser',
      data: {
        userId,
        email: participant.email,
        profile: { name: 'Sam Slow', phone: null, profession: null, riziv: null, language: 'nl' },
        roles: [],
      },
    });
    await executeUser(
      platform,
      meta,
      userId,
      { type: 'ChangePassword', data: { by: 'bootstrap' } },
      { before: (trx) => setPassword(trx, userId, participant.password) },
    );
  } finally {
    await platform.close();
  }
}

/**
 * Set in the page before any of its scripts: when the target appeared, FCP and the last LCP. Plain
 * script text, as tsx's compiled functions call helpers the page does not have.
 */
const watch = (target: { selector: string; text: string }) => `
  (() => {
    const target = ${JSON.stringify(target)};
    const seen = { usable: null, fcp: null, lcp: null };
    window.__slow3g = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1);
      if (last) seen.lcp = last.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    const observer = new MutationObserver(() => {
      if (seen.usable !== null) return;
      for (const element of document.querySelectorAll(target.selector)) {
        if (element.textContent && element.textContent.includes(target.text)) {
          seen.usable = performance.now();
          observer.disconnect();
          return;
        }
      }
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  })();
`;

interface Watched {
  __slow3g?: { usable: number | null; fcp: number | null; lcp: number | null };
}

/** Every request of the page, from the DevTools protocol's network events. */
function recordRequests(cdp: CDPSession) {
  const byId = new Map<string, Request & { startedAt: number }>();
  let origin: number | null = null;
  cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp, type, initiator }) => {
    origin ??= timestamp;
    const from =
      initiator.type === 'script'
        ? `script ${initiator.stack?.callFrames[0]?.url.split('/').pop() ?? ''}`.trim()
        : initiator.type;
    byId.set(requestId, {
      url: request.url,
      type: type ?? 'Other',
      startedAt: timestamp,
      startMs: 0,
      endMs: null,
      bytes: 0,
      initiator: from,
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, timestamp, encodedDataLength }) => {
    const entry = byId.get(requestId);
    if (!entry) return;
    entry.endMs = (timestamp - (origin ?? timestamp)) * 1000;
    entry.bytes = encodedDataLength;
  });
  return (): Request[] =>
    [...byId.values()].map(({ startedAt, ...request }) => ({
      ...request,
      startMs: (startedAt - (origin ?? startedAt)) * 1000,
    }));
}

async function openOnce(browser: Browser, origin: string, target: Target, round: number): Promise<Slow3gRun> {
  const context = await browser.newContext({ baseURL: origin, locale: 'nl-BE', serviceWorkers: 'block' });
  try {
    // `x-session: cookie`: the refresh cookie, as the login form asks for it.
    const signedIn = await context.request.post('/auth/sign-in', {
      data: participant,
      headers: { 'x-session': 'cookie' },
    });
    if (!signedIn.ok()) throw new Error(`sign-in answered ${signedIn.status()}: ${await signedIn.text()}`);
    // The hint the sign-in form leaves (client/lib/session.ts): this browser holds a session.
    const { sessionExpiresIn, expiresIn } = (await signedIn.json()) as {
      expiresIn: number;
      sessionExpiresIn?: number;
    };
    const endsAt = Date.now() + (sessionExpiresIn ?? expiresIn) * 1000;
    await context.addCookies([
      { name: 'srhr_session', value: String(endsAt), url: origin, sameSite: 'Strict' },
    ]);
    const page = await context.newPage();
    await page.addInitScript({ content: watch(target) });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', slow3g);
    const requests = recordRequests(cdp);
    await page.goto(target.url, { waitUntil: 'commit', timeout: USABLE_TIMEOUT_MS });
    await page
      .waitForFunction(() => (window as unknown as Watched).__slow3g?.usable != null, undefined, {
        timeout: USABLE_TIMEOUT_MS,
        polling: 100,
      })
      .catch(async (error: Error) => {
        const shown = await page.evaluate(() => document.body.innerText.slice(0, 500)).catch(() => '?');
        throw new Error(
          `${target.name} (${target.url}): no ${target.selector} with "${target.text}": ${error.message}\nThe page shows: ${shown}`,
        );
      });
    // LCP settles on the last large paint: a moment after the content came.
    await page.waitForTimeout(1000);
    const seen = (await page.evaluate(() => (window as unknown as Watched).__slow3g)) as {
      usable: number;
      fcp: number | null;
      lcp: number | null;
    };
    const timeline = requests().sort((a, b) => a.startMs - b.startMs);
    const until = timeline.filter((request) => request.startMs <= seen.usable);
    return {
      page: target.name,
      round,
      usableMs: Math.round(seen.usable),
      fcpMs: seen.fcp === null ? null : Math.round(seen.fcp),
      lcpMs: seen.lcp === null ? null : Math.round(seen.lcp),
      requestsUntilUsable: until.length,
      bytesUntilUsable: until.reduce((sum, request) => sum + request.bytes, 0),
      timeline,
    };
  } finally {
    await context.close();
  }
}

/** The address of the module's first content page, read from the module's own screen (no throttling). */
async function firstContentPage(browser: Browser, origin: string): Promise<string> {
  const context = await browser.newContext({ baseURL: origin, locale: 'nl-BE', serviceWorkers: 'block' });
  try {
    await context.request.post('/auth/sign-in', { data: participant, headers: { 'x-session': 'cookie' } });
    const page = await context.newPage();
    await page.goto(`/module/${MODULE}`);
    const link = page.getByRole('link', { name: 'Wat is SRGR?' }).first();
    await link.waitFor({ timeout: 30_000 });
    const href = await link.getAttribute('href');
    if (!href?.includes('/page/')) throw new Error(`no content page link on /module/${MODULE}: ${href}`);
    return href;
  } finally {
    await context.close();
  }
}

export async function benchSlow3g(register: Register, say: (text: string) => void): Promise<Slow3gResult> {
  const rounds = Number(process.env.BENCH_SLOW3G_ROUNDS ?? 3);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20)
    throw new Error('BENCH_SLOW3G_ROUNDS must be an integer from 1 to 20');
  // BENCH_SLOW3G_CLIENT: a client built elsewhere (another commit's, to compare); else built here,
  // into a folder of its own, so a build of dist/client by anyone else cannot change what is measured.
  const clientDist = process.env.BENCH_SLOW3G_CLIENT ?? 'dist/client-bench-slow3g';
  say('slow3g: building the web client and preparing the demo content…');
  if (!process.env.BENCH_SLOW3G_CLIENT)
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', `../${clientDist}`], {
      cwd: projectRoot,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  const dataDir = await tempDir('slow3g');
  register(dataDir.dispose);
  await prepare(dataDir.value);

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startProcess(
    'server',
    process.execPath,
    ['scripts/start.mjs'],
    cleanEnv({
      CLIENT_DIST: path.resolve(projectRoot, clientDist),
      DATA_DIR: dataDir.value,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: origin,
      SEED_DEMO: 'false',
    }),
  );
  register(() => stop(server));
  await waitHealthy(server, `${origin}/healthz`, 120_000);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  register(() => browser.close());
  const contentPage = await firstContentPage(browser, origin);
  const targets: Target[] = [
    { name: 'home', url: '/', selector: `main a[href="/course/${COURSE}"]`, text: 'de basis' },
    {
      name: 'course',
      url: `/course/${COURSE}`,
      selector: 'main h1',
      text: 'Seksuele en reproductieve gezondheid en rechten: de basis',
    },
    {
      name: 'content page',
      url: contentPage.replace(/^\/course\/[^/]+/, ''),
      selector: 'main h2',
      text: 'Seksuele en reproductieve gezondheid en rechten',
    },
  ];

  const runs: Slow3gRun[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      const run = await openOnce(browser, origin, target, round);
      runs.push(run);
      say(
        `slow3g: round ${round}, ${target.name}: usable ${run.usableMs} ms, FCP ${run.fcpMs} ms, ` +
          `LCP ${run.lcpMs} ms, ${run.requestsUntilUsable} requests (${(run.bytesUntilUsable / 1024).toFixed(1)} KB) until usable`,
      );
    }
  }
  await browser.close();
  await stop(server);

  const medians = targets.map((target) => {
    const mine = runs.filter((run) => run.page === target.name);
    const known = (values: (number | null)[]) => values.filter((value): value is number => value !== null);
    return {
      page: target.name,
      url: target.url,
      usableMs: median(known(mine.map((run) => run.usableMs))),
      fcpMs: median(known(mine.map((run) => run.fcpMs))),
      lcpMs: median(known(mine.map((run) => run.lcpMs))),
      requestsUntilUsable: median(mine.map((run) => run.requestsUntilUsable)) ?? 0,
      kbUntilUsable: Math.round((median(mine.map((run) => run.bytesUntilUsable)) ?? 0) / 102.4) / 10,
    };
  });
  const all = process.env.BENCH_SLOW3G_TIMELINE === 'all';
  for (const target of all ? targets : targets.filter((each) => each.name === 'content page')) {
    const middle = medianRun(runs.filter((run) => run.page === target.name));
    if (middle) say(timelineText(middle, origin));
  }
  return { conditions: slow3g, rounds, runs, medians };
}

/** The run whose usable time is the median (the timeline shown). */
function medianRun(runs: Slow3gRun[]): Slow3gRun | undefined {
  const sorted = [...runs].sort((a, b) => (a.usableMs ?? Infinity) - (b.usableMs ?? Infinity));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const seconds = (ms: number | null) => (ms === null ? '-' : `${(ms / 1000).toFixed(2)} s`);

/** Each request of a run: when it was sent and done, its bytes on the wire, who asked for it. */
function timelineText(run: Slow3gRun, origin: string): string {
  const lines = run.timeline.map((request) => {
    const where = request.url.startsWith(origin) ? request.url.slice(origin.length) : request.url;
    const short = where.length > 70 ? `${where.slice(0, 67)}…` : where;
    return `  ${seconds(request.startMs).padStart(8)} → ${seconds(request.endMs).padStart(8)}  ${`${(request.bytes / 1024).toFixed(1)} KB`.padStart(9)}  ${request.type.padEnd(10)} ${short}  (${request.initiator})`;
  });
  return `\nslow3g: requests of the ${run.page} (round ${run.round}, usable at ${seconds(run.usableMs)}):\n${lines.join('\n')}\n`;
}

export function slow3gTable(result: Slow3gResult): string {
  const header = ['page', 'address', 'usable', 'FCP', 'LCP', 'requests until usable', 'KB until usable'];
  const rows = result.medians.map((m) => [
    m.page,
    m.url.replace(/\/page\/.*$/, '/page/…'),
    seconds(m.usableMs),
    seconds(m.fcpMs),
    seconds(m.lcpMs),
    String(m.requestsUntilUsable),
    m.kbUntilUsable.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
