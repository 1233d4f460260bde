import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * Matching, ordering and fill-in answers in the teachers' screens: two participants answer; the
 * administrator reads the question statistics (scores, and each pair, place and blank its share
 * right) and one participant's result (pairs, numbered items and blanks by their texts, with the
 * correct answer), never an id the answers carry. In Dutch, at 1280 and 360 px, by keyboard. The
 * results CSV reads them the same way, and the xAPI statements carry them as matching, sequencing
 * and fill-in interactions.
 */
test('a teacher reads matching, ordering and fill-in answers by their texts in the statistics and a result', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const modulePath = `koppel-${stamp}`;
  const pagePath =
    await test.step('an administrator makes a module with the three question types', async () => {
      const adminToken = await tokenOf(request, admin);
      await trpc(request, adminToken, 'module.create', {
        path: modulePath,
        module: { name: `Koppel ${stamp}`, language: 'nl', public: true },
      });
      const created = (await trpc(request, adminToken, 'page.create', {
        parentType: 'module',
        parentPath: modulePath,
        page: {
          name: `Oefening ${stamp}`,
          type: 'question',
          content: [
            {
              type: 'matching',
              questionType: 'matching',
              name: 'hoofdsteden',
              label: 'Koppel elke stad aan haar land.',
              pairs: [
                { value: 'paris', prompt: 'Parijs', match: 'Frankrijk' },
                { value: 'rome', prompt: 'Rome', match: 'Italië' },
              ],
              distractors: [{ value: 'spain', label: 'Spanje' }],
            },
            {
              type: 'ordering',
              questionType: 'ordering',
              name: 'stappen',
              label: 'Zet de stappen van een gesprek in volgorde.',
              items: [
                { value: 'ask', label: 'Vragen' },
                { value: 'listen', label: 'Luisteren' },
                { value: 'agree', label: 'Afspreken' },
              ],
              scoring: 'position',
            },
            {
              type: 'fillBlanks',
              questionType: 'fillBlanks',
              name: 'zin',
              label: 'Vul de zin aan.',
              text: 'De hoofdstad van Frankrijk is [[1]] en ligt aan [[2]].',
              gaps: [
                { kind: 'text', accepted: [{ text: 'Parijs', score: 1 }] },
                {
                  kind: 'select',
                  options: [
                    { label: 'de Seine', value: 'seine', score: 1 },
                    { label: 'de Rijn', value: 'rhine', score: 0 },
                  ],
                },
              ],
            },
          ],
        },
      })) as { path: string };
      return created.path;
    });

  // The matches as the learner's page numbers them, in label order: m1 Frankrijk, m2 Italië, m3 Spanje.
  const rita = await newAccount(request, 'koppel-rita', 'Rita Rangschik');
  const given: [typeof rita, Record<string, string[]>][] = [
    [
      rita,
      { hoofdsteden: ['paris=m1', 'rome=m3'], stappen: ['listen', 'ask', 'agree'], zin: ['parijs', 'rhine'] },
    ],
    [
      await newAccount(request, 'koppel-bert', 'Bert Bereken'),
      { hoofdsteden: ['paris=m1', 'rome=m2'], stappen: ['ask', 'listen', 'agree'], zin: ['Lyon', 'seine'] },
    ],
  ];
  for (const [who, answers] of given)
    await trpc(request, who.token, 'result.save', {
      module: modulePath,
      page: pagePath,
      result: { answers },
    });

  await test.step('the statistics give the scores and each part its share right, by their texts', async () => {
    await signIn(page, admin, `/admin/modules/${modulePath}/results`);
    const matching = page.getByRole('article', { name: 'Koppel elke stad aan haar land.' });
    const pairs = matching.getByRole('list', { name: 'Juist gekoppelde paren' }).getByRole('listitem');
    await expect(pairs).toHaveText(['Parijs → Frankrijk: 100 % juist (2)', 'Rome → Italië: 50 % juist (1)']);
    await expect(
      matching.getByRole('list', { name: 'Scores van de antwoorden' }).getByRole('listitem'),
    ).toHaveText(['volledige score: 50 % (1)', 'deels gescoord: 50 % (1)', 'geen score: 0 % (0)']);
    const ordering = page.getByRole('article', { name: 'Zet de stappen van een gesprek in volgorde.' });
    await expect(
      ordering.getByRole('list', { name: 'Items op hun juiste plaats' }).getByRole('listitem'),
    ).toHaveText([
      '1. Vragen: 50 % juist (1)',
      '2. Luisteren: 50 % juist (1)',
      '3. Afspreken: 100 % juist (2)',
    ]);
    const blanks = page.getByRole('article', { name: 'Vul de zin aan.' });
    await expect(
      blanks.getByRole('list', { name: 'Juist ingevulde open plekken' }).getByRole('listitem'),
    ).toHaveText(['[1] Parijs: 50 % juist (1)', '[2] de Seine: 50 % juist (1)']);
    await expect(page.locator('.question-stats')).not.toContainText(/\bm\d\b|rhine|listen/);
    const results = await new AxeBuilder({ page })
      .include('.question-stats')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await blanks.scrollIntoViewIfNeeded();
    await screenshots(page, 'question-types-stats-nl');
  });

  await test.step("the teacher opens Rita's result by keyboard and reads her answers beside the correct ones", async () => {
    const link = page.getByRole('link', { name: 'Rita Rangschik' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Resultaat van Rita Rangschik' })).toBeVisible();
    const questions = page.locator('.teacher-question');
    const matching = questions.filter({ hasText: 'Koppel elke stad' });
    await expect(matching.getByRole('list').first().getByRole('listitem')).toHaveText([
      'Parijs → Frankrijk',
      'Rome → Spanje',
    ]);
    await expect(matching).toContainText('Juist antwoord:');
    await expect(matching.getByRole('list').nth(1).getByRole('listitem')).toHaveText([
      'Parijs → Frankrijk',
      'Rome → Italië',
    ]);
    await expect(
      questions.filter({ hasText: 'Zet de stappen' }).getByRole('list').first().getByRole('listitem'),
    ).toHaveText(['1. Luisteren', '2. Vragen', '3. Afspreken']);
    const blanks = questions.filter({ hasText: 'Vul de zin aan.' });
    await expect(blanks.getByRole('list').first().getByRole('listitem')).toHaveText([
      '[1] parijs',
      '[2] de Rijn',
    ]);
    await expect(blanks.getByRole('list').nth(1).getByRole('listitem')).toHaveText([
      '[1] Parijs',
      '[2] de Seine',
    ]);
    await expect(page.locator('.admin-columns__main')).not.toContainText(/\bm\d\b|rhine|listen/);
    await screenshots(page, 'question-types-result-nl');
  });

  await test.step('the results CSV reads the answers by their texts', async () => {
    const token = await tokenOf(request, admin);
    const response = await request.get(`/api/results/${modulePath}.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.ok(), await response.text()).toBe(true);
    const csv = await response.text();
    const ritaRow = csv.split(/\r?\n/).find((line) => line.includes('Rita Rangschik')) ?? '';
    expect(ritaRow).toContain('Parijs → Frankrijk; Rome → Spanje');
    expect(ritaRow).toContain('1. Luisteren; 2. Vragen; 3. Afspreken');
    expect(ritaRow).toContain('[2] de Rijn');
    expect(ritaRow).not.toMatch(/\bm\d\b|rhine|listen/);
  });

  await test.step('the xAPI statements carry matching, sequencing and fill-in interactions', async () => {
    const token = await tokenOf(request, admin);
    const answered = 'http://adlnet.gov/expapi/verbs/answered';
    const statementsOf = async (question: string) => {
      const activity = `${baseURL}/module/${modulePath}/${pagePath}#${question}`;
      const response = await request.get(
        `/xapi/statements?verb=${encodeURIComponent(answered)}&activity=${encodeURIComponent(activity)}`,
        { headers: { authorization: `Bearer ${token}`, 'x-experience-api-version': '1.0.3' } },
      );
      expect(response.ok(), await response.text()).toBe(true);
      return (
        (await response.json()) as {
          statements: {
            object: { definition?: { interactionType?: string } };
            result?: { response?: string };
          }[];
        }
      ).statements;
    };
    const kinds = async (question: string) => [
      ...new Set(
        (await statementsOf(question)).map((statement) => statement.object.definition?.interactionType),
      ),
    ];
    expect(await kinds('hoofdsteden')).toEqual(['matching']);
    expect(await kinds('stappen')).toEqual(['sequencing']);
    expect(await kinds('zin')).toEqual(['fill-in']);
    const responses = (await statementsOf('stappen')).map((statement) => statement.result?.response).sort();
    expect(responses).toEqual(['ask[,]listen[,]agree', 'listen[,]ask[,]agree']);
  });
});
