import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type Download, expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { codeFor } from './mail/mailbox';
import { horizontalOverflow, newAddress, screenshots, signIn } from './support';

/**
 * Teacher results: a participant answers an open question and two choice questions; the admin
 * reads the option texts (never the option values) and the open answer in /admin/results/{userId},
 * scores the open answer with feedback; the participant sees the feedback on the page; the history
 * shows the change from 0 to 3; the results CSV downloads with labelled headers (keys in brackets)
 * and the answers as texts. In Dutch (the default), then an English module read in English.
 */

/** A page of two choice questions whose option values say nothing ('option1'…): a teacher must read the texts. */
const choicePage = (
  name: string,
  texts: {
    method: string;
    pill: string;
    condom: string;
    rights: string;
    school: string;
    health: string;
    car: string;
  },
) => ({
  name,
  type: 'question',
  content: [
    {
      type: 'radio',
      questionType: 'single',
      name: 'methode',
      label: texts.method,
      options: [
        { label: texts.pill, value: 'option1', score: 1 },
        { label: texts.condom, value: 'option2', score: 0 },
      ],
    },
    {
      type: 'checkbox',
      questionType: 'multiple',
      name: 'rechten',
      label: texts.rights,
      options: [
        { label: texts.school, value: 'option1', score: 1 },
        { label: texts.health, value: 'option2', score: 1 },
        { label: texts.car, value: 'option3', score: 0 },
      ],
    },
  ],
});

/** The CSV a download saved, checked for its BOM; its lines. */
async function csvLines(download: Download) {
  const csv = await fs.readFile((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  return csv.slice(1).trimEnd().split('\r\n');
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test('a teacher reads option texts, scores an open answer with feedback; the participant sees it; the CSV downloads', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const modulePath = `reflectie-${stamp}`;
  const { pagePath, choices } =
    await test.step('an administrator makes a module with an open question page and a choice page', async () => {
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
      const choices = (await trpc(request, adminToken, 'page.create', {
        parentType: 'module',
        parentPath: modulePath,
        page: choicePage(`Keuzes ${stamp}`, {
          method: 'Welke methode is hormonaal?',
          pill: 'De pil',
          condom: 'Het condoom',
          rights: 'Welke zijn seksuele rechten?',
          school: 'Seksuele vorming op school',
          health: 'Toegang tot zorg',
          car: 'Een auto',
        }),
      })) as { path: string };
      return { pagePath, choices };
    });

  const person = await test.step('a participant signs up and answers', async () => {
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
    await trpc(request, participantToken, 'result.save', {
      module: modulePath,
      page: choices.path,
      result: { answers: { methode: 'option2', rechten: ['option3', 'option1'] } },
    });
    return person;
  });

  await test.step("the teacher opens the module's results", async () => {
    // The teacher: the module's results, then the participant's result.
    await signIn(page, admin, `/admin/modules/${modulePath}/results`);
    await expect(page.getByRole('link', { name: 'Resultaten' })).toHaveAttribute('aria-current', 'page');
    const row = page.getByRole('row', { name: /Rita Reflectie/ });
    await expect(row).toContainText('0 / 5');
    await expect(row).toContainText('1 / 3');
    await expect(row).toContainText('13 %');
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    // A range with nobody in it.
    await page.getByLabel('Actief vanaf').fill('2020-01-01');
    await page.getByLabel('Actief tot en met').fill('2020-01-31');
    await page
      .getByRole('form', { name: 'Resultaten zoeken' })
      .getByRole('button', { name: 'Zoeken', exact: true })
      .click();
    await expect(page.getByText('Geen actieve deelnemers')).toBeVisible();
    await page.getByRole('button', { name: 'Wissen' }).click();

    await screenshots(page, 'teacher-results-module-nl');
  });

  await test.step('download the CSV of the module', async () => {
    // The CSV of the module: Dutch labels with their keys, the answers as texts.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV downloaden' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`results-${modulePath}.csv`);
    const [header, ...rows] = await csvLines(download);
    const open = `Waarom ${stamp}: Waarom is toegang belangrijk?`;
    const method = `Keuzes ${stamp}: Welke methode is hormonaal?`;
    const rights = `Keuzes ${stamp}: Welke zijn seksuele rechten?`;
    expect(header).toBe(
      [
        'Id [_id]',
        'Naam [name]',
        'E-mailadres [email]',
        'Begonnen op [startedAt]',
        'Laatst actief [updatedAt]',
        `${open} [${pagePath}/waarom/answer]`,
        `${open} (score) [${pagePath}/waarom]`,
        `Waarom ${stamp}: totaal [${pagePath}/total]`,
        `${method} [${choices.path}/methode/answer]`,
        `${method} (score) [${choices.path}/methode]`,
        `${rights} [${choices.path}/rechten/answer]`,
        `${rights} (score) [${choices.path}/rechten]`,
        `Keuzes ${stamp}: totaal [${choices.path}/total]`,
        'Totaal [total]',
        'Maximumscore [maxScore]',
        'Percentage [percent]',
      ]
        .map((cell) => `"${cell}"`)
        .join(','),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('"Rita Reflectie"');
    expect(rows[0]).toMatch(
      /,"Omdat keuzes rechten zijn\.","nog niet gescoord",0,"Het condoom",0,"Seksuele vorming op school; Een auto",1,1,1,8,13$/,
    );
    expect(rows[0]).not.toContain('option');
  });

  await test.step("open the participant's result and score the open answer", async () => {
    await page.getByRole('link', { name: 'Rita Reflectie' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Resultaat van Rita Reflectie' })).toBeVisible();
    await expect(page.getByText('Omdat keuzes rechten zijn.')).toBeVisible();
    // Option texts in the module's language, never the values the form sent.
    await expect(page.getByText('Het condoom', { exact: true })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Seksuele vorming op school' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Een auto' })).toBeVisible();
    await expect(page.getByText(/option\d/)).toHaveCount(0);
    await expect(page.locator('.teacher-question__answer').first()).toHaveAttribute('lang', 'nl');
    // Scoring the open question, in its page's form.
    const openPage = page.getByRole('region', { name: new RegExp(`Waarom ${stamp}`) });
    await openPage.getByLabel('Score (0 tot 5)').fill('2.6');
    await openPage.getByLabel('Feedback').fill('Goed, geef nog een voorbeeld.');
    await openPage.getByRole('button', { name: 'Scores en feedback opslaan' }).click();
    await expect(openPage.getByText('De scores en feedback zijn opgeslagen.')).toBeVisible();
    await expect(openPage.getByLabel('Score (0 tot 5)')).toHaveValue('3');
    await expect(page.getByRole('status').filter({ hasText: 'Totaal: 4 / 8 (50 %)' })).toBeVisible();
    const history = page.getByRole('complementary');
    await expect(history.getByText('Score van “Waarom is toegang belangrijk?”: 0 → 3')).toBeVisible();
    await expect(history.getByText('Feedback: “—” → “Goed, geef nog een voorbeeld.”')).toBeVisible();
    await expect(history.getByText(/Ada|jij|Admin/i).first()).toBeVisible();
  });

  await test.step('check the scoring screen: axe, and 360 px', async () => {
    await expectNoSeriousViolations(page);
    // At 360 px the scoring screen fits without sideways scrolling.
    await screenshots(page, 'teacher-result-nl');
  });

  await test.step('the participant sees the score and the feedback', async () => {
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
});

test('an English module reads in English: option texts on the result and in the CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const modulePath = `choices-${stamp}`;
  const { created, open } =
    await test.step('an administrator makes an English module and a participant answers it', async () => {
      const adminToken = await tokenOf(request, admin);
      await trpc(request, adminToken, 'module.create', {
        path: modulePath,
        module: { name: `Choices ${stamp}`, language: 'en', public: true },
      });
      const created = (await trpc(request, adminToken, 'page.create', {
        parentType: 'module',
        parentPath: modulePath,
        page: {
          ...choicePage(`Choices ${stamp}`, {
            method: 'Which method is hormonal?',
            pill: 'The pill',
            condom: 'The condom',
            rights: 'Which are sexual rights?',
            school: 'Sexuality education at school',
            health: 'Access to care',
            car: 'A car',
          }),
        },
      })) as { path: string };
      const open = (await trpc(request, adminToken, 'page.create', {
        parentType: 'module',
        parentPath: modulePath,
        page: {
          name: `Why ${stamp}`,
          type: 'question',
          content: [
            {
              type: 'textarea',
              questionType: 'open',
              name: 'why',
              label: 'Why does access matter?',
              schema: { maxScore: 2 },
            },
          ],
        },
      })) as { path: string };
      const participant = await newAccount(request, 'choosing', 'Chris Choices');
      await trpc(request, participant.token, 'result.save', {
        module: modulePath,
        page: created.path,
        result: { answers: { methode: 'option1', rechten: ['option2'] } },
      });
      // An answer a spreadsheet would run as a formula, over two lines.
      await trpc(request, participant.token, 'result.save', {
        module: modulePath,
        page: open.path,
        result: { answers: { why: '=1+1\nBecause "choices" are rights.' } },
      });
      return { created, open };
    });

  await test.step('the teacher downloads the CSV in English', async () => {
    await signIn(page, admin, `/admin/modules/${modulePath}/results`);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Results' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const [header, ...rows] = await csvLines(await downloading);
    expect(header).toContain(`"Name [name]"`);
    expect(header).toContain(
      `"Choices ${stamp}: Which method is hormonal? [${created.path}/methode/answer]"`,
    );
    expect(header).toContain(`"Why ${stamp}: Why does access matter? (score) [${open.path}/why]"`);
    expect(header).toContain(`"Total [total]","Maximum score [maxScore]","Percentage [percent]"`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(',"The pill",1,"Access to care",1,2,');
    // The open answer as text: neutralised, its quotes doubled, its line break inside the cell.
    expect(rows.join('\r\n')).toContain(`"'=1+1\nBecause ""choices"" are rights.","not yet scored",0,2,5,40`);
  });

  await test.step("open the participant's result in English", async () => {
    await page.getByRole('link', { name: 'Chris Choices' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Result of Chris Choices' })).toBeVisible();
    await expect(page.getByText('The pill', { exact: true })).toBeVisible();
    await expect(page.getByText('Access to care', { exact: true })).toBeVisible();
    await expect(page.getByText(/Because "choices" are rights\./)).toBeVisible();
    await expect(page.getByText(/option\d/)).toHaveCount(0);
    await expect(page.locator('.teacher-question__answer').first()).toHaveAttribute('lang', 'en');
    await expectNoSeriousViolations(page);
    await screenshots(page, 'teacher-result-en');
  });
});
