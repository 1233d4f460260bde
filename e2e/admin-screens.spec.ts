import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { horizontalOverflow, signIn } from './support';

const screens = [
  '/admin',
  '/admin/users',
  '/admin/users/new',
  '/admin/users/link-existing',
  '/admin/users/import',
  '/admin/roles',
  '/admin/roles/new-role',
  '/admin/roles/teacher',
  '/user',
  '/user/certificates',
];

/** Opens each screen as a fresh page load: the session is checked again every time. */
async function visitAll(page: Page, paths: string[], check: (path: string) => Promise<void>) {
  for (const path of paths) {
    await test.step(`check ${path}`, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await check(path);
    });
  }
}

test('signed-in screens have no serious axe violations', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, admin, '/admin');
  await visitAll(
    page,
    ['/admin/users', '/admin/users/new', '/admin/users/import', '/admin/roles/teacher', '/user'],
    async (path) => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    },
  );
});

test.describe('on a 375px phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('no signed-in screen scrolls sideways, and the user menu opens in the folded header', async ({
    page,
  }) => {
    await signIn(page, admin, '/admin/users');
    await visitAll(page, screens, async (path) => {
      expect(await horizontalOverflow(page), path).toBe(0);
    });

    await test.step('open the user menu in the folded header', async () => {
      const header = page.getByRole('banner');
      await header.getByRole('button', { name: 'Menu' }).click();
      await header.getByRole('button', { name: new RegExp(admin.name) }).click();
      await expect(header.getByRole('link', { name: 'Mijn profiel' })).toBeVisible();
      expect(await horizontalOverflow(page)).toBe(0);
      await page.keyboard.press('Escape');
      await expect(header.getByRole('link', { name: 'Mijn profiel' })).toBeHidden();
      await expect(header.getByRole('button', { name: new RegExp(admin.name) })).toBeFocused();
    });
  });
});
