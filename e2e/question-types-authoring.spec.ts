import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * An author writes a matching, an ordering and a fill-in-the-blanks question in the page editor, in
 * Dutch: pairs with an extra match, items put in order with the arrow buttons by keyboard, a text
 * whose blanks are inserted at the cursor by keyboard, one typed and one chosen from a list. A text
 * out of step with its blanks is refused at the text; the page saved comes back as it was written.
 */

const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5);

const texts = {
  page: 'Koppelen, ordenen, invullen',
  matching: 'Koppel elk orgaan aan zijn taak.',
  ordering: 'Zet de stappen van het handen wassen in volgorde.',
  fillBlanks: 'Vul de hoofdsteden in.',
  mismatch: 'Zet elke open plek één keer in de tekst, als [[1]], [[2]]… in volgorde.',
};

/** No serious or critical axe violations on the page as it is now. */
async function noSeriousAxeViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('an author writes a matching, an ordering and a fill-in-the-blanks question, partly by keyboard', async ({
  browser,
  request,
}) => {
  // Four full-page screenshots and an axe scan in one journey: on a busy machine it ran past 150 s.
  test.setTimeout(240_000);
  const id = stamp();
  const modulePath = `koppelen-${id}`;
  await trpc(request, await tokenOf(request, admin), 'module.create', {
    path: modulePath,
    module: { name: `Koppelen ${id}`, language: 'nl', public: true },
  });

  const context = await browser.newContext({ locale: 'nl-BE', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, admin, `/admin/modules/${modulePath}/pages`);
  await page.getByRole('link', { name: 'Nieuwe pagina' }).click();
  await page.getByLabel('Naam', { exact: true }).fill(texts.page);
  await page.getByLabel('Paginatype').selectOption('question');
  await page.getByRole('button', { name: '+ Koppelen' }).click();
  await page.getByRole('button', { name: '+ Volgorde' }).click();
  await page.getByRole('button', { name: '+ Invullen' }).click();
  const card = (title: string) =>
    page.locator('.element-card').filter({ has: page.getByRole('heading', { level: 3, name: title }) });
  const matching = card('1. Koppelen');
  const ordering = card('2. Volgorde');
  const blanks = card('3. Invullen');

  await test.step('matching: two pairs, a third added, and an extra match', async () => {
    await matching.getByLabel('Vraag', { exact: true }).fill(texts.matching);
    await matching.getByLabel('Paar 1: begrip').fill('Hart');
    await matching.getByLabel('Paar 1: juiste koppeling').fill('Pompt bloed rond');
    await matching.getByLabel('Paar 2: begrip').fill('Longen');
    await matching.getByLabel('Paar 2: juiste koppeling').fill('Nemen zuurstof op');
    await matching.getByRole('button', { name: 'Paar toevoegen' }).click();
    await matching.getByLabel('Paar 3: begrip').fill('Nieren');
    await matching.getByLabel('Paar 3: juiste koppeling').fill('Zuiveren het bloed');
    await matching.getByLabel('Feedback bij paar 3').fill('Juist: de nieren filteren.');
    await matching.getByRole('button', { name: 'Extra koppeling toevoegen' }).click();
    await matching.getByLabel('Extra koppeling 1', { exact: true }).fill('Verteert voedsel');
  });

  await test.step('ordering: a third item moved to the top by keyboard, scored per item', async () => {
    await ordering.getByLabel('Vraag', { exact: true }).fill(texts.ordering);
    await ordering.getByLabel('Item 1', { exact: true }).fill('Zeep aanbrengen');
    await ordering.getByLabel('Item 2', { exact: true }).fill('Afdrogen');
    await ordering.getByRole('button', { name: 'Item toevoegen' }).click();
    await ordering.getByLabel('Item 3', { exact: true }).fill('Handen nat maken');
    await ordering.getByRole('button', { name: 'Item 3 omhoog' }).focus();
    await page.keyboard.press('Enter');
    // The focus stays with the moved item, now item 2.
    await expect(ordering.getByRole('button', { name: 'Item 2 omhoog' })).toBeFocused();
    await page.keyboard.press('Enter');
    // At the top its up button is disabled: the focus went to its down button.
    await expect(ordering.getByRole('button', { name: 'Item 1 omlaag' })).toBeFocused();
    await expect(ordering.getByLabel('Item 1', { exact: true })).toHaveValue('Handen nat maken');
    await ordering.getByRole('radio', { name: 'Per item dat op zijn plaats staat' }).check();
    await expect(ordering.getByText('Deze vraag levert ten hoogste 3 op.')).toBeVisible();
  });

  await test.step('fill in the blanks: blanks inserted at the cursor by keyboard, one a list', async () => {
    await blanks.getByLabel('Vraag', { exact: true }).fill(texts.fillBlanks);
    const text = blanks.getByLabel('Tekst met open plekken');
    await expect(text).toHaveValue('[[1]]');
    await text.focus();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('De hoofdstad van België is ');
    await page.keyboard.press('Control+End');
    await page.keyboard.type(', die van Frankrijk');
    // Tab from the text reaches the button; Enter puts the blank at the cursor and goes back.
    await page.keyboard.press('Tab');
    await expect(blanks.getByRole('button', { name: 'Open plek invoegen' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(text).toBeFocused();
    await page.keyboard.type('.');
    await expect(text).toHaveValue('De hoofdstad van België is [[1]], die van Frankrijk [[2]].');
    await blanks.getByLabel('Open plek 1, antwoord 1: tekst').fill('Brussel');
    const second = blanks.getByRole('group', { name: 'Open plek 2', exact: true });
    await second.getByRole('radio', { name: 'te kiezen uit een lijst' }).check();
    await second.getByLabel('Open plek 2, optie 1: tekst').fill('Parijs');
    await second.getByLabel('Open plek 2, optie 1: score').fill('1');
    await second.getByLabel('Open plek 2, optie 2: tekst').fill('Lyon');
  });

  await test.step('a text out of step with its blanks is refused at the text', async () => {
    const text = blanks.getByLabel('Tekst met open plekken');
    await text.fill('De hoofdstad van België is [[2]], die van Frankrijk [[1]].');
    await page.getByRole('button', { name: 'Pagina aanmaken' }).click();
    await expect(text).toHaveAccessibleDescription(new RegExp(`${pattern(texts.mismatch)}$`));
    await expect(text).toHaveAttribute('aria-invalid', 'true');
    await screenshots(page, 'question-types-authoring-mismatch');
    await text.fill('De hoofdstad van België is [[1]], die van Frankrijk [[2]].');
    await expect(text).not.toHaveAttribute('aria-invalid', 'true');
  });

  await screenshots(page, 'question-types-authoring-editor');
  await noSeriousAxeViolations(page, 'page editor');
  await page.getByRole('button', { name: 'Pagina aanmaken' }).click();
  await expect(page.getByText('De pagina is aangemaakt.')).toBeVisible();

  await test.step('saved and read back as written', async () => {
    await page.reload();
    // The whole editor renders again; on a busy machine that took 13 s.
    await expect(page.getByRole('heading', { level: 3, name: '3. Invullen' })).toBeVisible({
      timeout: 45_000,
    });
    await expect(matching.getByLabel('Paar 3: begrip')).toHaveValue('Nieren');
    await expect(matching.getByLabel('Paar 2: juiste koppeling')).toHaveValue('Nemen zuurstof op');
    await expect(matching.getByLabel('Extra koppeling 1', { exact: true })).toHaveValue('Verteert voedsel');
    await expect(ordering.getByLabel('Item 1', { exact: true })).toHaveValue('Handen nat maken');
    await expect(ordering.getByLabel('Item 2', { exact: true })).toHaveValue('Zeep aanbrengen');
    await expect(ordering.getByLabel('Item 3', { exact: true })).toHaveValue('Afdrogen');
    await expect(ordering.getByRole('radio', { name: 'Per item dat op zijn plaats staat' })).toBeChecked();
    await expect(blanks.getByLabel('Tekst met open plekken')).toHaveValue(
      'De hoofdstad van België is [[1]], die van Frankrijk [[2]].',
    );
    await expect(blanks.getByLabel('Open plek 1, antwoord 1: tekst')).toHaveValue('Brussel');
    await expect(blanks.getByLabel('Open plek 2, optie 2: tekst')).toHaveValue('Lyon');
  });

  await test.step('the server kept the ids the editor gave', async () => {
    const token = await tokenOf(request, admin);
    const pagePath = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    const editable = await request.get(
      `/trpc/page.editable?input=${encodeURIComponent(JSON.stringify({ path: pagePath }))}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(editable.ok(), await editable.text()).toBe(true);
    const [pairs, items, gaps] = (
      (await editable.json()) as {
        result: {
          data: {
            content: {
              pairs?: { value: string }[];
              distractors?: { value: string }[];
              items?: { value: string }[];
              gaps?: { kind: string }[];
            }[];
          };
        };
      }
    ).result.data.content;
    expect(pairs?.pairs?.map((pair) => pair.value)).toEqual(['pair1', 'pair2', 'pair3']);
    expect(pairs?.distractors?.map((distractor) => distractor.value)).toEqual(['distractor1']);
    expect(items?.items?.map((item) => item.value)).toEqual(['item3', 'item1', 'item2']);
    expect(gaps?.gaps?.map((gap) => gap.kind)).toEqual(['text', 'select']);
  });

  await context.close();
});

const pattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
