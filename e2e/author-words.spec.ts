import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * Author words, not data words: an author builds a question page without meeting 'Key' or
 * 'value' until opening 'Advanced', where the keys have filled themselves from the words; the
 * estimated time is typed in minutes; a course date is typed as DD/MM/YYYY in English.
 */
test('an author writes a question page and a course date in their own words (en)', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const { module, course } = await test.step('make a module and a course', async () => {
    const token = await tokenOf(request, admin);
    const module = await trpc<{ path: string }>(request, token, 'module.create', {
      module: { name: `Words ${stamp}`, language: 'en' },
    });
    // Unpublished: its form saves at once (a published course's form keeps a draft).
    const course = await trpc<{ path: string }>(request, token, 'course.create', {
      published: false,
      course: { name: `Dated ${stamp}`, language: 'en' },
    });
    return { module, course };
  });

  await test.step('write a question page in the page form', async () => {
    await signIn(page, admin);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto(`/admin/pages/new?module=${module.path}`);
    await expect(page.getByRole('heading', { level: 1, name: 'New page' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Choices');
    await page.getByLabel('Page type').selectOption('question');
    await page.getByLabel('Estimated time in minutes').fill('5');
    await page.getByRole('button', { name: '+ Single choice' }).click();
    await page.getByLabel('Question', { exact: true }).fill('Is condom use a choice?');
    await page.getByLabel('Option 1: text').fill('Yes, always');
    await page.getByLabel('Option 2: text').fill('No');
  });

  const main = await test.step("nothing speaks of keys or values until 'Advanced' is opened", async () => {
    // Nothing on the screen speaks of keys or values until 'Advanced' is opened.
    const main = page.getByRole('main');
    await expect(main.getByText(/\bkey\b|\bvalue\b/i).filter({ visible: true })).toHaveCount(0);
    await main.getByText('Advanced', { exact: true }).click();
    await expect(page.getByLabel('Key', { exact: true })).toHaveValue('is-condom-use-a-choice');
    await expect(page.getByLabel('Option 1 (Yes, always): value')).toHaveValue('yes-always');
    await expect(page.getByLabel('Option 2 (No): value')).toHaveValue('no');
    await screenshots(page, 'author-words-page');
    return main;
  });

  await test.step('create the page: its saved key stays', async () => {
    await page.getByRole('button', { name: 'Create page' }).click();
    await expect(page.getByText('The page has been created.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Estimated time in minutes')).toHaveValue('5');
    // Saved keys stay: answers are stored under them.
    await page.getByLabel('Question', { exact: true }).fill('Is using a condom a choice?');
    await main.getByText('Advanced', { exact: true }).click();
    await expect(page.getByLabel('Key', { exact: true })).toHaveValue('is-condom-use-a-choice');
  });

  await test.step('view the page as a participant', async () => {
    // The author checks the saved page as a participant meets it.
    await page.reload();
    await page.getByRole('link', { name: 'View as participant' }).click();
    await expect(page).toHaveURL(new RegExp(`^[^?]*/module/${module.path}/page/[a-z0-9-]+$`));
    await expect(page.getByText('Is condom use a choice?')).toBeVisible();
  });

  await test.step('type the course dates as DD/MM/YYYY', async () => {
    await page.goto(`/admin/courses/${course.path}`);
    await page.getByLabel('Start date').fill('24/11/2027');
    await page.getByLabel('End date').fill('30/11/2027');
    await page.getByRole('button', { name: 'Save course' }).click();
    await expect(page.getByText('The course is saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Start date')).toHaveValue('24/11/2027');
    await expect(page.getByLabel('End date')).toHaveValue('30/11/2027');
  });
  await test.step('type the history moment the same way', async () => {
    // The history's as-of moment is typed the same way.
    const moment = page.getByLabel('Show as it was at');
    await moment.fill('next week');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(moment).toHaveAccessibleDescription(/Enter a valid date\./);
    await moment.fill('31/12/2099 23:59');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(moment).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('region', { name: /31\/12\/2099|2099/ })).toBeVisible();
  });

  await test.step('an impossible date is refused', async () => {
    await page.getByLabel('End date').fill('11/31/2027');
    await page.getByRole('button', { name: 'Save course' }).click();
    await expect(page.getByLabel('End date')).toHaveAttribute('aria-invalid', 'true');
  });
});
