import { expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { codeFor } from './mail/mailbox';
import { newAddress, signIn } from './support';

/**
 * The content-authoring journey end to end: an admin builds a course with sections, a module with
 * a text page and a question page, and a test module; reorders the pages by mouse and by keyboard;
 * translates the course to French and publishes the translation; unpublishes the test module. A participant then sees exactly the
 * published content, in the new order, on the learner side.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const lastSegment = (page: Page) => new URL(page.url()).pathname.split('/').filter(Boolean).at(-1) ?? '';

async function newModule(page: Page, coursePath: string, name: string, test = false) {
  await page.goto(`/admin/modules/new?course=${coursePath}`);
  await page.getByLabel('Naam', { exact: true }).fill(name);
  await page.getByRole('radio', { name: 'Nederlands' }).check();
  if (test) await page.getByRole('radio', { name: 'Test' }).check();
  await page.getByRole('button', { name: 'Module aanmaken' }).click();
  await expect(page.getByText('De module is aangemaakt.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return lastSegment(page);
}

async function newTextPage(page: Page, modulePath: string, name: string, text: string) {
  await test.step(
    `create the text page ${name}`,
    async () => {
      await page.goto(`/admin/modules/${modulePath}/pages`);
      await page.getByRole('link', { name: 'Nieuwe pagina' }).click();
      await page.getByLabel('Naam', { exact: true }).fill(name);
      await page.getByRole('button', { name: '+ Tekst (Markdown)' }).click();
      await page.getByLabel('Tekst', { exact: true }).fill(text);
      await page.getByRole('button', { name: 'Pagina aanmaken' }).click();
      await expect(page.getByText('De pagina is aangemaakt.')).toBeVisible();
    },
    { box: true },
  );
}

const pageOrder = (page: Page) =>
  page
    .getByRole('list', { name: /^Pagina's van/ })
    .locator('.page-row__name')
    .allTextContents();

test('an admin builds a course and a participant sees exactly its published content, in the new order', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const id = unique();
  const course = `Reis ${id}`;

  // A course with two sections.
  const coursePath = await test.step('create a course with two sections', async () => {
    await signIn(page, admin, '/admin/courses/new-course');
    await page.getByLabel('Naam', { exact: true }).fill(course);
    await page.getByRole('radio', { name: 'Nederlands' }).check();
    await page.getByRole('button', { name: 'Cursus aanmaken' }).click();
    await expect(page.getByRole('heading', { level: 1, name: course })).toBeVisible();
    const coursePath = lastSegment(page);
    for (const name of ['Week een', 'Week twee']) {
      await page.goto(`/admin/courses/${coursePath}/sections`);
      await page.getByRole('link', { name: 'Nieuwe sectie' }).click();
      await page.getByLabel('Naam', { exact: true }).fill(name);
      await page.getByRole('radio', { name: 'Nederlands' }).check();
      await page.getByRole('button', { name: 'Sectie aanmaken' }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/courses/${coursePath}/sections$`));
    }
    return coursePath;
  });

  // A normal module with a text page, a question page and a closing page; and a test module.
  const { modulePath, testPath } =
    await test.step('create a module with three pages, and a test module', async () => {
      const modulePath = await newModule(page, coursePath, `Module ${id}`);
      await newTextPage(page, modulePath, 'Inleiding', '# Welkom\n\nWaarom **SRGR** ertoe doet.');
      await page.goto(`/admin/modules/${modulePath}/pages`);
      await page.getByRole('link', { name: 'Nieuwe pagina' }).click();
      await page.getByLabel('Naam', { exact: true }).fill('Vragen');
      await page.getByLabel('Paginatype').selectOption('question');
      await page.getByRole('button', { name: '+ Eén antwoord' }).click();
      await page.getByLabel('Vraag', { exact: true }).fill('Is condoomgebruik een keuze?');
      await page.getByLabel('Optie 1: tekst').fill('Ja');
      await page.getByLabel('Optie 1: score').fill('1');
      await page.getByLabel('Optie 2: tekst').fill('Nee');
      await page.getByLabel('Optie 2: score').fill('0');
      await page.getByRole('button', { name: 'Pagina aanmaken' }).click();
      await expect(page.getByText('De pagina is aangemaakt.')).toBeVisible();
      await newTextPage(page, modulePath, 'Slot', 'Tot de volgende keer.');
      const testPath = await newModule(page, coursePath, `Toets ${id}`, true);
      return { modulePath, testPath };
    });

  // Reorder the pages: by mouse (Slot to the top), then by keyboard (Vragen one up).
  await test.step('reorder the pages by mouse, then by keyboard', async () => {
    await page.goto(`/admin/modules/${modulePath}/pages`);
    await expect.poll(() => pageOrder(page)).toEqual(['Inleiding', 'Vragen', 'Slot']);
    const saved = () =>
      page.waitForResponse((response) => response.url().includes('module.orderPages') && response.ok());
    // Both rows on screen before measuring: a mouse cannot drag what lies below the fold.
    await page.getByRole('button', { name: 'Slot verplaatsen' }).scrollIntoViewIfNeeded();
    const from = await page.getByRole('button', { name: 'Slot verplaatsen' }).boundingBox();
    const to = await page.locator('.sortable__item', { hasText: 'Inleiding' }).boundingBox();
    if (!from || !to) throw new Error('the page rows are not on screen');
    let done = saved();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 15 });
    await page.mouse.up();
    await done;
    await expect.poll(() => pageOrder(page)).toEqual(['Slot', 'Inleiding', 'Vragen']);
    await page.reload();
    await expect.poll(() => pageOrder(page)).toEqual(['Slot', 'Inleiding', 'Vragen']);
    done = saved();
    await page.getByRole('button', { name: 'Vragen verplaatsen' }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(400);
    await page.keyboard.press('Space');
    await done;
    await expect.poll(() => pageOrder(page)).toEqual(['Slot', 'Vragen', 'Inleiding']);
  });

  // Translate the course to French: its sections come along with '(fr)'. The translation starts
  // unpublished, and the admin publishes it once it is ready.
  const frenchPath = await test.step('translate the course to French', async () => {
    await page.goto(`/admin/courses/${coursePath}`);
    await page.getByRole('link', { name: 'Vertalen' }).click();
    await page.getByLabel('Naam', { exact: true }).fill(`Voyage ${id}`);
    await page.getByRole('radio', { name: 'Français' }).check();
    await page.getByRole('button', { name: 'Vertaling aanmaken' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Voyage ${id}` })).toBeVisible();
    await expect(
      page.getByText('Ze is niet gepubliceerd: deelnemers zien ze pas als je ze publiceert.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Publiceren' }).click();
    await expect(page.getByText(`“Voyage ${id}” is gepubliceerd.`)).toBeVisible();
    const frenchPath = lastSegment(page);
    return frenchPath;
  });

  // Unpublish the test module.
  await test.step('unpublish the test module', async () => {
    await page.goto(`/admin/modules/${testPath}`);
    await page.getByRole('button', { name: 'Publicatie intrekken' }).click();
    await expect(page.getByText('De module is niet langer gepubliceerd.')).toBeVisible();
  });

  // A participant: a fresh account without any role, in a browser of its own.
  const { context, learner } = await test.step('a participant signs up and signs in', async () => {
    const person = { email: newAddress('learner'), password: 'learner-password-123' };
    expect((await request.post('/auth/sign-up', { data: { name: 'Lea Learner', ...person } })).ok()).toBe(
      true,
    );
    const verified = await request.post('/auth/verify', {
      data: { email: person.email, code: await codeFor(person.email) },
    });
    expect(verified.ok()).toBe(true);
    const context = await browser.newContext({ locale: 'nl-BE' });
    const learner = await context.newPage();
    await signIn(learner, person, `/course/${coursePath}`);
    return { context, learner };
  });

  const { tabs, modules } =
    await test.step('the participant sees the published modules of the course', async () => {
      await expect(learner.getByRole('heading', { level: 1, name: course })).toBeVisible();
      const tabs = learner.getByRole('navigation', { name: 'Onderdelen van de cursus' });
      await expect(tabs.getByRole('link')).toHaveText(['Info', 'Week een', 'Week twee', 'Team']);
      const modules = learner.locator('.linked-modules');
      await expect(modules.getByRole('link', { name: `Module ${id}` })).toBeVisible();
      await expect(modules.getByRole('link', { name: `Toets ${id}` })).toHaveCount(0);
      return { tabs, modules };
    });

  await test.step('walk through the module in the new order', async () => {
    await modules.getByRole('link', { name: `Module ${id}` }).click();
    await expect(learner).toHaveURL(new RegExp(`/course/${coursePath}/module/${modulePath}$`));
    await expect(learner.locator('.page-list__item a')).toHaveText(['Slot', 'Vragen', 'Inleiding']);
    await learner.getByRole('link', { name: 'Start' }).click();
    await expect(learner.getByRole('heading', { level: 1, name: 'Slot' })).toBeVisible();
    await expect(learner.getByText('Pagina 1 van 3')).toBeVisible();
    await learner.getByRole('link', { name: /Volgende/ }).click();
    await expect(learner.getByRole('heading', { level: 1, name: 'Vragen' })).toBeVisible();
    await expect(learner.getByRole('group', { name: 'Is condoomgebruik een keuze?' })).toBeVisible();
    await learner.getByRole('link', { name: /Volgende/ }).click();
    await expect(learner.getByRole('heading', { level: 1, name: 'Inleiding' })).toBeVisible();
    await expect(learner.locator('.prose strong')).toHaveText('SRGR');
  });

  // The unpublished test module is gone for the participant, even by its address.
  await test.step('the unpublished test module does not exist for the participant', async () => {
    await learner.goto(`/module/${testPath}`);
    await expect(
      learner.getByRole('heading', { level: 1, name: 'Oeps, deze module bestaat niet.' }),
    ).toBeVisible();
  });

  // The course offers its French translation, which has its own sections, named with the language.
  await test.step('open the French translation of the course', async () => {
    await learner.goto(`/course/${coursePath}`);
    await learner
      .getByRole('navigation', { name: 'Vertalingen' })
      .getByRole('link', { name: 'Français' })
      .click();
    await expect(learner).toHaveURL(new RegExp(`/course/${frenchPath}$`));
    await expect(tabs.getByRole('link')).toHaveText(['Info', 'Week een (fr)', 'Week twee (fr)', 'Team']);
  });
  await context.close();
});
