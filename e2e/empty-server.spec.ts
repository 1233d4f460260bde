import { expect, test } from '@playwright/test';

// Runs against the server started without demo content (project "empty").

test('without courses the list says so', async ({ page }) => {
  await page.goto('/course');
  await expect(page.getByRole('heading', { level: 1, name: 'Cursussen' })).toBeVisible();
  await expect(page.getByText('Geen cursussen gevonden.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});

test('the home page has no featured courses either', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Uitgelichte cursussen' })).toContainText(
    'Geen cursussen gevonden.',
  );
});
