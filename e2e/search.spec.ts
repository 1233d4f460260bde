import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { horizontalOverflow, rememberLanguage, signIn } from './support';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`search-${name}.png`), fullPage: true });

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * A learner searches by keyboard at 1280 and 360 px: '/' opens the header's field, Enter shows the
 * results page, a Dutch plural finds a demo page by a word in its text and the result opens it; a
 * page of an unpublished module holding the same word never appears.
 */
test('a learner searches by keyboard, opens a result and never meets what they may not open', async ({
  page,
  request,
}) => {
  // Two sign-ins' worth of setup and four searches on a shared, busy machine.
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 5);
  const word = `zoekwoord${stamp}`;
  await test.step('an administrator writes the word in a published and an unpublished module', async () => {
    const token = await tokenOf(request, admin);
    for (const [path, published] of [
      [`zichtbaar-${stamp}`, true],
      [`verborgen-${stamp}`, false],
    ] as const) {
      await trpc(request, token, 'module.create', {
        path,
        published,
        module: { name: published ? `Zichtbaar ${stamp}` : `Verborgen ${stamp}`, language: 'nl' },
      });
      await trpc(request, token, 'page.create', {
        parentType: 'module',
        parentPath: path,
        page: {
          name: published ? 'Open pagina' : 'Geheime pagina',
          type: 'markdown',
          content: [{ type: 'markdown', name: 'text', text: `Hier staat het ${word} in de tekst.` }],
        },
      });
    }
  });

  const learner = await newAccount(request, 'zoeker', 'Zoë Zoeker');
  await rememberLanguage(page, 'nl');
  await signIn(page, learner.account, '/');

  await test.step('"/" opens the field; a plural finds the demo page by a word in its text', async () => {
    await expect(page.getByRole('button', { name: 'Zoeken' })).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('/');
    const field = page.getByRole('searchbox', { name: 'Zoek in cursussen, modules en pagina’s' });
    await expect(field).toBeFocused();
    await page.keyboard.type('bevallingen');
    await shot(page, 'header-1280');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=bevallingen$/);
    await expect(page.getByRole('heading', { name: 'Zoeken', level: 1 })).toBeVisible();
    const result = page.getByRole('link', { name: 'Wat is SRGR?' });
    await expect(result).toBeVisible();
    const item = page.getByRole('listitem').filter({ has: result });
    await expect(item).toContainText('Pagina · in Begrippen van SRGR');
    await expect(item.locator('mark').first()).toHaveText(/bevalling/i);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await axeClean(page);
    await shot(page, 'results-1280');
  });

  await test.step('the result opens by keyboard', async () => {
    await page.getByRole('link', { name: 'Wat is SRGR?' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/module\/srgr-begrippen\/page\//);
    await expect(page.getByRole('heading', { name: 'Wat is SRGR?' })).toBeVisible();
    await expect(page.getByText('Veilige zwangerschap en bevalling')).toBeVisible();
  });

  await test.step('at 360 px: the same word finds the open page, never the unpublished one', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.keyboard.press('/');
    await expect(
      page.getByRole('searchbox', { name: 'Zoek in cursussen, modules en pagina’s' }),
    ).toBeFocused();
    await page.keyboard.type(word);
    await shot(page, 'header-360');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Open pagina' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Geheime pagina' })).toHaveCount(0);
    await expect(page.getByText(`Verborgen ${stamp}`)).toHaveCount(0);
    await expect(page.getByRole('status')).toContainText('Gevonden voor');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await axeClean(page);
    await shot(page, 'results-360');
  });

  await test.step('the page field searches again; no result says so', async () => {
    const field = page.getByRole('searchbox', { name: 'Zoek in cursussen, modules en pagina’s' }).last();
    await field.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('qqxxnietsqq');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Niets gevonden voor ‘qqxxnietsqq’. Probeer een ander woord.')).toBeVisible();
    await axeClean(page);
    await shot(page, 'none-360');
  });
});
