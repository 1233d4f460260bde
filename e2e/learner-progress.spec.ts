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
 * behind the gate says in words why it does not open; the course page counts the pages done per
 * module and of all of them, for a signed-in learner only.
 */
test('the module overview marks read pages and says why a page is closed; the course counts pages done', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 5);
  const modulePath = `voortgang-${stamp}`;
  let coursePath = '';
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
    // A course with this module and a one-page module next to it.
    await trpc(request, token, 'module.create', {
      path: `${modulePath}-extra`,
      module: { name: `Extra ${stamp}`, language: 'nl', public: true },
    });
    await trpc(request, token, 'page.create', {
      parentType: 'module',
      parentPath: `${modulePath}-extra`,
      page: markdown('Bijlage'),
    });
    const course = await trpc<{ path: string }>(request, token, 'course.create', {
      course: { name: `Cursus ${stamp}`, language: 'nl' },
    });
    for (const itemPath of [modulePath, `${modulePath}-extra`])
      await trpc(request, token, 'link.addItemToParent', {
        parentType: 'course',
        parentPath: course.path,
        itemType: 'module',
        itemPath,
      });
    coursePath = course.path;
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

  await test.step('the course shows the pages done per module and of all its modules', async () => {
    await page.goto(`/course/${coursePath}`);
    const mine = page.getByRole('progressbar', { name: `Voortgang in Voortgang ${stamp}` });
    await expect(mine).toHaveAttribute('value', '1');
    await expect(mine).toHaveAttribute('max', '3');
    await expect(page.getByText("1 van 3 pagina's klaar")).toBeVisible();
    await expect(page.getByRole('progressbar', { name: `Voortgang in Extra ${stamp}` })).toHaveAttribute(
      'value',
      '0',
    );
    const overall = page.getByRole('progressbar', { name: 'Je voortgang' });
    await expect(overall).toHaveAttribute('max', '4');
    await expect(page.getByText("1 van 4 pagina's klaar")).toBeVisible();
    await screenshots(page, 'course-progress');
  });

  await test.step('a visitor sees no progress', async () => {
    const visitor = await page.context().browser()!.newContext();
    const anonymous = await visitor.newPage();
    await anonymous.goto(`/course/${coursePath}`);
    await expect(anonymous.getByRole('heading', { name: `Cursus ${stamp}`, level: 1 })).toBeVisible();
    await expect(anonymous.getByRole('progressbar')).toHaveCount(0);
    await visitor.close();
  });
});
