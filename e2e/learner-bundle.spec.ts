import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { newAccount } from './api';

/**
 * The learner's JavaScript budget (docs/development/performance.md): a first-time learner landing
 * on the home page, a course or a module downloads at most 150 KB of compressed JavaScript, and
 * nothing at all on a repeat visit (hashed chunks are cached as immutable). Counted in the browser
 * itself: Chromium's own count of the bytes each script took on the wire (DevTools
 * `Network.loadingFinished` `encodedDataLength`, headers included), for every response whose type
 * is JavaScript, whatever its origin; a script served from the cache counts 0.
 *
 * Each address is opened in a fresh browser context (an empty cache) by a signed-in learner: the
 * sign-in goes through the API, so the login form's code is not part of the count. The figures are
 * printed (and attached to the report) for docs/benchmarks.md#the-learners-javascript.
 *
 * A content page of the module (its Markdown text) is held to the same budget: its first visit adds
 * the page screen and the Markdown renderer (micromark, client/ui/markdown-text.tsx).
 *
 * With the service worker running (client/sw/, docs/development/client-offline.md), as learners have it.
 */
test.use({ serviceWorkers: 'allow' });

const budgetBytes = 150 * 1024;
const course = {
  path: 'srgr-basis',
  name: 'Seksuele en reproductieve gezondheid en rechten: de basis',
  module: 'srgr-begrippen',
  moduleName: 'Begrippen van SRGR',
};

interface ScriptLoad {
  url: string;
  bytes: number;
  encoding: string;
  fromCache: boolean;
  /** Who answered: the page's own request, or the service worker (and from where). */
  source: string;
}

/** Chunks that are never part of a learner's first load on the measured addresses. */
const neverInFirstLoad =
  /\/assets\/(admin-routes|certificate|certificates|course-certificate-tab|verify|classroom|breakout-room|jitsi-room|login|profile|profile-form|phone-field|fields)-/;

/** Records every script the page loads from now on, with the bytes it took on the wire. */
async function recordScripts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const pending = new Map<string, Omit<ScriptLoad, 'bytes'>>();
  const loads: ScriptLoad[] = [];
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (!/javascript|ecmascript/i.test(response.mimeType)) return;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    // The service worker's answers from its cache or the HTTP cache took nothing on the wire either.
    const fromWorkerCache =
      response.fromServiceWorker &&
      ['cache-storage', 'http-cache'].includes(response.serviceWorkerResponseSource ?? '');
    pending.set(requestId, {
      url: response.url,
      encoding: headers['content-encoding'] ?? 'identity',
      fromCache: Boolean(response.fromDiskCache || response.fromPrefetchCache || fromWorkerCache),
      source: response.fromServiceWorker ? `worker:${response.serviceWorkerResponseSource}` : 'page',
    });
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const entry = pending.get(requestId);
    if (entry) entry.fromCache = true;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = pending.get(requestId);
    if (!entry) return;
    pending.delete(requestId);
    loads.push({ ...entry, bytes: entry.fromCache ? 0 : encodedDataLength });
  });
  await cdp.send('Network.enable');
  return {
    loads,
    total: () => loads.reduce((sum, load) => sum + load.bytes, 0),
    reset: () => {
      loads.length = 0;
    },
  };
}

/** A learner's browser with an empty cache, signed in (the refresh cookie set through the API). */
async function learnerContext(browser: import('@playwright/test').Browser, account: object) {
  const context = await browser.newContext({ locale: 'nl-BE' });
  // `x-session: cookie` asks for the refresh cookie, as the login form does.
  const signedIn = await context.request.post('/auth/sign-in', {
    data: account,
    headers: { 'x-session': 'cookie' },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return context;
}

/** Opens `url`, waits for `ready` and until the network is quiet (lazy chunks and texts loaded). */
async function open(page: Page, url: string, ready: (page: Page) => Promise<void>) {
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test('a first-time learner downloads at most 150 KB of JavaScript on the home page, a course, a module and a content page, and none on a repeat visit', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { account } = await newAccount(request, 'bundle', 'Bo Bundle');

  // The module's first page: a content page (Markdown renderer included).
  const contentPage = await test.step("find the address of the module's first content page", async () => {
    let contentPage = '';
    {
      const context = await learnerContext(browser, account);
      const page = await context.newPage();
      await page.goto(`/course/${course.path}/module/${course.module}`);
      const first = page.getByRole('link', { name: 'Wat is SRGR?' }).first();
      await expect(first).toBeVisible();
      contentPage = (await first.getAttribute('href')) ?? '';
      await context.close();
    }
    expect(contentPage).toContain('/page/');
    return contentPage;
  });

  const routes: { name: string; url: string; ready: (page: Page) => Promise<void> }[] = [
    {
      name: 'home',
      url: '/',
      ready: (page) => expect(page.getByRole('heading', { name: 'Uitgelichte cursussen' })).toBeVisible(),
    },
    {
      name: 'course',
      url: `/course/${course.path}`,
      ready: (page) => expect(page.getByRole('heading', { name: course.name, level: 1 })).toBeVisible(),
    },
    {
      name: 'module',
      url: `/course/${course.path}/module/${course.module}`,
      ready: (page) => expect(page.getByRole('heading', { name: course.moduleName })).toBeVisible(),
    },
    {
      name: 'content page',
      url: contentPage,
      ready: (page) =>
        expect(
          page.getByRole('heading', { name: 'Seksuele en reproductieve gezondheid en rechten' }),
        ).toBeVisible(),
    },
  ];

  const report: string[] = [];
  const results: { name: string; first: number; repeat: number; loads: ScriptLoad[] }[] = [];
  const contexts: BrowserContext[] = [];
  for (const route of routes) {
    await test.step(`visit the ${route.name} page twice and count its scripts`, async () => {
      const context = await learnerContext(browser, account);
      contexts.push(context);
      const page = await context.newPage();
      const scripts = await recordScripts(page);

      await open(page, route.url, route.ready);
      const first = scripts.total();
      const firstLoads = [...scripts.loads];

      // A repeat visit: away from the site and back, in the same browser.
      await page.goto('about:blank');
      scripts.reset();
      await open(page, route.url, route.ready);
      const repeat = scripts.total();

      const byWorker = (loads: ScriptLoad[]) => loads.filter((load) => load.source !== 'page').length;
      report.push(
        `${route.name.padEnd(13)} ${route.url.padEnd(60)} first visit ${kb(first).padStart(9)} in ${firstLoads.length} scripts (${[...new Set(firstLoads.map((load) => load.encoding))].join(', ')}; ${byWorker(firstLoads)} through the service worker), repeat visit ${repeat} bytes (${byWorker(scripts.loads)} of ${scripts.loads.length} from the service worker)`,
      );
      results.push({ name: route.name, first, repeat, loads: firstLoads });
    });
  }
  for (const context of contexts) await context.close();

  await test.step('measure the service worker script', async () => {
    // The browser fetches it itself, outside the page (once per version): not in the counts above.
    const worker = await request.get('/sw.js', { headers: { 'accept-encoding': 'br' } });
    expect(worker.ok()).toBe(true);
    const bytes = Number(worker.headers()['content-length']);
    report.push(
      `service worker /sw.js ${kb(bytes)} (${worker.headers()['content-encoding'] ?? 'identity'}), once per version`,
    );
  });

  await test.step('report the figures and check them against the budget', async () => {
    // Reported before any check fails, so a run over budget still shows its figures.
    console.log(`JavaScript a learner downloads (compressed, on the wire):\n${report.join('\n')}`);
    await test.info().attach('learner-bundle.txt', { body: report.join('\n'), contentType: 'text/plain' });
    for (const result of results) {
      const list = result.loads.map((load) => `${load.url} ${load.bytes} ${load.source}`).join('\n');
      expect(result.first, `${result.name}, first visit:\n${list}`).toBeLessThanOrEqual(budgetBytes);
      expect(result.loads.map((load) => load.url).filter((url) => neverInFirstLoad.test(url))).toEqual([]);
      expect(result.repeat, `${result.name}, repeat visit`).toBe(0);
      // Every script of our own came compressed.
      for (const load of result.loads.filter((each) => new URL(each.url).pathname.startsWith('/assets/'))) {
        expect(['br', 'gzip'], load.url).toContain(load.encoding);
      }
    }
  });
});
