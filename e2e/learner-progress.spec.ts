import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { rememberLanguage, screenshots, signIn } from './support';

const markdown = (name: string) => ({
  name,
  type: 'markdown',
  content: [{ type: 'markdown', name: 'text', text: `${name}: tekst om te lezen.` }],
});

/**
 * The module overview as a learner meets it: a reading page they opened says it is read, a page
 * behind the gate says in words why it does not open.
 */
test('the module overview marks read pages and says why a page is closed', async ({ page, request }) => {
  const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 5);
  const modulePath = `voortgang-${stamp}`;
  const pages = await test.step('an administrator makes a gated module', async () => {
    const token = await tokenOf(request, admin);
    await trpc(request, token, 'module.create', {
      path: modulePath,
      module: { name: `Voortgang ${stamp}`, language: 'nl', public: true, gateProgress: true },
    });
    const created: string[] = [];
    for (const content of [
      markdown('Inleiding'),
      {
        name: 'Controle',
        type: 'question',
        content: [
          {
            type: 'radio',
            questionType: 'single',
            name: 'sdg',
            label: 'Welk doel gaat over gendergelijkheid?',
            options: [
              { label: 'SDG 5', value: 'o1', score: 1 },
              { label: 'SDG 13', value: 'o2', score: 0 },
            ],
            schema: {},
          },
        ],
      },
      markdown('Afsluiting'),
    ]) {
      const made = await trpc<{ path: string }>(request, token, 'page.create', {
        parentType: 'module',
        parentPath: modulePath,
        page: content,
      });
      created.push(made.path);
    }
    return created;
  });

  const learner = await newAccount(request, 'voortgang', 'Vera Voortgang');
  await rememberLanguage(page, 'nl');
  await signIn(page, learner.account, `/module/${modulePath}`);
  const list = page.getByRole('list').filter({ has: page.getByRole('link', { name: 'Inleiding' }) });
  const items = list.getByRole('listitem');

  await test.step('nothing read yet; the page behind the gate has no link and says why', async () => {
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).not.toContainText('Gelezen');
    await expect(items.nth(2).getByRole('link')).toHaveCount(0);
    await expect(items.nth(2).getByText('Afsluiting')).toHaveAccessibleDescription(
      "Deze pagina is nog niet beschikbaar: beantwoord eerst de vragen van de vorige pagina's.",
    );
    await expect(items.nth(2)).toContainText('beantwoord eerst de vragen');
  });

  await test.step('a reading page opened is read on return', async () => {
    const sighting = page.waitForResponse((response) => response.url().includes('tracking.pageSeen'));
    await page.getByRole('link', { name: 'Inleiding' }).click();
    await expect(page.getByText('Inleiding: tekst om te lezen.')).toBeVisible();
    expect((await sighting).ok()).toBe(true);
    await page.goBack();
    await expect(items.nth(0)).toContainText('✓ Gelezen');
    // Seen, but its questions are not answered: the question page is not done.
    await expect(items.nth(1)).not.toContainText('Voltooid');
    expect(pages).toHaveLength(3);
    await screenshots(page, 'module-overview');
  });
});
