import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Route, test } from '@playwright/test';

export type Language = 'nl' | 'en' | 'fr';

/** Starts the visit as someone who picked `language` in the footer earlier. */
export async function rememberLanguage(page: Page, language: Language) {
  await page.addInitScript((chosen) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', chosen);
  }, language);
}

/** The width the page lays out wider than the viewport (0 when nothing scrolls sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Full-page screenshots at 1280 and 360 px, with no sideways scrolling at 360 px. */
export async function screenshots(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    if (width === 360) expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Procedure names of a tRPC request (a batch names several, comma-separated). */
export function procedures(url: string): string[] {
  const match = /\/trpc\/([^?]+)/.exec(new URL(url).pathname + new URL(url).search);
  return match?.[1] ? decodeURIComponent(match[1]).split(',') : [];
}

/**
 * Lets a tRPC call through but rewrites the answer of one procedure, wherever it sits in a batch.
 */
export async function rewriteProcedure(
  page: Page,
  procedure: string,
  rewrite: (data: Record<string, unknown>) => Record<string, unknown>,
) {
  await page.route('**/trpc/**', async (route: Route) => {
    const names = procedures(route.request().url());
    const index = names.indexOf(procedure);
    if (index < 0) return route.continue();
    try {
      const response = await route.fetch();
      const body = (await response.json()) as { result?: { data?: Record<string, unknown> } }[];
      const entry = body[index];
      if (entry?.result?.data) entry.result.data = rewrite(entry.result.data);
      await route.fulfill({ response, json: body });
    } catch (error) {
      // A reload, a navigation or the end of the test cancelling the call leaves nothing to rewrite.
      if (!/disposed|closed|cancel|abort|test ended/i.test(String(error))) throw error;
    }
  });
}

/**
 * Signs in as the login form does (the JSON API, asking for the refresh cookie in the browser's
 * cookie jar), then opens `next` (the home page without one, where the login page leads) and waits
 * until the page has taken the session over (its start-up /auth/refresh answered 200). The form
 * itself, in every language and with `?next=`, is what the identity, sign-in-return, roles and
 * learner-course journeys walk; here it was set-up, at about four seconds a sign-in on a busy
 * machine.
 */
export async function signIn(page: Page, account: { email: string; password: string }, next?: string) {
  // One boxed step: a failure names the sign-in and points at the test's line, not at this helper.
  await test.step(
    `sign in as ${account.email}`,
    async () => {
      const signedIn = await page.request.post('/auth/sign-in', {
        data: { email: account.email, password: account.password },
        headers: { 'x-session': 'cookie' },
      });
      expect(signedIn.ok(), `sign-in of ${account.email}: ${await signedIn.text()}`).toBe(true);
      const refreshed = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/auth/refresh',
      );
      await page.goto(next ?? '/');
      expect((await refreshed).status(), 'the page took the session over').toBe(200);
    },
    { box: true },
  );
}

/** A fresh address for an account made during the run. */
export const newAddress = (who: string) =>
  `${who}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;

/** No serious or critical WCAG 2.1 AA problem that axe finds on the page as it is now. */
export async function noSeriousProblems(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}
