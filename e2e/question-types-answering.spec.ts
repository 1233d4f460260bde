import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { procedures, screenshots, signIn } from './support';

/**
 * Matching, ordering and fill-in-the-blanks questions from the learner's side: a module page with
 * one of each, set up through the API, answered by keyboard at 360 px: a list per prompt, items
 * moved with their buttons (the focus follows the item), a typed gap and a chosen one in the text.
 * Each check spends its attempt and tells right or partly right; the questions reveal their correct
 * answers (autoShow), marked per row and gap in words; a reload keeps every answer.
 */

const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5);

const labels = {
  matching: 'Waartegen beschermt elk middel?',
  ordering: 'Zet de stappen in de juiste volgorde.',
  fillBlanks: 'Vul de zin aan.',
};

const schema = (attempts: number) => ({ autoShow: true, attempts, info: '', maxScore: 1 });

const content = [
  {
    type: 'matching',
    questionType: 'matching',
    name: 'middelen',
    label: labels.matching,
    schema: schema(1),
    options: [],
    pairs: [
      { value: 'condoom', prompt: 'Condoom', match: 'Zwangerschap en soa’s', score: 1, feedback: '' },
      { value: 'pil', prompt: 'Pil', match: 'Alleen zwangerschap', score: 1, feedback: '' },
    ],
    distractors: [{ value: 'niets', label: 'Niets' }],
  },
  {
    type: 'ordering',
    questionType: 'ordering',
    name: 'stappen',
    label: labels.ordering,
    schema: schema(2),
    options: [],
    items: [
      { value: 'datum', label: 'Controleer de vervaldatum' },
      { value: 'open', label: 'Open de verpakking' },
      { value: 'rol', label: 'Rol het condoom af' },
      { value: 'weg', label: 'Gooi het weg na gebruik' },
    ],
    scoring: 'all',
    score: 1,
  },
  {
    type: 'fillBlanks',
    questionType: 'fillBlanks',
    name: 'zin',
    label: labels.fillBlanks,
    schema: schema(1),
    options: [],
    text: 'Een **condoom** beschermt tegen [[1]] en tegen [[2]].',
    gaps: [
      {
        kind: 'text',
        accepted: [{ text: 'soa', score: 1, feedback: '' }],
        caseSensitive: false,
        accentSensitive: false,
      },
      {
        kind: 'select',
        options: [
          { label: 'zwangerschap', value: 'zwanger', score: 1, feedback: '' },
          { label: 'zonnebrand', value: 'zon', score: 0, feedback: '' },
        ],
      },
    ],
  },
];

/** No serious or critical axe violations on the page as it is now. */
async function noSeriousAxeViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Runs `action` and waits until what it changed is saved (a result.save answered). */
async function saving(page: Page, action: () => Promise<unknown>) {
  const saved = page.waitForResponse(
    (response) =>
      procedures(response.url()).includes('result.save') && response.request().method() === 'POST',
  );
  await action();
  const response = await saved;
  expect(response.ok(), await response.text()).toBe(true);
}

/** One question on the page: its group, status line, check button and verdict. */
function questionOn(page: Page, label: string) {
  const group = page.getByRole('group', { name: label });
  const box = page.locator('.question').filter({ has: group });
  return {
    group,
    status: box.locator('.question__status'),
    check: box.getByRole('button', { name: 'Controleer mijn antwoord' }),
    verdict: box.locator('.question__verdict'),
  };
}

/** Chooses `label` in a closed list by keyboard: focus, then the arrow keys. */
async function chooseByKeyboard(page: Page, select: Locator, label: string) {
  const options = await select.locator('option').allTextContents();
  const target = options.indexOf(label);
  expect(target, `${label} in ${options.join(', ')}`).toBeGreaterThan(0);
  const current = await select.evaluate((element) => (element as HTMLSelectElement).selectedIndex);
  await select.focus();
  const key = target > current ? 'ArrowDown' : 'ArrowUp';
  for (let step = 0; step < Math.abs(target - current); step++) await page.keyboard.press(key);
  await expect(select.locator('option:checked')).toHaveText(label);
}

const itemsOf = (group: Locator) => group.locator('.ordering-answer__label');

test('a learner answers matching, ordering and fill-in-the-blanks questions by keyboard at 360 px', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const id = stamp();
  const modulePath = `koppelen-${id}`;
  const pagePath =
    await test.step('an administrator has a public module with one question of each type', async () => {
      const token = await tokenOf(request, admin);
      await trpc(request, token, 'module.create', {
        path: modulePath,
        module: { name: `Koppelen ${id}`, language: 'nl', public: true, checkReveals: 'feedback' },
      });
      const created = await trpc<{ path: string }>(request, token, 'page.create', {
        parentType: 'module',
        parentPath: modulePath,
        page: { name: 'Drie soorten vragen', type: 'question', content },
      });
      return created.path;
    });

  const participant = await newAccount(request, 'matcher', `Mila Matcher ${id}`);
  const context = await browser.newContext({ locale: 'nl-BE', viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await signIn(page, participant.account, `/module/${modulePath}/page/${pagePath}`);
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole('heading', { level: 1, name: 'Drie soorten vragen' })).toBeVisible();
  const matching = questionOn(page, labels.matching);
  const ordering = questionOn(page, labels.ordering);
  const fill = questionOn(page, labels.fillBlanks);

  await test.step('each question is drawn, nothing answered, nothing to check but the order as received', async () => {
    await expect(matching.group.getByRole('combobox', { name: 'Condoom' })).toHaveValue('');
    await expect(matching.group.getByRole('combobox', { name: 'Pil' })).toHaveValue('');
    await expect(itemsOf(ordering.group)).toHaveCount(4);
    // Never in the right order when it arrives.
    expect(await itemsOf(ordering.group).allTextContents()).not.toEqual(
      content[1]?.items?.map((i) => i.label),
    );
    await expect(fill.group.getByRole('textbox', { name: 'Open plek 1 van 2' })).toBeVisible();
    await expect(fill.group.getByRole('combobox', { name: 'Open plek 2 van 2' })).toBeVisible();
    await expect(fill.group.locator('strong')).toHaveText('condoom');
    await expect(matching.check).toHaveAttribute('aria-disabled', 'true');
    await expect(fill.check).toHaveAttribute('aria-disabled', 'true');
    await expect(ordering.check).toHaveAttribute('aria-disabled', 'false');
    await screenshots(page, 'question-types-answering-empty');
    await noSeriousAxeViolations(page, 'empty page');
  });

  await test.step('matching: one pair right, one wrong, checked by keyboard: partly right, marked per row', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    const condom = matching.group.getByRole('combobox', { name: 'Condoom' });
    const pill = matching.group.getByRole('combobox', { name: 'Pil' });
    await saving(page, () => chooseByKeyboard(page, condom, 'Zwangerschap en soa’s'));
    await saving(page, () => chooseByKeyboard(page, pill, 'Niets'));
    await expect(matching.status).toHaveText('Poging 0 van 1 gebruikt · Nog 1 poging over');
    await matching.check.focus();
    await saving(page, () => page.keyboard.press('Enter'));
    await expect(matching.verdict).toContainText('Gedeeltelijk juist.');
    await expect(matching.verdict).toBeFocused();
    await expect(matching.status).toHaveText(
      'Je enige poging is gebruikt: je gecontroleerde antwoord ligt vast.',
    );
    await expect(condom).toBeDisabled();
    await expect(condom).toHaveAccessibleDescription('✓ juist');
    await expect(pill).toHaveAccessibleDescription('✗ fout ✓ Juist antwoord: Alleen zwangerschap');
  });

  await test.step('ordering: items moved with their buttons, the focus following, then checked: right', async () => {
    const right = [
      'Controleer de vervaldatum',
      'Open de verpakking',
      'Rol het condoom af',
      'Gooi het weg na gebruik',
    ];
    const live = ordering.group.locator('[aria-live="polite"]').first();
    for (const [place, label] of right.entries()) {
      const now = await itemsOf(ordering.group).allTextContents();
      const at = now.indexOf(label);
      if (at === place) continue;
      await ordering.group
        .getByRole('button', { name: `“${label}” omhoog, nu op plaats ${at + 1} van 4` })
        .focus();
      for (let step = at; step > place; step--) {
        await page.keyboard.press('Enter');
        // The focus stays on the moved item (its down button once it reaches the top).
        await expect(page.locator(':focus')).toHaveAccessibleName(
          step - 1 === 0
            ? `“${label}” omlaag, nu op plaats 1 van 4`
            : `“${label}” omhoog, nu op plaats ${step} van 4`,
        );
        await expect(live).toHaveText(`“${label}” staat nu op plaats ${step} van 4.`);
      }
    }
    await expect(itemsOf(ordering.group)).toHaveText(right);
    await expect(ordering.status).toHaveText('Poging 0 van 2 gebruikt · Nog 2 pogingen over');
    await ordering.check.focus();
    await saving(page, () => page.keyboard.press('Enter'));
    await expect(ordering.verdict).toContainText('Juist.');
    await expect(ordering.verdict).toBeFocused();
    await expect(ordering.group.getByText('✓ juiste plaats')).toHaveCount(4);
    // Right with an attempt left: not locked, the one attempt spent.
    await expect(ordering.status).toHaveText('Poging 1 van 2 gebruikt · Nog 1 poging over');
  });

  await test.step('fill in the blanks: a word typed, a word chosen, checked: right', async () => {
    const typed = fill.group.getByRole('textbox', { name: 'Open plek 1 van 2' });
    const chosen = fill.group.getByRole('combobox', { name: 'Open plek 2 van 2' });
    await typed.focus();
    await saving(page, () => page.keyboard.type('Soa'));
    await expect(fill.check).toHaveAttribute('aria-disabled', 'false');
    await page.keyboard.press('Tab');
    await expect(chosen).toBeFocused();
    await saving(page, () => chooseByKeyboard(page, chosen, 'zwangerschap'));
    await fill.check.focus();
    await saving(page, () => page.keyboard.press('Enter'));
    await expect(fill.verdict).toContainText('Juist.');
    await expect(fill.verdict).toBeFocused();
    await expect(typed).toHaveAccessibleDescription('✓ juist');
    await expect(chosen).toHaveAccessibleDescription('✓ juist');
    await expect(chosen).toBeDisabled();
    await screenshots(page, 'question-types-answering-checked');
    await noSeriousAxeViolations(page, 'checked page');
  });

  await test.step('a reload keeps every answer, read-only, with its marks', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Drie soorten vragen' })).toBeVisible();
    await expect(matching.group.getByRole('combobox', { name: 'Condoom' })).toHaveValue(/^m\d+$/);
    await expect(
      matching.group.getByRole('combobox', { name: 'Condoom' }).locator('option:checked'),
    ).toHaveText('Zwangerschap en soa’s');
    await expect(matching.group.getByRole('combobox', { name: 'Pil' }).locator('option:checked')).toHaveText(
      'Niets',
    );
    await expect(itemsOf(ordering.group)).toHaveText([
      /^Controleer de vervaldatum/,
      /^Open de verpakking/,
      /^Rol het condoom af/,
      /^Gooi het weg na gebruik/,
    ]);
    await expect(fill.group.getByRole('textbox', { name: 'Open plek 1 van 2' })).toHaveValue('Soa');
    await expect(
      fill.group.getByRole('combobox', { name: 'Open plek 2 van 2' }).locator('option:checked'),
    ).toHaveText('zwangerschap');
    await expect(matching.group.getByRole('combobox', { name: 'Pil' })).toHaveAccessibleDescription(
      '✗ fout ✓ Juist antwoord: Alleen zwangerschap',
    );
    await screenshots(page, 'question-types-answering-reloaded');
  });
  await context.close();
});
