import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { admin, serverPorts } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { mailsTo } from './mail/mailbox';
import { option, questionPage } from './offline-support';
import { serverEnv } from './server-env';
import { signIn } from './support';

/**
 * Sessions that end (docs/security.md#sessions): 'Your sessions' lists where an account is signed in and
 * signs a session out from another browser; a browser closed without signing out is signed out for
 * the next visitor once the session's absolute lifetime has passed, and keeps nothing of the person
 * offline, not even the page that carried the answer key for its editor.
 */

const iPhone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

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

test('your sessions: see where you are signed in and sign another browser out', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const person = await newAccount(request, 'sessies', `Sam Sessie ${stamp}`);
  const laptop = await browser.newContext({ locale: 'nl-BE' });
  const phone = await browser.newContext({ locale: 'nl-BE', userAgent: iPhone });
  const here = await laptop.newPage();
  const there = await phone.newPage();
  await signIn(here, person.account, '/');
  await signIn(there, person.account, '/');
  const phoneUser = there.getByRole('button', { name: new RegExp(person.name) });
  await expect(phoneUser).toBeVisible();

  await test.step('the owner is mailed about a browser new to the account', async () => {
    await expect
      .poll(async () => (await mailsTo(person.account.email)).map((mail) => mail.subject))
      .toContain('A new device signed in to your account');
  });

  const rows = here.locator('.session-list__item');
  await test.step('the user menu leads to the sessions: both browsers, this one marked', async () => {
    await here.getByRole('button', { name: new RegExp(person.name) }).click();
    await here.getByRole('link', { name: 'Je sessies' }).click();
    await expect(here.getByRole('heading', { level: 1, name: 'Je sessies' })).toBeVisible();
    const browsers = rows.filter({ hasNot: here.getByText('App of script') });
    await expect(browsers).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Deze browser' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Deze browser' })).toContainText('Chrome op Linux');
    await expect(rows.filter({ hasText: 'Safari op iOS' })).toContainText('127.0.0.0/24');
    await expect(rows.filter({ hasText: 'Safari op iOS' })).toContainText('Laatst gebruikt');
  });

  await test.step('no serious accessibility problems', async () => {
    const results = await new AxeBuilder({ page: here })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
  });

  await test.step('screenshots at 1280 and 360 px', async () => {
    await here.setViewportSize({ width: 1280, height: 900 });
    await here.screenshot({ path: test.info().outputPath('sessions-1280.png'), fullPage: true });
    await here.setViewportSize({ width: 360, height: 740 });
    await here.screenshot({ path: test.info().outputPath('sessions-360.png'), fullPage: true });
    // Nothing wider than the phone's screen.
    expect(await here.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await here.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step("'sign out' on the phone's row signs the phone out", async () => {
    await here.getByRole('button', { name: 'Safari op iOS afmelden' }).click();
    await expect(here.getByText('Die sessie is afgemeld.')).toBeVisible();
    await expect(rows.filter({ hasText: 'Safari op iOS' })).toHaveCount(0);
    await there.reload();
    await expect(there.getByRole('link', { name: 'Aanmelden' })).toBeVisible();
    await expect(phoneUser).toHaveCount(0);
  });

  await test.step("'sign out everywhere' signs this browser out too", async () => {
    await here.getByRole('button', { name: 'Overal afmelden' }).click();
    await here.getByRole('dialog').getByRole('button', { name: 'Overal afmelden' }).click();
    await expect(here.getByRole('link', { name: 'Aanmelden' })).toBeVisible();
    const me = await request.get('/trpc/user.me', { headers: { authorization: `Bearer ${person.token}` } });
    // The API sign-in of the account's set-up was a session too: it ended with the others.
    expect(((await me.json()) as { result: { data: unknown } }).result.data).toBeNull();
  });
  await laptop.close();
  await phone.close();
});

/** This journey's own server, with sessions that end soon (`env`: their lifetimes in seconds). */
function shortSessionServer(env: Record<string, string>) {
  const slot = test.info().parallelIndex;
  const port = serverPorts.sessions(slot);
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let stderr = '';
  return {
    url,
    async start() {
      const started = spawn(process.execPath, ['scripts/start.mjs'], {
        env: {
          ...process.env,
          ...serverEnv(port, false, `sessions-${slot}`, true),
          ...env,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child = started;
      started.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      await expect
        .poll(
          async () => {
            if (started.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
            return fetch(`${url}/healthz`).then(
              (response) => response.ok,
              () => false,
            );
          },
          { timeout: 60_000, message: 'the server answers /healthz' },
        )
        .toBe(true);
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      running.kill('SIGTERM');
      await once(running, 'exit');
    },
  };
}

test('a browser closed without signing out: after the session’s lifetime the next visitor is signed out, with nothing kept offline', async ({
  playwright,
}) => {
  test.setTimeout(240_000);
  const lifetime = 45;
  const server = shortSessionServer({ SESSION_LIFETIME_SECONDS: String(lifetime) });
  await server.start();
  const api = await playwright.request.newContext({ baseURL: server.url });
  const profile = test.info().outputPath('browser-profile');
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
      baseURL: server.url,
      locale: 'nl-BE',
      serviceWorkers: 'allow',
    });
  let context: BrowserContext | null = null;
  try {
    const { modulePath, pagePath, stamp } = await questionPage(api, 'gedeeld', [
      {
        type: 'radio',
        questionType: 'single',
        name: 'jaar',
        label: 'In welk jaar was de ICPD-conferentie?',
        options: [option('1990', 'o1', 0), option('1994', 'o2', 1)],
        schema: { attempts: 0 },
      },
    ]);
    const editor =
      await test.step('a view-only editor: the view right shows them the answer key', async () => {
        const adminToken = await tokenOf(api, admin);
        const role = `alleen-lezen-${stamp}`;
        await trpc(api, adminToken, 'role.create', { name: role, actions: { view: true } });
        const editor = await newAccount(api, 'lezer', `Vera Lezer ${stamp}`);
        await trpc(api, adminToken, 'user.setRoles', { _id: editor.id, roles: [role] });
        return editor;
      });

    context = await launch();
    const page = context.pages()[0] ?? (await context.newPage());
    const user = page.getByRole('button', { name: new RegExp(editor.name) });
    const address = `/module/${modulePath}/page/${pagePath}`;

    const signedInAt =
      await test.step("sign in on the shared computer, 'keep me signed in' left unticked", async () => {
        await page.goto('/login');
        await page.getByLabel('E-mailadres').fill(editor.account.email);
        await page.getByLabel('Wachtwoord', { exact: true }).fill(editor.account.password);
        await expect(page.getByRole('checkbox', { name: 'Aangemeld blijven' })).not.toBeChecked();
        const signedInAt = Date.now();
        await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
        await expect(user).toBeVisible();
        return signedInAt;
      });

    await test.step('open the question page: kept offline, without the answer key', async () => {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1, name: 'Vragen' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Beheer' }).first()).toBeVisible();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Vragen' })).toBeVisible();
      await expect
        .poll(async () =>
          (await cacheEntries(page)).some(
            (entry) => entry.cache.startsWith('srhr-data-') && entry.url.includes('/trpc/result.page'),
          ),
        )
        .toBe(true);
      const kept = (await cacheEntries(page)).filter((entry) => entry.cache.startsWith('srhr-data-'));
      // The server hands the editor the options' scores; the copy kept on the device has none.
      type Kept = { result: { data: { page: { content: { options?: object[] }[] } } } };
      const optionsIn = (body: Kept) =>
        body.result.data.page.content.flatMap((element) => element.options ?? []);
      const served = await api.get(
        `/trpc/result.page?input=${encodeURIComponent(JSON.stringify({ module: modulePath, page: pagePath }))}`,
        { headers: { authorization: `Bearer ${editor.token}` } },
      );
      expect(optionsIn((await served.json()) as Kept)).toEqual([
        { label: '1990', value: 'o1', score: 0, feedback: '' },
        { label: '1994', value: 'o2', score: 1, feedback: '' },
      ]);
      const keptPage = kept.find((entry) => entry.url.includes('/trpc/result.page'))!;
      expect(optionsIn(JSON.parse(keptPage.body) as Kept)).toEqual([
        { label: '1990', value: 'o1' },
        { label: '1994', value: 'o2' },
      ]);
      expect(kept.some((entry) => entry.body.includes(editor.id))).toBe(true);
    });

    // Chromium restores session cookies when it continues where it left off: they are put back, so
    // it is the session's lifetime that signs the next visitor out, not the browser forgetting.
    const cookies = await context.cookies();
    expect(cookies.map((cookie) => cookie.name)).toEqual(
      expect.arrayContaining(['srhr_refresh', 'srhr_session']),
    );
    await context.close();
    context = null;
    await test.step('the browser stays closed past the session’s lifetime', async () => {
      const left = signedInAt + (lifetime + 2) * 1000 - Date.now();
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    });

    context = await launch();
    await context.addCookies(cookies);
    const next = context.pages()[0] ?? (await context.newPage());
    const nextUser = next.getByRole('button', { name: new RegExp(editor.name) });

    await test.step('the next visitor, offline: signed out, and nothing of the editor is kept', async () => {
      await context!.setOffline(true);
      await next.goto(address);
      await expect(next.getByRole('link', { name: 'Aanmelden' })).toBeVisible();
      await expect(nextUser).toHaveCount(0);
      await expect(next.getByRole('heading', { level: 1, name: 'Vragen' })).toHaveCount(0);
      await expect
        .poll(async () => (await cacheEntries(next)).filter((entry) => entry.cache.startsWith('srhr-data-')))
        .toEqual([]);
      const theirs = (await cacheEntries(next)).filter((entry) =>
        [editor.id, editor.name, editor.account.email].some((mark) => entry.body.includes(mark)),
      );
      expect(theirs.map((entry) => entry.url)).toEqual([]);
    });

    await test.step('online: the server has ended the session, the visitor stays signed out', async () => {
      await context!.setOffline(false);
      const refreshed = next.waitForResponse(
        (response) => new URL(response.url()).pathname === '/auth/refresh',
      );
      await next.goto(address);
      expect((await refreshed).status()).toBe(401);
      await expect(next.getByRole('link', { name: 'Aanmelden' })).toBeVisible();
      await expect(nextUser).toHaveCount(0);
      await expect(next.getByRole('link', { name: 'Beheer' })).toHaveCount(0);
      expect(
        (await cacheEntries(next)).filter((entry) =>
          [editor.id, editor.name, editor.account.email].some((mark) => entry.body.includes(mark)),
        ),
      ).toEqual([]);
    });
  } finally {
    await context?.close();
    await api.dispose();
    await server.stop();
  }
});

test('a page left alone signs out when its session has been idle too long, and keeps nothing', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const idle = 15;
  const server = shortSessionServer({ SESSION_IDLE_SECONDS: String(idle) });
  await server.start();
  const api = await playwright.request.newContext({ baseURL: server.url });
  const context = await browser.newContext({ locale: 'nl-BE', baseURL: server.url, serviceWorkers: 'allow' });
  try {
    const { modulePath, pagePath, stamp } = await questionPage(api, 'stil', [
      {
        type: 'textarea',
        questionType: 'open',
        name: 'mee',
        label: 'Wat neem je mee?',
        schema: { attempts: 0 },
      },
    ]);
    const learner = await newAccount(api, 'stil', `Stijn Stil ${stamp}`);
    const page = await context.newPage();
    const user = page.getByRole('button', { name: new RegExp(learner.name) });
    await signIn(page, learner.account, `/module/${modulePath}/page/${pagePath}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Vragen' })).toBeVisible();
    await expect(user).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.reload();
    await expect
      .poll(async () => (await cacheEntries(page)).some((entry) => entry.cache.startsWith('srhr-data-')))
      .toBe(true);

    await test.step('nobody touches the page: past the idle timeout it signs out by itself', async () => {
      // The page asks the server when the idle timeout comes (a few seconds after it, at most).
      await expect(page.getByRole('link', { name: 'Aanmelden' })).toBeVisible({
        timeout: (idle + 30) * 1000,
      });
      await expect(user).toHaveCount(0);
      await expect
        .poll(async () => (await cacheEntries(page)).filter((entry) => entry.cache.startsWith('srhr-data-')))
        .toEqual([]);
    });
  } finally {
    await context.close();
    await api.dispose();
    await server.stop();
  }
});
