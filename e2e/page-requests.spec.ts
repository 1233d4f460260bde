import { type Browser, expect, test } from '@playwright/test';
import { newAccount } from './api';

/**
 * A cold page view asks the server once for each thing it shows: a signed-in learner
 * opening a module's content page in a fresh browser sends each tRPC query once, not twice.
 */

const course = { path: 'srgr-basis', module: 'srgr-begrippen' };

async function learnerContext(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext({ locale: 'nl-BE' });
  const signedIn = await context.request.post('/auth/sign-in', {
    data: account,
    headers: { 'x-session': 'cookie' },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return context;
}

test('a cold signed-in page view asks for each query once', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { account } = await newAccount(request, 'requests', 'Ria Requests');
  const context = await learnerContext(browser, account);
  const page = await context.newPage();
  await page.goto(`/course/${course.path}/module/${course.module}`);
  const first = page.getByRole('link', { name: 'Wat is SRGR?' }).first();
  await expect(first).toBeVisible();
  const href = (await first.getAttribute('href')) ?? '';
  await context.close();

  const cold = await learnerContext(browser, account);
  const view = await cold.newPage();
  const asked: string[] = [];
  view.on('request', (sent) => {
    const url = new URL(sent.url());
    if (!url.pathname.startsWith('/trpc/')) return;
    // A batch names its procedures joined by commas.
    for (const procedure of decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(','))
      asked.push(`${sent.method()} ${procedure}`);
  });
  await view.goto(href);
  await expect(view.getByRole('heading', { level: 1 })).toBeVisible();
  await view.waitForLoadState('networkidle');
  const twice = asked.filter((procedure, index) => asked.indexOf(procedure) !== index);
  expect(asked.length, asked.join('\n')).toBeGreaterThan(0);
  expect(twice, asked.join('\n')).toEqual([]);
  await cold.close();
});
