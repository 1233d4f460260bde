import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { tokenOf, trpc } from './api';
import { codeFor } from './mail/mailbox';
import { horizontalOverflow, newAddress, signIn } from './support';

/**
 * Teacher results: a participant answers an open question; the admin scores it with feedback in
 * /admin/results/{userId}; the participant sees the feedback on the page; the history shows the
 * change from 0 to 3; the results CSV downloads with its header. Everything in Dutch (the default).
 */

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test('a teacher scores an open answer with feedback; the participant sees it; the CSV downloads', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const modulePath = `reflectie-${stamp}`;
  const adminToken = await tokenOf(request, admin);
  await trpc(request, adminToken, 'module.create', {
    path: modulePath,
    module: { name: `Reflectie ${stamp}`, language: 'nl', public: true },
  });
  const created = (await trpc(request, adminToken, 'page.create', {
    parentType: 'module',
    parentPath: modulePath,
    page: {
      name: `Waarom ${stamp}`,
      type: 'question',
      content: [
        {
          type: 'textarea',
          questionType: 'open',
          name: 'waarom',
          label: 'Waarom is toegang belangrijk?',
          schema: { maxScore: 5 },
        },
      ],
    },
  })) as { path: string };
  const pagePath = created.path;

  // A participant signs up and answers (through the API, as the client does).
  const person = { email: newAddress('answering'), password: 'participant-password-1' };
  expect((await request.post('/auth/sign-up', { data: { name: 'Rita Reflectie', ...person } })).ok()).toBe(
    true,
  );
  const verified = await request.post('/auth/verify', {
    data: { email: person.email, code: await codeFor(person.email) },
  });
  expect(verified.ok()).toBe(true);
  const participantToken = await tokenOf(request, person);
  await trpc(request, participantToken, 'result.save', {
    module: modulePath,
    page: pagePath,
    result: { answers: { waarom: 'Omdat keuzes rechten zijn.' } },
  });

  // The teacher: the module's results, then the participant's result.
  await signIn(page, admin, `/admin/modules/${modulePath}/results`);
  await expect(page.getByRole('link', { name: 'Resultaten' })).toHaveAttribute('aria-current', 'page');
  const row = page.getByRole('row', { name: /Rita Reflectie/ });
  await expect(row).toContainText('0 / 5');
  await expect(row).toContainText('0 %');
  await expectNoSeriousViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  // A range with nobody in it.
  await page.getByLabel('Actief vanaf').fill('2020-01-01');
  await page.getByLabel('Actief tot en met').fill('2020-01-31');
  await page.getByRole('button', { name: 'Zoeken', exact: true }).click();
  await expect(page.getByText('Geen actieve deelnemers')).toBeVisible();
  await page.getByRole('button', { name: 'Wissen' }).click();

  // The CSV of the module, with its BOM and header.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV downloaden' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`results-${modulePath}.csv`);
  const csv = await fs.readFile((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv.slice(1).split('\r\n')[0]).toBe(
    `"_id","name","email","startedAt","updatedAt","${pagePath}/waarom","${pagePath}/total","total","maxScore","percent"`,
  );
  expect(csv).toContain('"Rita Reflectie"');

  await page.getByRole('link', { name: 'Rita Reflectie' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resultaat van Rita Reflectie' })).toBeVisible();
  await expect(page.getByText('Omdat keuzes rechten zijn.')).toBeVisible();
  await page.getByLabel('Score (0 tot 5)').fill('2.6');
  await page.getByLabel('Feedback').fill('Goed, geef nog een voorbeeld.');
  await page.getByRole('button', { name: 'Scores en feedback opslaan' }).click();
  await expect(page.getByText('De scores en feedback zijn opgeslagen.')).toBeVisible();
  await expect(page.getByLabel('Score (0 tot 5)')).toHaveValue('3');
  await expect(page.getByRole('status').filter({ hasText: 'Totaal: 3 / 5 (60 %)' })).toBeVisible();
  const history = page.getByRole('complementary');
  await expect(history.getByText('Score van “Waarom is toegang belangrijk?”: 0 → 3')).toBeVisible();
  await expect(history.getByText('Feedback: “—” → “Goed, geef nog een voorbeeld.”')).toBeVisible();
  await expect(history.getByText(/Ada|jij|Admin/i).first()).toBeVisible();

  await expectNoSeriousViolations(page);
  // At 360 px the scoring screen fits without sideways scrolling.
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  // The participant sees the score and the feedback on the page and on the result.
  const context = await browser.newContext({ locale: 'nl-BE' });
  const learner = await context.newPage();
  await signIn(learner, person, `/module/${modulePath}/page/${pagePath}`);
  await expect(learner.getByText('Feedback van je lesgever')).toBeVisible();
  await expect(learner.getByText('Goed, geef nog een voorbeeld.')).toBeVisible();
  await learner.goto(`/module/${modulePath}/result`);
  await expect(learner.getByText('Goed, geef nog een voorbeeld.')).toBeVisible();
  await context.close();
});
