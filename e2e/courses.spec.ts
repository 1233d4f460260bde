import { expect, test } from '@playwright/test';
import { type Language, procedures, rememberLanguage } from './support';

const demoCourse = 'SRHR in humanitarian settings';

const headings: Record<Language, string> = { nl: 'Cursussen', en: 'Courses', fr: 'Cours' };

for (const language of ['nl', 'en', 'fr'] as const) {
  test(`the course list in ${language}`, async ({ page }) => {
    await rememberLanguage(page, language);
    await page.goto('/course');
    await expect(page.getByRole('heading', { level: 1, name: headings[language] })).toBeVisible();
    await expect(page.getByRole('link', { name: demoCourse })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
  });
}

test('the browser language decides when nothing was picked', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  const apiCall = page.waitForRequest((request) => request.url().includes('/trpc/'));
  await page.goto('/course');
  await expect(page.getByRole('heading', { level: 1, name: 'Cours' })).toBeVisible();
  // Server messages come back in the interface language.
  expect((await apiCall).headers()['x-language']).toBe('fr');
  await expect(page.getByLabel('Langue')).toHaveValue('fr');
  await context.close();
});

test('a language the platform does not speak falls back to Dutch', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/course');
  await expect(page.getByRole('heading', { level: 1, name: 'Cursussen' })).toBeVisible();
  await context.close();
});

test('a course card shows its facts with dates as DD/MM/YYYY and leads to the course', async ({ page }) => {
  await page.goto('/course');
  const card = page.getByRole('article').filter({ hasText: demoCourse });
  await expect(card).toContainText('15/03/2027 – 15/05/2027');
  await expect(card).toContainText('English');
  await expect(card).toContainText('Online');
  await expect(card).toContainText('Grace Mensah');

  await card.getByRole('link', { name: demoCourse }).click();
  await expect(page).toHaveURL(/\/course\/srhr-in-humanitarian-settings$/);
  await expect(page.getByRole('heading', { level: 1, name: demoCourse })).toBeVisible();
  await expect(page.getByText('The Minimum Initial Service Package')).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Kruimelpad' });
  await expect(crumbs.getByRole('listitem')).toHaveText(['Home', 'Cursussen', demoCourse]);
});

test('a failing course list says so and can be retried', async ({ page }) => {
  let failing = true;
  let attempts = 0;
  await page.route('**/trpc/**', async (route) => {
    if (!failing || !procedures(route.request().url()).includes('course.list')) return route.continue();
    attempts += 1;
    return route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' });
  });
  await page.goto('/course');
  await expect(page.getByText('Er ging iets mis bij het laden van cursussen.')).toBeVisible();
  const retry = page.getByRole('button', { name: 'Opnieuw proberen' });
  await expect(retry).toBeVisible();
  expect(attempts).toBe(2); // the first try and one automatic retry

  failing = false;
  await retry.click();
  await expect(page.getByRole('link', { name: demoCourse })).toBeVisible();
  await expect(page.getByText('Er ging iets mis bij het laden van cursussen.')).toHaveCount(0);
});

test('an unknown course is not found, and is asked for only once', async ({ page }) => {
  let asked = 0;
  page.on('request', (request) => {
    if (request.url().includes('/trpc/') && procedures(request.url()).includes('course.byPath')) asked += 1;
  });
  await page.goto('/course/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Oeps, deze cursus bestaat niet.' })).toBeVisible();
  expect(asked).toBe(1); // NOT_FOUND is never retried
});

test('the home page shows the tenant introduction and the featured courses', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'SRHR Academy' })).toBeVisible();
  await expect(page.getByText('Voor iedereen die actief is in de internationale samenwerking')).toBeVisible();
  const featured = page.getByRole('region', { name: 'Uitgelichte cursussen' });
  await expect(featured.getByRole('link', { name: demoCourse })).toBeVisible();
  // Flagged for the home page: the two demo courses with onHome; the French one is not.
  await expect(featured.getByRole('article')).toHaveCount(2);
});
