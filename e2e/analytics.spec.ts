import { expect, type Page, test } from '@playwright/test';
import { analyticsHost } from './accounts';

/**
 * Analytics after consent, and only then (docs/guide/README.md#the-tenant-file). This server's
 * tenant measures with a self-hosted Matomo at analyticsHost; the journey serves a stand-in for it
 * through page.route, so the page's real Content-Security-Policy decides whether its script may
 * load and send.
 */

// Does what Matomo's matomo.js does with the queue the platform fills: one hit per trackPageView.
const standInMatomo = `(() => {
  const state = {};
  const run = (command) => {
    const [name, value] = command;
    if (name === 'trackPageView') {
      const query = new URLSearchParams({ idsite: state.setSiteId, url: state.setCustomUrl, action_name: state.setDocumentTitle, urlref: state.setReferrerUrl ?? '' });
      fetch(state.setTrackerUrl + '?' + query, { mode: 'no-cors' });
    } else state[name] = value;
  };
  (window._paq ?? []).forEach(run);
  window._paq = { push: (...commands) => commands.forEach(run) };
})();`;

interface Hit {
  url: string;
  action: string;
  referrer: string;
}

async function watchAnalytics(page: Page) {
  const requests: string[] = [];
  const hits: Hit[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(analyticsHost)) requests.push(request.url());
  });
  await page.route(`${analyticsHost}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/matomo.js')
      return route.fulfill({ contentType: 'text/javascript', body: standInMatomo });
    hits.push({
      url: url.searchParams.get('url') ?? '',
      action: url.searchParams.get('action_name') ?? '',
      referrer: url.searchParams.get('urlref') ?? '',
    });
    return route.fulfill({ status: 204 });
  });
  return { requests, hits };
}

test('nothing is loaded or sent before consent, one page view after accept, none after refusing from the footer', async ({
  page,
}) => {
  const { requests, hits } = await watchAnalytics(page);
  const banner = page.getByRole('region', { name: 'Toestemming voor statistieken' });

  await test.step('browse without answering the banner', async () => {
    await page.goto('/course');
    await expect(banner).toContainText('30 dagen');
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Over ons' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Over ons' })).toBeVisible();
    expect(requests).toEqual([]);
  });

  await test.step('accept: the script loads and the page is counted once', async () => {
    await banner.getByRole('button', { name: 'Aanvaarden' }).click();
    await expect(banner).toHaveCount(0);
    await expect.poll(() => hits.length).toBe(1);
    expect(requests[0]).toBe(`${analyticsHost}/matomo.js`);
    expect(hits[0]?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/over-ons$/);
  });

  await test.step('route changes are counted, without anything personal', async () => {
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await expect.poll(() => hits.length).toBe(2);
    await page.goto('/login?next=%2Fuser&email=eddie%40example.org');
    await expect.poll(() => hits.length).toBe(3);
    await page.goto('/certificate/CODE-OF-SOMEONE');
    await expect.poll(() => hits.length).toBe(4);
    expect(hits.map((hit) => new URL(hit.url).pathname)).toEqual([
      '/over-ons',
      '/contact',
      '/login',
      '/certificate/:code',
    ]);
    expect(hits[1]?.referrer).toBe(hits[0]?.url);
    expect(hits[3]?.action).toBe('/certificate/:code');
    const sent = JSON.stringify(hits);
    expect(sent).not.toContain('eddie');
    expect(sent).not.toContain('CODE-OF-SOMEONE');
  });

  await test.step("refuse from the footer's cookie settings: nothing more is sent, without a reload", async () => {
    // With the keyboard alone: the settings open on the choice, Tab moves to 'Weigeren'.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-instellingen' }).focus();
    await page.keyboard.press('Enter');
    await expect(banner).toContainText('Je hebt het meten aanvaard.');
    await expect(banner.getByRole('button', { name: 'Aanvaarden' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('button', { name: 'Weigeren' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner).toHaveCount(0);
    const before = requests.length;
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Welkom' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welkom' })).toBeVisible();
    await page.goto('/course');
    await expect(page.getByRole('heading', { level: 1, name: 'Cursussen' })).toBeVisible();
    expect(requests.length).toBe(before);
    expect(hits.length).toBe(4);
  });
});

test('refusing at once: nothing is ever loaded or sent, also after a reload', async ({ page, context }) => {
  const { requests } = await watchAnalytics(page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Toestemming voor statistieken' });
  await banner.getByRole('button', { name: 'Weigeren' }).click();
  await expect(banner).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByText('Bezoeken worden alleen gemeten als je dat toestaat')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(requests).toEqual([]);
  expect((await context.cookies()).find((cookie) => cookie.name === 'analytics_consent')?.value).toBe(
    'declined',
  );
});

test('the page allows the configured host only', async ({ page }) => {
  const response = await page.goto('/course');
  const policy = (await response?.headerValue('content-security-policy')) ?? '';
  expect(policy).toMatch(/script-src [^;]*https:\/\/stats\.example\.org/);
  expect(policy).toMatch(/connect-src 'self' https:\/\/stats\.example\.org(;|$)/);
  expect(policy).not.toContain('googletagmanager');
});

test('on a 360px phone the banner and the footer fit without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/course');
  const banner = page.getByRole('region', { name: 'Toestemming voor statistieken' });
  await expect(banner.getByRole('button', { name: 'Aanvaarden' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('analytics-banner-360.png') });
  await banner.getByRole('button', { name: 'Weigeren' }).click();
  await page
    .getByRole('contentinfo')
    .getByRole('button', { name: 'Cookie-instellingen' })
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('analytics-footer-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-instellingen' }).click();
  await expect(banner).toContainText('Je hebt het meten geweigerd.');
  await page.screenshot({ path: test.info().outputPath('analytics-banner-reopened-1280.png') });
});
