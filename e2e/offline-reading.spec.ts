import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import defaultTenant from '../server/tenant/default-tenant.json' with { type: 'json' };
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { learnerOn, offline, questionPage, queued, saved, serverPage } from './offline-support';
import { signIn } from './support';

/**
 * Readable offline and installable (docs/development/client-offline.md): the service worker
 * (client/sw/) keeps the app shell and what the learner read, so a page opened once opens again
 * after a reload without a network, still signed in; sign-out leaves nothing of the learner in the
 * caches. The tenant's web app manifest.
 *
 * The other journeys block service workers (playwright.config.ts); these need it.
 */
test.use({ serviceWorkers: 'allow' });

const course = { path: 'srgr-basis', module: 'srgr-begrippen' };
const contentHeading = 'Seksuele en reproductieve gezondheid en rechten';
const banner = "Je bent offline — je ziet opgeslagen pagina's";

interface CacheEntry {
  cache: string;
  url: string;
  body: string;
}

/** Everything Cache Storage holds for this origin, as the page reads it. */
const cacheEntries = (page: Page) =>
  page.evaluate(async () => {
    const entries: CacheEntry[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({ cache: name, url: request.url, body: (await response?.text()) ?? '' });
      }
    }
    return entries;
  });

test('a page opened once opens offline after a reload, signed in; after sign-out nothing of the learner is left', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const learner = await newAccount(request, 'reader', `Rita Reader ${Date.now().toString(36)}`);
  const context = await browser.newContext({ locale: 'nl-BE' });
  const page = await context.newPage();
  const user = page.getByRole('button', { name: new RegExp(learner.name) });
  const heading = page.getByRole('heading', { name: contentHeading });

  const { address, unopened } = await test.step('open a content page online', async () => {
    await signIn(page, learner.account, `/course/${course.path}/module/${course.module}`);
    await page.getByRole('link', { name: 'Wat is SRGR?' }).first().click();
    await expect(heading).toBeVisible();
    const unopened = await page.getByRole('link', { name: 'Volgende' }).first().getAttribute('href');
    expect(unopened).toContain('/page/');
    await expect(page.getByText(banner)).toHaveCount(0);
    // The first visit: the worker takes over once installed and keeps what the page read.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // What the offline reload needs: the page, and who is signed in (kept a moment later, in any order).
    await expect
      .poll(async () => {
        const urls = (await cacheEntries(page)).map((entry) => entry.url);
        return ['/trpc/result.page', '/trpc/user.me'].every((call) => urls.some((url) => url.includes(call)));
      })
      .toBe(true);
    return { address: new URL(page.url()).pathname, unopened: unopened ?? '' };
  });

  await test.step('offline, a reload shows the page, still signed in, marked offline', async () => {
    await offline(context, page);
    await page.reload();
    await expect(heading).toBeVisible();
    await expect(user).toBeVisible();
    await expect(page.getByText(banner)).toBeVisible();
    // The default logo comes from the worker's shell too: not a broken image.
    const logo = page.locator('header img').first();
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
  });

  await test.step('the next page, never opened, says it was never kept here, not that something went wrong', async () => {
    await page.goto(unopened);
    await expect(page.getByText('Niet bewaard op dit toestel')).toBeVisible();
    await expect(page.getByText(/Je bent offline en dit werd hier nog nooit geopend/)).toBeVisible();
    await expect(page.getByText('Er ging iets mis bij het laden van de pagina.')).toHaveCount(0);
    await expect(user).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: test.info().outputPath('offline-not-kept-360.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('online again, the session is renewed: the next page loads from the server', async () => {
    await page.goto(address);
    await expect(heading).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText(banner)).toHaveCount(0);
    await page.getByRole('link', { name: 'Volgende' }).first().click();
    await expect(page).toHaveURL((url) => url.pathname === unopened);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Er ging iets mis bij het laden van de pagina.')).toHaveCount(0);
  });

  await test.step('sign out: the caches hold nothing of the learner', async () => {
    await user.click();
    await page.getByRole('button', { name: 'Afmelden' }).click();
    await expect(user).toHaveCount(0);
    const entries = await cacheEntries(page);
    expect(entries.filter((entry) => entry.cache.startsWith('srhr-data-'))).toEqual([]);
    // Of the reads, only the tenant's configuration stays: the same for anyone.
    const reads = entries
      .map((entry) => new URL(entry.url).pathname)
      .filter((path) => path.startsWith('/trpc/'));
    expect(reads.filter((path) => path !== '/trpc/tenant.get')).toEqual([]);
    const theirs = entries.filter((entry) =>
      [learner.name, learner.account.email, learner.id].some((mark) => entry.body.includes(mark)),
    );
    expect(theirs.map((entry) => `${entry.cache} ${entry.url}`)).toEqual([]);
    // The app shell stays: it is nobody's.
    expect(entries.some((entry) => entry.cache.startsWith('srhr-shell-'))).toBe(true);
  });

  await test.step('offline after sign-out, the page shows nothing of the learner', async () => {
    await offline(context, page);
    await page.goto(address);
    await expect(page.getByText(banner)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Aanmelden' })).toBeVisible();
    await expect(heading).toHaveCount(0);
    await expect(user).toHaveCount(0);
  });
  await context.close();
});

test('another learner signing in on the same browser never reads the first one’s saved pages', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const first = await newAccount(request, 'first', `Fien Eerst ${stamp}`);
  const second = await newAccount(request, 'second', `Sam Tweede ${stamp}`);
  const context = await browser.newContext({ locale: 'nl-BE' });
  const page = await context.newPage();
  const bodies = async () => (await cacheEntries(page)).map((entry) => entry.body).join('\n');
  await signIn(page, first.account, `/course/${course.path}/module/${course.module}`);
  await expect(page.getByRole('link', { name: 'Wat is SRGR?' }).first()).toBeVisible();
  await expect.poll(async () => (await bodies()).includes(first.id)).toBe(true);

  // The second learner's session replaces the first one's cookie without a sign-out on this page,
  // so the service worker itself must tell them apart (by their tokens).
  const signedIn = await context.request.post('/auth/sign-in', {
    data: second.account,
    headers: { 'x-session': 'cookie' },
  });
  expect(signedIn.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('button', { name: new RegExp(second.name) })).toBeVisible();
  await expect.poll(async () => (await bodies()).includes(second.id)).toBe(true);
  const ofFirst = (await cacheEntries(page)).filter((entry) => entry.body.includes(first.id));
  expect(ofFirst.map((entry) => `${entry.cache} ${entry.url}`)).toEqual([]);

  await test.step('offline, the second learner reads only their own', async () => {
    await offline(context, page);
    await page.reload();
    await expect(page.getByRole('button', { name: new RegExp(second.name) })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(first.name) })).toHaveCount(0);
  });
  await context.close();
});

test('after an offline reload the learner still answers: kept on the device, sent once back online', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const question = { name: 'mee', label: 'Wat neem je mee?' };
  const { modulePath, pagePath, stamp } = await questionPage(request, 'offline-lezen', [
    { type: 'textarea', questionType: 'open', ...question, schema: { attempts: 0, maxScore: 2 } },
  ]);
  const { participant, context, page } = await learnerOn(
    browser,
    request,
    'answerer',
    `Anna Antwoord ${stamp}`,
    `/module/${modulePath}/page/${pagePath}`,
  );
  const textarea = page.getByRole('textbox', { name: question.label });
  await expect(textarea).toBeEditable();
  await expect
    .poll(async () => (await cacheEntries(page)).some((entry) => entry.url.includes('/trpc/result.page')))
    .toBe(true);

  await offline(context, page);
  await page.reload();
  await expect(textarea).toBeEditable();
  await textarea.fill('Onderweg geschreven.');
  await expect(page.getByRole('status').filter({ hasText: /./ })).toHaveText(queued);

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: /./ })).toHaveText(saved, { timeout: 20_000 });
  const questions = await serverPage(request, participant.token, modulePath, pagePath);
  expect(questions.mee).toMatchObject({ answer: 'Onderweg geschreven.', attempts: 1 });
  await context.close();
});

test('an image on a page opened once shows offline after a reload', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 5);
  const address = await test.step('an author puts an uploaded image on a text page', async () => {
    const adminToken = await tokenOf(request, admin);
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2f7f6f' } })
      .jpeg()
      .toBuffer();
    const uploaded = await request.post('/api/uploads', {
      headers: { authorization: `Bearer ${adminToken}` },
      multipart: { file: { name: `delta-${stamp}.jpg`, mimeType: 'image/jpeg', buffer: photo } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const modulePath = `offline-beeld-${stamp}`;
    await trpc(request, adminToken, 'module.create', {
      path: modulePath,
      module: { name: `Offline beeld ${stamp}`, language: 'nl', public: true },
    });
    const created = await trpc<{ path: string }>(request, adminToken, 'page.create', {
      parentType: 'module',
      parentPath: modulePath,
      page: {
        name: 'Beeld',
        type: 'markdown',
        content: [{ type: 'markdown', name: 'tekst', text: `Een delta.\n\n![Een rivierdelta](${url})` }],
      },
    });
    return `/module/${modulePath}/page/${created.path}`;
  });
  const { context, page } = await learnerOn(browser, request, 'beeld', `Bea Beeld ${stamp}`, address);
  const image = page.getByRole('img', { name: 'Een rivierdelta' });
  const shown = () =>
    image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

  await test.step('online: the image shows and the worker keeps the copy the page asked for', async () => {
    await expect(image).toBeVisible();
    await expect.poll(shown).toBe(true);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The first visit loaded the image before the worker controlled the page: a reload asks again.
    await page.reload();
    await expect.poll(shown).toBe(true);
    const asked = await image.evaluate((element: HTMLImageElement) => new URL(element.currentSrc).pathname);
    await expect
      .poll(async () => (await cacheEntries(page)).some((entry) => new URL(entry.url).pathname === asked))
      .toBe(true);
  });

  await test.step('offline, a reload shows the page with its image', async () => {
    // Not from the browser's own HTTP cache (uploads are cached for long): only the worker has it.
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await offline(context, page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Beeld' })).toBeVisible();
    await expect.poll(shown).toBe(true);
    await page.screenshot({ path: test.info().outputPath('offline-image-1280.png') });
  });
  await context.close();
});

test('the web app manifest carries the tenant’s name, colours and icon, and every page links it', async ({
  page,
  request,
}) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as Record<string, unknown>;
  expect(manifest).toMatchObject({
    name: defaultTenant.name,
    start_url: '/',
    display: 'standalone',
    theme_color: defaultTenant.colours.primary,
    background_color: defaultTenant.colours.background,
    icons: [
      { src: defaultTenant.images.logo, type: 'image/svg+xml', sizes: 'any' },
      { src: '/manifest-icon-192.png', type: 'image/png', sizes: '192x192' },
      { src: '/manifest-icon-512.png', type: 'image/png', sizes: '512x512' },
    ],
  });
  for (const size of [192, 512]) {
    const png = await request.get(`/manifest-icon-${size}.png`);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  await page.goto('/course');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const icon = await request.get(defaultTenant.images.logo);
  expect(icon.ok()).toBe(true);
});
