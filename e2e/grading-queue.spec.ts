import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type Download, expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { horizontalOverflow, screenshots, signIn } from './support';

/**
 * The grading queue (docs/guide/results-and-scoring.md#to-grade): five participants answer an open
 * question; until a teacher scores them the results table counts them 'to grade', the CSV says 'nog
 * niet gescoord' and the learner reads 'Wacht op je lesgever'. The teacher finds them under 'Te
 * beoordelen', oldest first, gives two of them the same feedback at once, and scores them one after
 * the other by keyboard (a score out of range is refused at its field; J and K move between
 * answers). Then nothing waits, and the totals, the CSV and the learner show the scores.
 */

const csvLines = async (download: Download) =>
  (await fs.readFile((await download.path())!, 'utf8')).slice(1).trimEnd().split('\r\n');

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test('a teacher grades five open answers from the queue, by keyboard; until then they are not yet scored', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const modulePath = `beoordelen-${stamp}`;
  const names = ['Anna', 'Bram', 'Chloé', 'Dries', 'Emma'].map((name) => `${name} ${stamp}`);

  const { pagePath, learners } =
    await test.step('a module with an open question; five participants answer it', async () => {
      const adminToken = await tokenOf(request, admin);
      await trpc(request, adminToken, 'module.create', {
        path: modulePath,
        module: { name: `Beoordelen ${stamp}`, language: 'nl', public: true },
      });
      const created = await trpc<{ path: string }>(request, adminToken, 'page.create', {
        parentType: 'module',
        parentPath: modulePath,
        page: {
          name: `Reflectie ${stamp}`,
          type: 'question',
          content: [
            {
              type: 'textarea',
              questionType: 'open',
              name: 'waarom',
              label: 'Waarom is toegang tot anticonceptie belangrijk?',
              schema: { maxScore: 5, info: 'Noem een recht en een dienst.' },
            },
          ],
        },
      });
      const learners = [];
      for (const [index, name] of names.entries()) {
        const learner = await newAccount(request, `grading-${index}`, name);
        await trpc(request, learner.token, 'result.save', {
          module: modulePath,
          page: created.path,
          result: { answers: { waarom: `Antwoord ${index + 1} van ${name}.` } },
        });
        learners.push(learner);
      }
      return { pagePath: created.path, learners };
    });

  await test.step('the learner reads "Wacht op je lesgever" on the page and the result', async () => {
    const context = await browser.newContext({ locale: 'nl-BE' });
    const learner = await context.newPage();
    await signIn(learner, learners[0]!.account, `/module/${modulePath}/page/${pagePath}`);
    await expect(learner.getByText('Wacht op je lesgever: dit antwoord is nog niet gescoord.')).toBeVisible();
    await learner.goto(`/module/${modulePath}/result`);
    await expect(
      learner.getByText('1 antwoord wacht op de score van je lesgever', { exact: false }),
    ).toBeVisible();
    await expect(learner.getByRole('row', { name: /Reflectie/ })).toContainText('Wacht op je lesgever');
    await context.close();
  });

  await test.step('the results table and the CSV say the answers are not yet scored', async () => {
    await signIn(page, admin, `/admin/modules/${modulePath}/results`);
    const row = page.getByRole('row', { name: new RegExp(names[0]!) });
    await expect(row).toContainText('0 / 5');
    await expect(row.getByText('1 te beoordelen').first()).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV downloaden' }).click();
    const [, ...rows] = await csvLines(await downloading);
    expect(rows).toHaveLength(5);
    for (const line of rows) expect(line).toMatch(/,"nog niet gescoord",0,0,5,0$/);
  });

  await test.step('the admin home counts answers to grade and leads to the queue', async () => {
    await page.goto('/admin');
    await page.getByRole('link', { name: /\d+ antwoorden? te beoordelen/ }).click();
    await expect(page).toHaveURL(/\/admin\/to-grade$/);
    await page.getByLabel('Module', { exact: true }).selectOption({ label: `Beoordelen ${stamp}` });
    await expect(page.getByText('5 antwoorden te beoordelen, de oudste eerst')).toBeVisible();
  });

  const queue = `/admin/modules/${modulePath}/to-grade`;
  await test.step("the module's queue lists the five answers oldest first", async () => {
    await page.goto(`/admin/modules/${modulePath}/results`);
    await page
      .getByRole('link', { name: 'Te beoordelen: de open antwoorden die op een score wachten' })
      .click();
    await expect(page).toHaveURL(new RegExp(`${queue}$`));
    await expect(page.getByRole('heading', { level: 1, name: /Te beoordelen/ })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(6);
    for (const [index, name] of names.entries()) await expect(rows.nth(index + 1)).toContainText(name);
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshots(page, 'grading-queue-nl');
  });

  await test.step('two answers get the same feedback at once, and stay to grade', async () => {
    await page.getByRole('checkbox', { name: new RegExp(names[3]!) }).check();
    await page.getByRole('checkbox', { name: new RegExp(names[4]!) }).check();
    const bulk = page.getByRole('region', { name: 'Feedback voor 2 geselecteerde antwoorden' });
    await bulk.getByLabel('Feedback').fill('Denk ook aan jongeren.');
    await bulk.getByRole('button', { name: 'Geven aan 2 antwoorden' }).click();
    await expect(page.getByText('Feedback gegeven op 2 antwoorden.')).toBeVisible();
    await expect(page.getByText('5 antwoorden te beoordelen, de oudste eerst')).toBeVisible();
  });

  await test.step('the teacher scores them one after the other by keyboard', async () => {
    await page.getByRole('button', { name: 'Beginnen met scoren' }).click();
    const panel = page.getByRole('region', { name: new RegExp(names[0]!) });
    await expect(panel.getByText('Antwoord 1 van 5')).toBeVisible();
    await expect(panel.getByText('Noem een recht en een dienst.')).toBeVisible();
    await expect(page.getByText(/J of Alt\+→ voor het volgende antwoord/)).toBeVisible();
    // J and K move between answers outside a field.
    await page.keyboard.press('j');
    await expect(page.getByRole('region', { name: new RegExp(names[1]!) })).toBeVisible();
    await page.keyboard.press('k');
    await expect(page.getByRole('region', { name: new RegExp(names[0]!) })).toBeVisible();
    // Out of range: refused at the field, nothing saved.
    const score = page.getByLabel('Score (0 tot 5)');
    await score.focus();
    await page.keyboard.type('9');
    await page.keyboard.press('Enter');
    await expect(score).toHaveAttribute('aria-invalid', 'true');
    await expect(score).toHaveAccessibleDescription(/De score moet tussen 0 en het maximum liggen\./);
    // Typed in a field, j is no shortcut.
    await page.keyboard.press('Backspace');
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    // Saved: the answer leaves the queue and the next one opens with the cursor in its score.
    for (const [index, name] of names.slice(1).entries()) {
      const next = page.getByRole('region', { name: new RegExp(name) });
      await expect(next.getByText(`Antwoord 1 van ${4 - index}`)).toBeVisible();
      await expect(next.getByLabel('Score (0 tot 5)')).toBeFocused();
      if (index === 2) await expect(next.getByLabel('Feedback')).toHaveValue('Denk ook aan jongeren.');
      await page.keyboard.type(String(index + 2));
      await page.keyboard.press('Enter');
    }
    await expect(page.getByText('Niets te beoordelen: elk open antwoord heeft zijn score.')).toBeVisible();
  });

  await test.step('the totals, the CSV and the learner show the scores', async () => {
    await page.goto(`/admin/modules/${modulePath}/results`);
    await expect(page.getByRole('row', { name: new RegExp(names[0]!) })).toContainText('4 / 5');
    await expect(page.getByText(/te beoordelen$/)).toHaveCount(0);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV downloaden' }).click();
    const [, ...rows] = await csvLines(await downloading);
    expect(rows.find((line) => line.includes(names[0]!))).toMatch(/,4,4,4,5,80$/);
    expect(rows.join('\n')).not.toContain('nog niet gescoord');
    const context = await browser.newContext({ locale: 'nl-BE' });
    const learner = await context.newPage();
    await signIn(learner, learners[0]!.account, `/module/${modulePath}/result`);
    await expect(learner.getByRole('status').filter({ hasText: 'Score: 4 van 5 (80%)' })).toBeVisible();
    await expect(learner.getByText('Wacht op je lesgever', { exact: false })).toHaveCount(0);
    await context.close();
  });
});
