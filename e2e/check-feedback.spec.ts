import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * What a check reveals (docs/adr/0020-what-a-check-reveals.md): in a module set to 'feedback', a
 * learner who checks a wrong choice with an attempt left is told so, with the feedback the author
 * wrote for that option, and the focus moves to the verdict; the right choice then reads 'Juist.'.
 * In an exam ('nothing') the same check reveals nothing. The author writes option feedback in the
 * page editor.
 */

const question = {
  type: 'radio',
  questionType: 'single',
  name: 'jaar',
  label: 'In welk jaar vond de ICPD-conferentie plaats?',
  schema: { attempts: 2, info: 'De conferentie vond plaats in Caïro in 1994.' },
  options: [
    { label: '1990', value: 'o1', score: 0, feedback: 'Nee: in 1990 was er nog geen actieprogramma.' },
    { label: '1994', value: 'o2', score: 1, feedback: 'Ja: Caïro, 1994.' },
    { label: '2000', value: 'o3', score: 0, feedback: '' },
  ],
};

async function moduleWithQuestion(request: Parameters<typeof tokenOf>[0], checkReveals: string) {
  const token = await tokenOf(request, admin);
  const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 5);
  const modulePath = `controle-${checkReveals}-${stamp}`;
  await trpc(request, token, 'module.create', {
    path: modulePath,
    module: { name: `Controle ${stamp}`, language: 'nl', public: true, checkReveals },
  });
  const created = await trpc<{ path: string }>(request, token, 'page.create', {
    parentType: 'module',
    parentPath: modulePath,
    page: { name: 'Oefenvraag', type: 'question', content: [question] },
  });
  return `/module/${modulePath}/page/${created.path}`;
}

async function learnerOn(page: Page, request: Parameters<typeof tokenOf>[0], address: string) {
  const participant = await newAccount(request, 'checker', 'Carla Check');
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, participant.account, address);
  await expect(page.getByRole('heading', { level: 1, name: 'Oefenvraag' })).toBeVisible();
}

/** Chooses an option and checks it by keyboard: Space on the radio, Enter on the button. */
async function chooseAndCheck(page: Page, option: string) {
  const group = page.getByRole('group', { name: question.label });
  await group.getByRole('radio', { name: option }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Je antwoorden zijn bewaard.')).toBeVisible();
  await page.getByRole('button', { name: 'Controleer mijn antwoord' }).focus();
  await page.keyboard.press('Enter');
}

test('a check tells right or wrong with the author’s feedback, and the focus follows', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const address = await moduleWithQuestion(request, 'feedback');
  await learnerOn(page, request, address);

  await chooseAndCheck(page, '1990');
  const verdict = page.locator('.question__verdict');
  await expect(verdict).toBeFocused();
  await expect(verdict).toContainText('Niet juist. Je hebt nog 1 poging.');
  await expect(verdict).toContainText('Nee: in 1990 was er nog geen actieprogramma.');
  // Only the chosen option's feedback: the others stay with the author.
  await expect(page.getByText('Ja: Caïro, 1994.')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: '1994' })).toBeEnabled();
  await screenshots(page, 'check-feedback-wrong');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(
    results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id),
  ).toEqual([]);

  await chooseAndCheck(page, '1994');
  await expect(verdict).toBeFocused();
  await expect(verdict).toContainText('Juist.');
  await expect(verdict).toContainText('Ja: Caïro, 1994.');
  await expect(page.getByText('De conferentie vond plaats in Caïro in 1994.')).toBeVisible();
  await screenshots(page, 'check-feedback-right');
});

test('an exam’s check reveals nothing but the attempt it used', async ({ page, request }) => {
  test.setTimeout(90_000);
  const address = await moduleWithQuestion(request, 'nothing');
  await learnerOn(page, request, address);

  await chooseAndCheck(page, '1990');
  await expect(page.locator('.question__status')).toContainText('Poging 1 van 2 gebruikt');
  await expect(page.locator('.question__verdict')).toHaveCount(0);
  await expect(page.getByText('Nee: in 1990 was er nog geen actieprogramma.')).toHaveCount(0);
});

test('the author writes feedback per option in the page editor', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await tokenOf(request, admin);
  const stamp = Date.now().toString(36);
  const modulePath = `feedback-schrijven-${stamp}`;
  // Unpublished: the page's content is saved at once, not as a draft.
  await trpc(request, token, 'module.create', {
    path: modulePath,
    published: false,
    module: { name: `Feedback ${stamp}`, language: 'nl' },
  });
  const created = await trpc<{ path: string }>(request, token, 'page.create', {
    parentType: 'module',
    parentPath: modulePath,
    page: { name: 'Oefenvraag', type: 'question', content: [question] },
  });
  await signIn(page, admin, `/admin/pages/${created.path}`);
  const feedback = page.getByLabel('Feedback bij optie 3');
  await expect(feedback).toBeVisible();
  await feedback.fill('Nee: in 2000 kwamen de millenniumdoelen.');
  await page.getByRole('button', { name: 'Pagina bewaren' }).click();
  await expect(page.getByText('De pagina is bewaard.')).toBeVisible();
  const read = await request.get(
    `/trpc/page.editable?input=${encodeURIComponent(JSON.stringify({ path: created.path }))}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const stored = (
    (await read.json()) as { result: { data: { content: { options?: { feedback?: string }[] }[] } } }
  ).result.data;
  expect(stored.content[0]?.options?.[2]?.feedback).toBe('Nee: in 2000 kwamen de millenniumdoelen.');
  await screenshots(page, 'check-feedback-editor');
});
