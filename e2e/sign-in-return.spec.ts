import { type APIRequestContext, expect, test } from '@playwright/test';
import { newAccount } from './api';

/**
 * 'Sign in to save your answers' leads to the login page and, after signing in, back
 * to the page the participant was reading; the login page follows only paths on this site.
 */

const modulePath = 'srgr-begrippen';

async function newLearner(request: APIRequestContext) {
  const { account, token, name } = await newAccount(request, 'return', 'Rita Return');
  return { ...account, name, token };
}

test("'Sign in to save your answers' returns to the same page after signing in", async ({
  page,
  request,
}) => {
  const { learner, pageAddress } =
    await test.step('sign up a learner and find the question page', async () => {
      const learner = await newLearner(request);
      const response = await request.get(
        `/trpc/module.byPath?input=${encodeURIComponent(JSON.stringify({ path: modulePath }))}`,
        { headers: { authorization: `Bearer ${learner.token}` } },
      );
      expect(response.ok()).toBe(true);
      const module = (
        (await response.json()) as { result: { data: { pages: { path: string; name: string }[] } } }
      ).result.data;
      const questions = module.pages.find((entry) => entry.name === 'Test je kennis');
      expect(questions).toBeDefined();
      const pageAddress = `/course/srgr-basis/module/${modulePath}/page/${questions!.path}`;
      return { learner, pageAddress };
    });

  const note = await test.step('open the page while signed out: a note asks to sign in', async () => {
    // The server serves module and page content to registered users only (a signed-out visitor is
    // sent to sign in first). The note is for a browser whose session is gone while the page is
    // open: every call borrows the learner's token while the browser itself stays signed out.
    await page.route('**/trpc/**', async (route) => {
      const headers = route.request().headers();
      if (headers.authorization) return route.continue();
      await route.continue({ headers: { ...headers, authorization: `Bearer ${learner.token}` } });
    });
    await page.goto(pageAddress);
    await expect(page.getByRole('heading', { level: 1, name: 'Test je kennis' })).toBeVisible();
    const note = page.getByRole('note').filter({ hasText: 'Meld je aan om je antwoorden te bewaren.' });
    await expect(note).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    return note;
  });

  await test.step('sign in from the note', async () => {
    await note.getByRole('link', { name: 'Aanmelden' }).click();
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(pageAddress)}`);
    await page.getByLabel('E-mailadres').fill(learner.email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
  });

  await test.step('back on the same page, signed in', async () => {
    // Back on the page, now signed in: the note has gone and the questions can be answered.
    await expect(page).toHaveURL(pageAddress);
    await expect(page.getByRole('heading', { level: 1, name: 'Test je kennis' })).toBeVisible();
    await expect(page.getByText('Meld je aan om je antwoorden te bewaren.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Rita Return' })).toBeVisible();
  });
});

test('the login page follows only a path on this site after signing in', async ({ page, request }) => {
  const learner = await newLearner(request);
  await page.goto(`/login?next=${encodeURIComponent('//example.com/phish')}`);
  await page.getByLabel('E-mailadres').fill(learner.email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(learner.password);
  await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
  await expect(page).toHaveURL('/');
  expect(new URL(page.url()).host).not.toBe('example.com');
});
