import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { signIn } from './support';

const labels = { nl: 'Beheer', en: 'Administration', fr: 'Administration' } as const;

/**
 * The admin navigation fits or scrolls visibly: on a wide screen every screen's link shows
 * in every language; on a phone the row scrolls, and the screen one is on is scrolled into sight.
 */
for (const language of ['nl', 'en', 'fr'] as const) {
  test(`the admin navigation fits at 1280 px and scrolls to the current screen at 360 px (${language})`, async ({
    page,
  }) => {
    await signIn(page, admin);
    await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/roles');
    const nav = page.getByRole('navigation', { name: labels[language], exact: true });
    const links = nav.getByRole('link');
    await expect(links.first()).toBeVisible();
    const count = await links.count();
    expect(count).toBeGreaterThan(8);
    for (let index = 0; index < count; index++) {
      const box = (await links.nth(index).boundingBox())!;
      expect(box.x, await links.nth(index).innerText()).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, await links.nth(index).innerText()).toBeLessThanOrEqual(1280);
    }
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath(`admin-nav-${language}-1280.png`) });

    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    const row = nav.getByRole('list');
    expect(await row.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
    // Roles, at the end of the row, is the current one: scrolled into sight.
    const current = nav.locator('[aria-current="page"]');
    await expect(current).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: test.info().outputPath(`admin-nav-${language}-360.png`) });
  });
}
