import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { horizontalOverflow, rewriteProcedure } from './support';

test('the language picker switches the interface and is remembered', async ({ page }) => {
  await page.goto('/course');
  await expect(page.getByRole('heading', { level: 1, name: 'Cursussen' })).toBeVisible();

  await page.getByRole('contentinfo').getByLabel('Taal').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await expect(page.getByLabel('Language')).toHaveValue('en');

  await page.getByLabel('Language').selectOption('fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Cours' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'À propos' })).toBeVisible();
});

test('the header links to the static pages and offers sign-in, without an admin link', async ({ page }) => {
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  await menu.getByRole('link', { name: 'Over ons' }).click();
  await expect(page).toHaveURL(/\/over-ons$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Over ons' })).toBeVisible();
  await expect(page.getByText('Dit platform biedt cursussen')).toBeVisible();

  // Nobody is signed in, so nobody holds a role.
  await expect(page.getByRole('link', { name: 'Beheer' })).toHaveCount(0);
  // Signing in comes back to the page it was asked from.
  const signIn = page.getByRole('link', { name: 'Aanmelden' });
  await expect(signIn).toHaveAttribute('href', '/login?next=%2Fover-ons');
  await signIn.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aanmelden' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'verifieer account met mijn code' })).toBeVisible();
});

test('a static page has an address per language, and the language switch moves between them', async ({
  page,
}) => {
  // A link in English opens the page at the reader's (Dutch) address, in Dutch.
  await page.goto('/about');
  await expect(page).toHaveURL(/\/over-ons$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Over ons' })).toBeVisible();

  await page.getByLabel('Taal').selectOption('en');
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link')).toHaveText(['Courses', 'Welcome', 'About', 'Contact', 'Privacy']);
  await expect(menu.getByRole('link', { name: 'Welcome' })).toHaveAttribute('href', '/welcome');

  await page.getByLabel('Language').selectOption('fr');
  await expect(page).toHaveURL(/\/a-propos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'À propos' })).toBeVisible();
  await expect(page.getByText('Cette plateforme propose des cours')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link')).toHaveText([
    'Cours',
    'Bienvenue',
    'À propos',
    'Contact',
    'Confidentialité',
  ]);
});

test('switching language on a static page replaces its address: back returns to the page before', async ({
  page,
}) => {
  await page.goto('/course');
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
  await page.getByLabel('Taal').selectOption('fr');
  await expect(page.getByText('Des questions ?')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/course$/);
});

test('the shipped welcome page answers at its address in each language', async ({ page }) => {
  for (const path of ['/welcome', '/welkom', '/bienvenue']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/welkom$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welkom' })).toBeVisible();
  }
});

test('/gdpr and /privacy show the privacy text', async ({ page }) => {
  for (const path of ['/privacy', '/gdpr']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
    await expect(page.getByText('We bewaren alleen wat nodig is')).toBeVisible();
  }
});

test('unknown addresses show a translated not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeVisible();
  await page.goto('/course/x/y/z');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeVisible();
});

test('the skip link is the first tab stop and moves focus to the content', async ({ page }) => {
  await page.goto('/course');
  await expect(page.getByRole('heading', { level: 1, name: 'Cursussen' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Naar de inhoud' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await page.keyboard.press('Tab');
  // The first course of the list (other journeys may have added courses before the demo ones).
  await expect(page.locator('main .card__link').first()).toBeFocused();
});

test.describe('on a 375px phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('no page scrolls sideways', async ({ page }) => {
    for (const path of [
      '/',
      '/course',
      '/course/srgr-basis',
      '/about',
      '/admin',
      '/nowhere',
      '/login?view=sign-up',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await horizontalOverflow(page), path).toBe(0);
    }
  });

  test('the menu folds behind a button that opens it', async ({ page }) => {
    await page.goto('/course');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const about = page.getByRole('link', { name: 'Over ons' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(about).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await horizontalOverflow(page)).toBe(0);
    await about.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Over ons' })).toBeVisible();
    await expect(about).toBeHidden();
  });
});

test.describe('analytics opt-in', () => {
  test('is not shown when the tenant has no analytics container', async ({ page }) => {
    await page.goto('/course');
    await expect(page.getByRole('heading', { level: 1, name: 'Cursussen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aanvaarden' })).toHaveCount(0);
  });

  test('asks once when the tenant measures, and keeps the answer 30 days', async ({ page, context }) => {
    await rewriteProcedure(page, 'tenant.get', (tenant) => ({
      ...tenant,
      analytics: { provider: 'gtm', containerId: 'GTM-TEST' },
    }));
    await page.goto('/course');
    const banner = page.getByRole('region', { name: 'Toestemming voor statistieken' });
    await expect(banner).toContainText('30 dagen');
    await banner.getByRole('button', { name: 'Weigeren' }).click();
    await expect(banner).toHaveCount(0);

    const cookie = (await context.cookies()).find((c) => c.name === 'analytics_consent');
    expect(cookie?.value).toBe('declined');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Cursussen' })).toBeVisible();
    await expect(banner).toHaveCount(0);
    // Calls still in flight when the test ends are not rewritten any more.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});

test.describe('accessibility', () => {
  for (const path of [
    '/',
    '/course',
    '/course/srgr-basis',
    '/course/does-not-exist',
    '/about',
    '/login',
    '/login?view=sign-up',
  ]) {
    test(`${path} has no serious axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
