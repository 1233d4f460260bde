import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * Numeric and short answers in the teachers' screens: three participants type a year, a share and
 * a city; the administrator reads the question statistics (the most frequent answers with how they
 * scored) and one participant's result (the typed answers with what the questions accept), and the
 * participant reads their typed answers on their result. In Dutch, at 1280 and 360 px.
 */
test('a teacher reads typed answers in the statistics and in a result; the participant on theirs', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const modulePath = `getypt-${stamp}`;
  const pagePath =
    await test.step('an administrator makes a module with a numeric and a short question', async () => {
      const adminToken = await tokenOf(request, admin);
      await trpc(request, adminToken, 'module.create', {
        path: modulePath,
        module: { name: `Getypt ${stamp}`, language: 'nl', public: true },
      });
      const created = (await trpc(request, adminToken, 'page.create', {
        parentType: 'module',
        parentPath: modulePath,
        page: {
          name: `Feiten ${stamp}`,
          type: 'question',
          content: [
            {
              type: 'numeric',
              questionType: 'numeric',
              name: 'jaar',
              label: 'In welk jaar was de conferentie van Caïro?',
              accepted: [
                { value: 1994, tolerance: 0, score: 2 },
                { value: 1995, tolerance: 1, score: 1 },
              ],
            },
            {
              type: 'numeric',
              questionType: 'numeric',
              name: 'aandeel',
              label: 'Welk aandeel van de jongeren?',
              unit: '%',
              accepted: [{ value: 25, tolerance: 0.5, score: 1 }],
            },
            {
              type: 'shortText',
              questionType: 'short',
              name: 'stad',
              label: 'In welke stad?',
              accepted: [
                { text: 'Caïro', score: 1 },
                { text: 'Cairo', score: 1 },
              ],
            },
          ],
        },
      })) as { path: string };
      return created.path;
    });

  const rita = await newAccount(request, 'typed-rita', 'Rita Rekenaar');
  const answers: [typeof rita, Record<string, string>][] = [
    [rita, { jaar: '1994', aandeel: '25,2', stad: ' Cairo ' }],
    [
      await newAccount(request, 'typed-bert', 'Bert Bereken'),
      { jaar: '1995,5', aandeel: '30', stad: 'cairo' },
    ],
    [
      await newAccount(request, 'typed-cas', 'Cas Cijfer'),
      { jaar: '1994,0', aandeel: '25', stad: 'Alexandrië' },
    ],
  ];
  for (const [who, given] of answers)
    await trpc(request, who.token, 'result.save', {
      module: modulePath,
      page: pagePath,
      result: { answers: given },
    });

  await test.step('the statistics list the most frequent answers with how they scored', async () => {
    await signIn(page, admin, `/admin/modules/${modulePath}/results`);
    const year = page.getByRole('article', { name: 'In welk jaar was de conferentie van Caïro?' });
    const frequent = year.getByRole('list', { name: 'Meest gegeven antwoorden' }).getByRole('listitem');
    await expect(frequent).toHaveCount(2);
    await expect(frequent.nth(0)).toContainText('1994: 67 % (2)volledige score');
    await expect(frequent.nth(1)).toContainText('1995,5: 33 % (1)deels gescoord');
    const share = page.getByRole('article', { name: 'Welk aandeel van de jongeren?' });
    await expect(share.getByText('25,2 %: 33 % (1)')).toBeVisible();
    const city = page.getByRole('article', { name: 'In welke stad?' });
    await expect(city.getByRole('listitem').first()).toContainText('cairo: 67 % (2)volledige score');
    await expect(city.getByText('alexandrië: 33 % (1)')).toBeVisible();
    await city.scrollIntoViewIfNeeded();
    await screenshots(page, 'typed-answers-stats-nl');
  });

  await test.step("the teacher reads Rita's typed answers beside what the questions accept", async () => {
    await page.getByRole('link', { name: 'Rita Rekenaar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Resultaat van Rita Rekenaar' })).toBeVisible();
    const questions = page.locator('.teacher-question');
    await expect(questions.filter({ hasText: 'Welk aandeel' })).toContainText('25,2 %');
    await expect(questions.filter({ hasText: 'Welk aandeel' })).toContainText(
      'Goedgekeurd voor de volle score: 25 ± 0,5 %',
    );
    await expect(questions.filter({ hasText: 'In welke stad?' })).toContainText(
      'Goedgekeurd voor de volle score: Caïro; Cairo',
    );
    await screenshots(page, 'typed-answers-result-nl');
  });

  await test.step('Rita reads her typed answers on her result', async () => {
    const context = await browser.newContext({ locale: 'nl-BE' });
    const learner = await context.newPage();
    await signIn(learner, rita.account, `/module/${modulePath}/result`);
    const typed = learner.getByRole('region', { name: 'Je getypte antwoorden' });
    await expect(typed.getByRole('definition').nth(1)).toHaveText('25,2 % · 1 van 1 punt');
    await expect(typed.getByRole('definition').nth(2)).toHaveText('Cairo · 1 van 1 punt');
    await screenshots(learner, 'typed-answers-learner-result-nl');
    await context.close();
  });
});
