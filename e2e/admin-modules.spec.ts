import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { horizontalOverflow, signIn } from './support';

/** A name no other run or test uses. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Creates a normal Dutch module through the form and answers its admin path. */
async function createModule(page: Page, name: string): Promise<string> {
  return await test.step(
    `create the module ${name}`,
    async () => {
      await page.goto('/admin/modules/new');
      await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe module' })).toBeVisible();
      await page.getByLabel('Naam', { exact: true }).fill(name);
      await page.getByRole('radio', { name: 'Nederlands' }).check();
      await page.getByRole('button', { name: 'Module aanmaken' }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText('De module is aangemaakt.')).toBeVisible();
      return new URL(page.url()).pathname;
    },
    { box: true },
  );
}

/** Adds a page with only a name (a text page without content) to the module at `modulePath`. */
async function addPage(page: Page, modulePath: string, name: string) {
  await test.step(
    `add the page ${name}`,
    async () => {
      await page.goto(`${modulePath}/pages`);
      await page.getByRole('link', { name: 'Nieuwe pagina' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe pagina' })).toBeVisible();
      await page.getByLabel('Naam', { exact: true }).fill(name);
      await page.getByRole('button', { name: 'Pagina aanmaken' }).click();
      await expect(page.getByText('De pagina is aangemaakt.')).toBeVisible();
    },
    { box: true },
  );
}

/** The page names of the module's pages list, in their order. */
async function pageOrder(page: Page) {
  const list = page.getByRole('list', { name: /^Pagina's van/ });
  await expect(list).toBeVisible();
  return list.locator('.page-row__name').allTextContents();
}

test('a module with a markdown page and a question page, and a test module that cannot block progress', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = unique();
  const name = `Module ${id}`;
  const modulePath = await test.step('create a module and open its empty pages list', async () => {
    await signIn(page, admin, '/admin/modules');
    await expect(page.getByRole('heading', { level: 1, name: 'Modules' })).toBeVisible();
    const modulePath = await createModule(page, name);

    await page.getByRole('link', { name: "Pagina's", exact: true }).click();
    await expect(page.getByText("Geen pagina's")).toBeVisible();
    return modulePath;
  });

  await test.step('add a Markdown text page: the preview renders no raw HTML', async () => {
    // A text page: the preview renders Markdown but never raw HTML.
    await page.getByRole('link', { name: 'Nieuwe pagina' }).click();
    await page.getByLabel('Naam', { exact: true }).fill('Inleiding');
    await page.getByLabel('Geschatte tijd in minuten').fill('2,5');
    await expect(page.getByText('Deelnemers zien: 3 minuten.')).toBeVisible();
    await page.getByRole('button', { name: '+ Tekst (Markdown)' }).click();
    await page
      .getByLabel('Tekst', { exact: true })
      .fill('# Welkom\n\nDit is **belangrijk**.\n\n<img src=x onerror="window.__hacked=1">');
    const preview = page.locator('.markdown-editor__preview');
    await expect(preview.getByRole('heading', { name: 'Welkom' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('belangrijk');
    await expect(preview.locator('img')).toHaveCount(0);
    await page.getByRole('button', { name: 'Pagina aanmaken' }).click();
    await expect(page.getByText('De pagina is aangemaakt.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Inleiding' })).toBeVisible();
    expect(await page.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();
  });

  await test.step('add a question page with two scored options', async () => {
    // A question page: one single choice question with two scored options.
    await page.goto(`${modulePath}/pages`);
    await page.getByRole('link', { name: 'Nieuwe pagina' }).click();
    await page.getByLabel('Naam', { exact: true }).fill('Vragen');
    await page.getByLabel('Paginatype').selectOption('question');
    await page.getByRole('button', { name: '+ Eén antwoord' }).click();
    await page.getByLabel('Vraag', { exact: true }).fill('Is condoomgebruik een keuze?');
    // Empty option texts are refused next to the field.
    await page.getByRole('button', { name: 'Pagina aanmaken' }).click();
    await expect(page.getByLabel('Optie 1: tekst')).toHaveAccessibleDescription(/Dit veld is verplicht\./);
    await page.getByLabel('Optie 1: tekst').fill('Ja');
    await page.getByLabel('Optie 1: score').fill('2');
    await page.getByLabel('Optie 2: tekst').fill('Nee');
    await page.getByLabel('Optie 2: score').fill('-1');
    await page.getByRole('button', { name: 'Pagina aanmaken' }).click();
    await expect(page.getByText('De pagina is aangemaakt.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Optie 1: tekst')).toHaveValue('Ja');
    await expect(page.getByLabel('Optie 1: score')).toHaveValue('2');
    await expect(page.getByLabel('Optie 2: score')).toHaveValue('-1');

    await page.goto(`${modulePath}/pages`);
    expect(await pageOrder(page)).toEqual(['Inleiding', 'Vragen']);
  });

  await test.step('create a test module: progress blocking is cleared and disabled', async () => {
    // A test module: shuffling appears, blocking progress is cleared and disabled, and explained.
    await page.goto('/admin/modules/new');
    await page.getByLabel('Naam', { exact: true }).fill(`Test ${id}`);
    await page.getByRole('radio', { name: 'Nederlands' }).check();
    const gate = page.getByRole('checkbox', { name: 'Voortgang blokkeren' });
    await gate.check();
    await expect(page.getByRole('checkbox', { name: 'Alles juist' })).toBeVisible();
    await page.getByRole('radio', { name: 'Test' }).check();
    await expect(gate).not.toBeChecked();
    await expect(gate).toBeDisabled();
    await expect(gate).toHaveAccessibleDescription('Voortgang blokkeren kan niet samen met een test.');
    await page.getByRole('checkbox', { name: 'Vragen door elkaar' }).check();
    // Back to normal clears the test options; they stay cleared when choosing test again.
    await page.getByRole('radio', { name: 'Normaal' }).check();
    await expect(page.getByRole('checkbox', { name: 'Vragen door elkaar' })).toBeHidden();
    await expect(gate).toBeEnabled();
    await page.getByRole('radio', { name: 'Test' }).check();
    await expect(page.getByRole('checkbox', { name: 'Vragen door elkaar' })).not.toBeChecked();
    await page.getByRole('checkbox', { name: 'Antwoorden door elkaar' }).check();
    await page.getByRole('checkbox', { name: "Anonieme pagina's" }).check();
    await page.getByRole('button', { name: 'Module aanmaken' }).click();
    await expect(page.getByText('De module is aangemaakt.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Test' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Antwoorden door elkaar' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Vragen door elkaar' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Voortgang blokkeren' })).toBeDisabled();
  });

  await test.step('the module list shows the test module, published', async () => {
    await page.goto('/admin/modules');
    const row = page.getByRole('row', { name: new RegExp(`Test ${id}`) });
    await expect(row).toContainText('Test');
    await expect(row).toContainText('Gepubliceerd');
  });
});

test('timestamp minutes out of range are refused next to the field, in Dutch and in English', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await test.step('create an interactive video page with minutes out of range', async () => {
    await signIn(page, admin, '/admin/modules');
    const modulePath = await createModule(page, `Video ${unique()}`);
    await page.goto(`${modulePath}/pages`);
    await page.getByRole('link', { name: 'Nieuwe pagina' }).click();
    await page.getByLabel('Naam', { exact: true }).fill('Interactieve video');
    await page.getByLabel('Paginatype').selectOption('interactive');
    await page.getByRole('button', { name: '+ Eén antwoord' }).click();
    await page.getByLabel('Vraag', { exact: true }).fill('Wat zag je?');
    await page.getByLabel('Optie 1: tekst').fill('Iets');
    await page.getByLabel('Optie 2: tekst').fill('Niets');
    await page.getByLabel('Adres van de video').last().fill('https://example.org/video.mp4');
    await page.getByRole('button', { name: 'Moment toevoegen' }).click();
    await page.getByLabel('Minuten', { exact: true }).fill('60');
    await page.getByLabel('Seconden', { exact: true }).fill('5');
    await page.getByRole('checkbox', { name: /Wat zag je\?/ }).check();
    await page.getByRole('button', { name: 'Pagina aanmaken' }).click();
    await expect(page.getByLabel('Minuten', { exact: true })).toHaveAccessibleDescription(
      /Minuten liggen tussen 0 en 59\./,
    );
  });

  await test.step('switch to English: the messages follow the language', async () => {
    // The message follows the interface language.
    await page.locator('.language-picker select').selectOption('en');
    await expect(page.getByLabel('Minutes', { exact: true })).toHaveAccessibleDescription(
      /Minutes are between 0 and 59\./,
    );
    await page.getByLabel('Minutes', { exact: true }).fill('-1');
    await page.getByLabel('Hours', { exact: true }).fill('-2');
    await page.getByRole('button', { name: 'Create page' }).click();
    await expect(page.getByLabel('Hours', { exact: true })).toHaveAccessibleDescription(
      /Hours must be at least 0\./,
    );
    await expect(page.getByLabel('Minutes', { exact: true })).toHaveAccessibleDescription(
      /Minutes are between 0 and 59\./,
    );
  });

  await test.step('fix the time and save the page', async () => {
    // Fixed, it saves and keeps the moment and its question.
    await page.getByLabel('Hours', { exact: true }).fill('0');
    await page.getByLabel('Minutes', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Create page' }).click();
    await expect(page.getByText('The page has been created.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Minutes', { exact: true })).toHaveValue('1');
    await expect(page.getByLabel('Seconds', { exact: true })).toHaveValue('5');
    await expect(page.getByRole('checkbox', { name: /Wat zag je\?/ })).toBeChecked();
    await page.locator('.language-picker select').selectOption('nl');
  });
});

test('pages reorder by mouse and by keyboard, and the order stays after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await test.step('create a module with three pages', async () => {
    await signIn(page, admin, '/admin/modules');
    const modulePath = await createModule(page, `Volgorde ${unique()}`);
    for (const name of ['Eerste', 'Tweede', 'Derde']) await addPage(page, modulePath, name);
    await page.goto(`${modulePath}/pages`);
    expect(await pageOrder(page)).toEqual(['Eerste', 'Tweede', 'Derde']);
  });

  // By mouse: drag the first page below the third.
  const saved = () =>
    page.waitForResponse((response) => response.url().includes('module.orderPages') && response.ok());
  let done: ReturnType<typeof saved>;
  await test.step('drag the first page below the third, and reload', async () => {
    await page.locator('.sortable__item', { hasText: 'Derde' }).scrollIntoViewIfNeeded();
    const from = await page.getByRole('button', { name: 'Eerste verplaatsen' }).boundingBox();
    const to = await page.locator('.sortable__item', { hasText: 'Derde' }).boundingBox();
    if (!from || !to) throw new Error('the rows are not on screen');
    done = saved();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + to.height - 4, { steps: 15 });
    await page.mouse.up();
    await done;
    await expect(page.getByText('De nieuwe volgorde is bewaard.')).toBeVisible();
    expect(await pageOrder(page)).toEqual(['Tweede', 'Derde', 'Eerste']);

    await page.reload();
    expect(await pageOrder(page)).toEqual(['Tweede', 'Derde', 'Eerste']);
  });

  await test.step('move the third page up by keyboard', async () => {
    // By keyboard: Space picks Derde up, the up arrow moves it, Space drops it.
    done = saved();
    await page.getByRole('button', { name: 'Derde verplaatsen' }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(400);
    await page.keyboard.press('Space');
    await done;
    await expect(page.getByText('De nieuwe volgorde is bewaard.')).toBeVisible();
    expect(await pageOrder(page)).toEqual(['Derde', 'Tweede', 'Eerste']);
  });

  await test.step('move another page up by keyboard straight after, and reload', async () => {
    // Straight after, without reloading: the handle keeps working by keyboard.
    done = saved();
    await page.getByRole('button', { name: 'Eerste verplaatsen' }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(400);
    await page.keyboard.press('Space');
    await done;
    await expect.poll(() => pageOrder(page)).toEqual(['Derde', 'Eerste', 'Tweede']);

    await page.reload();
    expect(await pageOrder(page)).toEqual(['Derde', 'Eerste', 'Tweede']);
  });
});

test('unpublishing a module', async ({ page }) => {
  const name = await test.step('create a module and unpublish it', async () => {
    await signIn(page, admin, '/admin/modules');
    const name = `Publicatie ${unique()}`;
    await createModule(page, name);
    const badges = page.locator('.page-header .badges');
    await expect(badges).toContainText('Gepubliceerd');
    await page.getByRole('button', { name: 'Publicatie intrekken' }).click();
    await expect(page.getByText('De module is niet langer gepubliceerd.')).toBeVisible();
    await expect(badges).toContainText('Niet gepubliceerd');
    await expect(page.getByRole('button', { name: 'Publiceren' })).toBeVisible();
    await page.goto('/admin/modules');
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Niet gepubliceerd');
    return name;
  });

  await test.step('rename the module: the history and the as-of view', async () => {
    // A rename shows in the history, and the as-of view shows the module as it was before.
    await page.getByRole('link', { name }).click();
    await page.getByLabel('Naam', { exact: true }).fill(`${name} hernoemd`);
    await page.getByRole('button', { name: 'Module bewaren' }).click();
    await expect(page.getByText('De module is bewaard.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `${name} hernoemd` })).toBeVisible();
    const history = page.locator('.history');
    await expect(history.locator('.history__item').first()).toContainText(
      `Module ‘${name} hernoemd’ gewijzigd door`,
    );
    await expect(history.locator('.history__item').first()).toContainText(`Naam: ${name} → ${name} hernoemd`);
    await history
      .locator('.history__item')
      .last()
      .getByRole('button', { name: 'Toon zoals het toen was' })
      .click();
    const then = page.locator('.as-of__result');
    await expect(then.locator('dd').first()).toHaveText(name);
    await expect(then).toContainText('Gepubliceerd');
  });
});

test('the module screens and the page editor have no serious axe violations', async ({ page }) => {
  test.setTimeout(90_000);
  const modulePath = await test.step('create a module and a page with every kind of element', async () => {
    await signIn(page, admin, '/admin/modules');
    const modulePath = await createModule(page, `Toegankelijk ${unique()}`);
    await addPage(page, modulePath, 'Pagina');
    await page.getByLabel('Paginatype').selectOption('interactive');
    await page.getByRole('button', { name: '+ Tekst (Markdown)' }).click();
    await page.getByRole('button', { name: '+ Eén antwoord' }).click();
    await page.getByRole('button', { name: '+ Open vraag' }).click();
    await page.getByRole('button', { name: '+ Video' }).click();
    await page.getByRole('button', { name: 'Moment toevoegen' }).click();
    return modulePath;
  });
  const check = async (where: string) => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  };
  await test.step('check the page editor', async () => {
    await check('page editor');
  });
  for (const path of ['/admin/modules', modulePath, `${modulePath}/pages`, '/admin/modules/new']) {
    await test.step(`check ${path}`, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await check(path);
    });
  }
});

test('translating a module to French recreates its pages with the language in their names', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { id, modulePath } = await test.step('create a module with two pages', async () => {
    await signIn(page, admin, '/admin/modules');
    const id = unique();
    const modulePath = await createModule(page, `Vertaling ${id}`);
    await addPage(page, modulePath, 'Inleiding');
    await addPage(page, modulePath, 'Slot');
    return { id, modulePath };
  });
  await test.step('translate the module to French', async () => {
    await page.goto(modulePath);
    await page.getByRole('link', { name: 'Vertalen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Module vertalen' })).toBeVisible();
    await expect(page.getByLabel('Naam', { exact: true })).toHaveValue(`Vertaling ${id}`);
    await expect(page.getByRole('radio', { name: 'Français' })).toBeChecked();
    await page.getByLabel('Naam', { exact: true }).fill(`Traduction ${id}`);
    await page.getByRole('button', { name: 'Vertaling aanmaken' }).click();
    await expect(
      page.getByText(
        "De vertaling is aangemaakt, met haar pagina's. Ze is niet gepubliceerd: deelnemers zien ze pas als je ze publiceert.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Traduction ${id}` })).toBeVisible();
    await expect(page.locator('.page-header .badges')).toContainText('Français');
    await page.getByRole('link', { name: "Pagina's", exact: true }).click();
    await expect.poll(() => pageOrder(page)).toEqual(['Inleiding (fr)', 'Slot (fr)']);
  });
});

test.describe('on a 375px phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the module screens and the page editor do not scroll sideways', async ({ page }) => {
    test.setTimeout(90_000);
    const modulePath = await test.step('create a module and a page with several elements', async () => {
      await signIn(page, admin, '/admin/modules');
      const modulePath = await createModule(page, `Telefoon ${unique()}`);
      expect(await horizontalOverflow(page), 'module form').toBe(0);
      await addPage(
        page,
        modulePath,
        'Een pagina met een heel lange naam die netjes moet afbreken op een telefoon',
      );
      await page.getByLabel('Paginatype').selectOption('interactive');
      await page.getByRole('button', { name: '+ Meerdere antwoorden' }).click();
      await page.getByRole('button', { name: '+ Tekst (Markdown)' }).click();
      await page.getByRole('button', { name: 'Moment toevoegen' }).click();
      expect(await horizontalOverflow(page), 'page editor').toBe(0);
      return modulePath;
    });
    await test.step('move the text block up by keyboard', async () => {
      // The element tools work by keyboard: the text block moves above the question.
      await page.getByRole('button', { name: 'Element 2 (Tekst (Markdown)) naar boven' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('.element-card__title').first()).toHaveText('1. Tekst (Markdown)');
    });
    for (const path of ['/admin/modules', `${modulePath}/pages`]) {
      await test.step(`check ${path}`, async () => {
        await page.goto(path);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await horizontalOverflow(page), path).toBe(0);
      });
    }
  });
});

test('a new module made from a course lands in it; existing modules are linked to it', async ({ page }) => {
  test.setTimeout(90_000);
  const id = unique();
  const coursePath = await test.step('create a course', async () => {
    await signIn(page, admin, '/admin/courses/new-course');
    await page.getByLabel('Naam', { exact: true }).fill(`Cursus ${id}`);
    await page.getByRole('radio', { name: 'Nederlands' }).check();
    await page.getByRole('button', { name: 'Cursus aanmaken' }).click();
    await expect(page.getByText('De cursus is aangemaakt.')).toBeVisible();
    const coursePath = new URL(page.url()).pathname.split('/').pop() ?? '';
    return coursePath;
  });

  await test.step('create a module from the course', async () => {
    // New, with ?course=: created and linked in one go.
    await page.goto(`/admin/modules/new?course=${coursePath}`);
    await page.getByLabel('Naam', { exact: true }).fill(`In cursus ${id}`);
    await page.getByRole('radio', { name: 'Nederlands' }).check();
    await page.getByRole('button', { name: 'Module aanmaken' }).click();
    await expect(page.getByText('De module is aangemaakt.')).toBeVisible();
  });

  await test.step('link an existing module to the course', async () => {
    // Link existing: pick one from the list.
    await createModule(page, `Bestaand ${id}`);
    await page.goto(`/admin/modules/link-existing?course=${coursePath}`);
    await page.getByRole('checkbox', { name: new RegExp(`Bestaand ${id}`) }).check();
    await page.getByRole('button', { name: 'Modules koppelen' }).click();
    await expect(page.getByText('1 module gekoppeld.')).toBeVisible();
  });

  await test.step('both modules are listed in the course', async () => {
    await page.getByRole('link', { name: 'Terug naar de modules' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/courses/${coursePath}/modules$`));
    await expect(page.getByRole('link', { name: `In cursus ${id}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Bestaand ${id}` })).toBeVisible();
  });
});

test('duplicating and deleting (after confirming) a page and a module', async ({ page }) => {
  test.setTimeout(90_000);
  const { name, modulePath } = await test.step('create a module with a page', async () => {
    await signIn(page, admin, '/admin/modules');
    const name = `Kopie ${unique()}`;
    const modulePath = await createModule(page, name);
    await addPage(page, modulePath, 'Origineel');
    return { name, modulePath };
  });

  await test.step('duplicate the page, then delete the copy', async () => {
    await page.getByRole('button', { name: 'Pagina dupliceren' }).click();
    await expect(page.getByText('Dit is de kopie van de pagina.')).toBeVisible();
    const copyPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Pagina verwijderen' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Ben je zeker dat je deze pagina wenst te verwijderen?');
    await dialog.getByRole('button', { name: 'Pagina verwijderen' }).click();
    await expect(page).toHaveURL(new RegExp(`${modulePath}/pages$`));
    expect(await pageOrder(page)).toHaveLength(1);
    await page.goto(copyPath);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Oeps, deze pagina bestaat niet.' }),
    ).toBeVisible();
  });

  await test.step('duplicate the module', async () => {
    await page.goto(modulePath);
    await page.getByRole('button', { name: 'Dupliceren' }).click();
    await expect(
      page.getByText(
        'Dit is de kopie van de module. Ze is niet gepubliceerd: deelnemers zien ze pas als je ze publiceert.',
      ),
    ).toBeVisible();
    await page.getByRole('link', { name: "Pagina's", exact: true }).click();
    expect(await pageOrder(page)).toEqual(['Origineel']);
  });

  await test.step('delete the module', async () => {
    await page.goto(modulePath);
    await page.getByRole('button', { name: 'Module verwijderen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Module verwijderen' }).click();
    await expect(page).toHaveURL(/\/admin\/modules$/);
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  });
});

test('a teacher linked as owner and a participant linked to a module, then both unlinked', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  const teacher = { name: `Lesgever ${id}`, email: `teacher-${id}@example.org` };
  await test.step('create a teacher account', async () => {
    await signIn(page, admin, '/admin/users/new');
    await page.getByLabel('Naam').fill(teacher.name);
    await page.getByLabel('E-mailadres').fill(teacher.email);
    await page.getByRole('button', { name: 'Gebruiker aanmaken' }).click();
    await expect(page.getByText('Het account is aangemaakt.')).toBeVisible();
    const roles = page.getByRole('region', { name: 'Rollen' });
    await roles.getByLabel('teacher', { exact: true }).check();
    await roles.getByRole('button', { name: 'Rollen bewaren' }).click();
    await expect(roles.getByText('De rollen zijn bewaard.')).toBeVisible();
  });

  const modulePath = await test.step('link the teacher as owner of a module, then unlink', async () => {
    const modulePath = await createModule(page, `Eigenaars ${id}`);
    await page.getByRole('link', { name: 'Lesgevers', exact: true }).click();
    const row = page.locator('.link-list li', { hasText: teacher.email });
    await row.getByRole('button', { name: 'Koppelen' }).click();
    await expect(page.getByText(`${teacher.name} is gekoppeld.`)).toBeVisible();
    await expect(row).toContainText('Eigenaar');
    await page.reload();
    await expect(row).toContainText('Eigenaar');
    await row.getByRole('button', { name: 'Ontkoppelen' }).click();
    await expect(page.getByText(`${teacher.name} is ontkoppeld.`)).toBeVisible();
    await expect(row).not.toContainText('Eigenaar');
    return modulePath;
  });

  await test.step('link the teacher to the module as a user, then unlink', async () => {
    await page.goto(`${modulePath}/users`);
    await expect(page.getByText('Geen gebruikers')).toBeVisible();
    await page.getByLabel('Gebruikers zoeken').fill(teacher.email);
    await page
      .locator('.link-list li', { hasText: teacher.email })
      .getByRole('button', { name: 'Koppelen' })
      .click();
    await expect(page.getByText(`${teacher.name} is gekoppeld aan de module.`)).toBeVisible();
    await page.reload();
    const linked = page.locator('.link-list li', { hasText: teacher.email });
    await linked.getByRole('button', { name: 'Ontkoppelen' }).click();
    await expect(page.getByText(`${teacher.name} is ontkoppeld van de module.`)).toBeVisible();
    await expect(page.getByText('Geen gebruikers')).toBeVisible();
  });
});
