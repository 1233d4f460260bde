import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { procedures, screenshots, signIn } from './support';

/**
 * Numeric and short-answer questions from both sides (docs/guide/questions-and-attempts.md): an
 * author writes them in the page editor (a number with its unit and one attempt, a word), and a
 * learner answers them by keyboard at 360 px. A draft spends nothing; a text that is no number is
 * kept as a draft but says so and cannot be checked; checking the right values spends the attempt.
 * The module tells what a check finds with the author's feedback (docs/adr/0020-what-a-check-reveals.md),
 * and the administrator's xAPI statements carry the numeric and fill-in interactions.
 */

const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5);

const texts = {
  page: 'Getallen en woorden',
  year: { label: 'In welk jaar vond de ICPD-conferentie plaats?', unit: 'jaar' },
  word: {
    label: 'Welk woord betekent vrij en uitdrukkelijk ja zeggen?',
    answer: 'consent',
    feedback: 'Ja: toestemming, vrij gegeven en altijd in te trekken.',
  },
  used: (used: number, allowed: number) =>
    `Poging ${used} van ${allowed} gebruikt · ${allowed - used === 1 ? 'Nog 1 poging over' : `Nog ${allowed - used} pogingen over`}`,
  lockedOne: 'Je enige poging is gebruikt: je gecontroleerde antwoord ligt vast.',
  check: 'Controleer mijn antwoord',
  notANumber: 'Typ een getal, bijvoorbeeld 12,5.',
  spends: (count: number) =>
    count === 1
      ? 'Controleren gebruikt je laatste poging.'
      : `Controleren gebruikt één van je ${count} resterende pogingen.`,
};

/** An answered statement as GET /xapi/statements answers it, the parts read here. */
interface XapiAnswer {
  object: { id: string; definition?: { interactionType?: string; correctResponsesPattern?: string[] } };
  result?: { response?: string };
}

/** One question on the learner page: its group, input, status line, check button and its hint. */
function questionOn(page: Page, label: string) {
  const group = page.getByRole('group', { name: label });
  const box = page.locator('.question').filter({ has: group });
  return {
    group,
    input: group.getByRole('textbox', { name: label }),
    status: box.locator('.question__status'),
    check: box.getByRole('button', { name: texts.check }),
    hint: box.locator('.question__confirm-hint'),
    verdict: box.locator('.question__verdict'),
  };
}

/** No serious or critical axe violations on the page as it is now. */
async function noSeriousAxeViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Runs `action` and waits until the answers it changed are saved (a result.save answered). */
async function saving(page: Page, action: () => Promise<unknown>) {
  const saved = page.waitForResponse(
    (response) =>
      procedures(response.url()).includes('result.save') && response.request().method() === 'POST',
  );
  await action();
  const response = await saved;
  expect(response.ok(), await response.text()).toBe(true);
}

test('an author writes a numeric and a short-answer question; a learner answers them by keyboard at 360 px', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const id = stamp();
  const modulePath = `getallen-${id}`;
  await test.step('an administrator has a public module', async () => {
    await trpc(request, await tokenOf(request, admin), 'module.create', {
      path: modulePath,
      module: { name: `Getallen ${id}`, language: 'nl', public: true, checkReveals: 'feedback' },
    });
  });

  const pagePath = await test.step('in the page editor: a numeric and a short-answer question', async () => {
    const context = await browser.newContext({ locale: 'nl-BE', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, admin, `/admin/modules/${modulePath}/pages`);
    await page.getByRole('link', { name: 'Nieuwe pagina' }).click();
    await page.getByLabel('Naam', { exact: true }).fill(texts.page);
    await page.getByLabel('Paginatype').selectOption('question');
    await page.getByRole('button', { name: '+ Getal' }).click();
    await page.getByRole('button', { name: '+ Kort antwoord' }).click();
    const card = (title: string) =>
      page.locator('.element-card').filter({ has: page.getByRole('heading', { level: 3, name: title }) });
    const numeric = card('1. Getal');
    const short = card('2. Kort antwoord');

    await numeric.getByLabel('Vraag', { exact: true }).fill(texts.year.label);
    await numeric.getByLabel(/^Eenheid/).fill(texts.year.unit);
    // Only open questions have a maximum score: a typed answer scores by its accepted answers.
    await expect(numeric.getByLabel('Maximumscore')).toHaveCount(0);
    await numeric.getByLabel('Pogingen').fill('1');
    // A value that is no number is refused next to it, in the interface language.
    await numeric.getByLabel('Antwoord 1: waarde').fill('negentien');
    await page.getByRole('button', { name: 'Pagina aanmaken' }).click();
    await expect(numeric.getByLabel('Antwoord 1: waarde')).toHaveAccessibleDescription(
      /Typ een getal, bijvoorbeeld 12,5\.$/,
    );
    await numeric.getByLabel('Antwoord 1: waarde').fill('1994');

    await short.getByLabel('Vraag', { exact: true }).fill(texts.word.label);
    await expect(
      short.getByText('Een * staat voor om het even welke tekens', { exact: false }),
    ).toBeVisible();
    await short.getByLabel('Antwoord 1: tekst').fill(texts.word.answer);
    await short.getByLabel('Feedback bij antwoord 1').fill(texts.word.feedback);
    await short.getByLabel('Pogingen').fill('2');
    await screenshots(page, 'question-types-editor');
    await noSeriousAxeViolations(page, 'page editor');

    await page.getByRole('button', { name: 'Pagina aanmaken' }).click();
    await expect(page.getByText('De pagina is aangemaakt.')).toBeVisible();
    const pagePath = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    // What was saved comes back as it was written.
    await page.reload();
    await expect(card('1. Getal').getByLabel('Antwoord 1: waarde')).toHaveValue('1994');
    await expect(card('1. Getal').getByLabel(/^Eenheid/)).toHaveValue(texts.year.unit);
    await expect(card('2. Kort antwoord').getByLabel('Antwoord 1: tekst')).toHaveValue(texts.word.answer);
    await context.close();
    return pagePath;
  });

  const participant = await newAccount(request, 'typist', `Tine Typist ${id}`);
  const context = await browser.newContext({ locale: 'nl-BE', viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await signIn(page, participant.account, `/module/${modulePath}/page/${pagePath}`);
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole('heading', { level: 1, name: texts.page })).toBeVisible();
  const year = questionOn(page, texts.year.label);
  const word = questionOn(page, texts.word.label);

  await test.step('the number input has its unit after it, read with it', async () => {
    await expect(year.input).toHaveAttribute('inputmode', 'decimal');
    await expect(year.input).toHaveAccessibleDescription(texts.year.unit);
    await expect(year.status).toHaveText(texts.used(0, 1));
    await expect(word.status).toHaveText(texts.used(0, 2));
  });

  await test.step('a text that is no number: the hint shows, the draft spends nothing, no check', async () => {
    await year.input.focus();
    await saving(page, () => page.keyboard.type('negentien'));
    await expect(year.group.getByText(texts.notANumber)).toBeVisible();
    await expect(year.check).toHaveAttribute('aria-disabled', 'true');
    await expect(year.hint).toHaveText(texts.notANumber);
    // Tab from the input reaches the check button; pressing it anyway spends nothing.
    await page.keyboard.press('Tab');
    await expect(year.check).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(year.status).toHaveText(texts.used(0, 1));
    await screenshots(page, 'question-types-not-a-number');
    await noSeriousAxeViolations(page, 'learner page');
  });

  await test.step('the right number as a draft, then checked by keyboard', async () => {
    await year.input.focus();
    await page.keyboard.press('Control+A');
    await saving(page, () => page.keyboard.type('1994'));
    await expect(year.group.getByText(texts.notANumber)).toHaveCount(0);
    await expect(year.status).toHaveText(texts.used(0, 1));
    await expect(year.check).toHaveAttribute('aria-disabled', 'false');
    await expect(year.hint).toHaveText(texts.spends(1));
    await page.keyboard.press('Tab');
    await expect(year.check).toBeFocused();
    await saving(page, () => page.keyboard.press('Enter'));
    await expect(year.status).toHaveText(texts.lockedOne);
    await expect(year.input).toHaveValue('1994');
    await expect(year.input).toBeDisabled();
    // The module tells what the check found, and the focus goes there.
    await expect(year.verdict).toContainText('Juist.');
    await expect(year.verdict).toBeFocused();
  });

  await test.step('the short answer: a wrong word says so, a draft spends nothing, the right one is checked', async () => {
    await word.input.focus();
    await saving(page, () => page.keyboard.type('agreement'));
    await expect(word.status).toHaveText(texts.used(0, 2));
    await page.keyboard.press('Tab');
    await expect(word.check).toBeFocused();
    await saving(page, () => page.keyboard.press('Enter'));
    await expect(word.status).toHaveText(texts.used(1, 2));
    await expect(word.verdict).toContainText('Niet juist. Je hebt nog 1 poging.');
    await expect(word.verdict).toBeFocused();
    await expect(page.getByText(texts.word.feedback)).toHaveCount(0);

    await word.input.fill('');
    await word.input.focus();
    await saving(page, () => page.keyboard.type('Consent'));
    await page.keyboard.press('Tab');
    await saving(page, () => page.keyboard.press('Enter'));
    await expect(word.verdict).toContainText('Juist.');
    await expect(word.verdict).toContainText(texts.word.feedback);
    await screenshots(page, 'question-types-checked');
  });

  await test.step("the administrator's xAPI statements carry a numeric and a fill-in interaction", async () => {
    const token = await tokenOf(request, admin);
    const answered = 'http://adlnet.gov/expapi/verbs/answered';
    // The editor named the questions after their texts: read the names it saved.
    const editable = await request.get(
      `/trpc/page.editable?input=${encodeURIComponent(JSON.stringify({ path: pagePath }))}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const [yearName, wordName] = (
      (await editable.json()) as { result: { data: { content: { name: string }[] } } }
    ).result.data.content.map((element) => element.name);
    const statementsOf = async (question: string) => {
      const activity = `${baseURL}/module/${modulePath}/${pagePath}#${question}`;
      const response = await request.get(
        `/xapi/statements?verb=${encodeURIComponent(answered)}&activity=${encodeURIComponent(activity)}`,
        { headers: { authorization: `Bearer ${token}`, 'x-experience-api-version': '1.0.3' } },
      );
      expect(response.ok(), await response.text()).toBe(true);
      return ((await response.json()) as { statements: XapiAnswer[] }).statements;
    };
    const years = await statementsOf(yearName ?? '');
    expect(years).toHaveLength(1);
    expect(years[0]).toMatchObject({
      object: { definition: { interactionType: 'numeric', correctResponsesPattern: ['1994[:]1994'] } },
      result: { response: '1994' },
    });
    const words = await statementsOf(wordName ?? '');
    expect(words.map((statement) => statement.object.definition?.interactionType)).toEqual([
      'fill-in',
      'fill-in',
    ]);
    expect(words.map((statement) => statement.result?.response).sort()).toEqual(['Consent', 'agreement']);
  });

  await context.close();
});
