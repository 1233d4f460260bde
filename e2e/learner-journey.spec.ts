import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { codeFor } from './mail/mailbox';
import { horizontalOverflow, type Language, newAddress, signIn } from './support';

/**
 * The learner journey through the demo's gated module: answers saved as they go (and kept over a
 * reload), as drafts that spend nothing until 'Check answer' (questions with limited attempts),
 * attempts counted by the server until the question is locked, the next link waiting for right
 * checked answers, and the result at the end. Each run is a fresh participant.
 */

async function newParticipant(request: APIRequestContext) {
  const person = { email: newAddress('participant'), password: 'participant-password-1' };
  expect((await request.post('/auth/sign-up', { data: { name: 'Pat Participant', ...person } })).ok()).toBe(
    true,
  );
  const verified = await request.post('/auth/verify', {
    data: { email: person.email, code: await codeFor(person.email) },
  });
  expect(verified.ok()).toBe(true);
  return person;
}

async function participantPage(
  browser: Browser,
  request: APIRequestContext,
  language: Language,
  next: string,
) {
  return await test.step(
    `a new participant signs in and opens ${next}`,
    async () => {
      const person = await newParticipant(request);
      const context = await browser.newContext({ locale: 'nl-BE' });
      const page = await context.newPage();
      await signIn(page, person, next);
      // The footer's language picker, as a participant would.
      if (language !== 'nl') await page.getByLabel('Taal').selectOption(language);
      return { person, context, page };
    },
    { box: true },
  );
}

const texts = {
  nl: {
    start: 'Start',
    next: /Volgende/,
    check: 'Controleer mijn antwoord',
    status: (used: number, allowed: number) =>
      `Poging ${used} van ${allowed} gebruikt · ${
        allowed - used === 1 ? 'Nog 1 poging over' : `Nog ${allowed - used} pogingen over`
      }`,
    notChecked: ' · je wijziging is nog niet gecontroleerd',
    locked: (allowed: number) => `Alle ${allowed} pogingen gebruikt: je gecontroleerde antwoord ligt vast.`,
    lockedBadge: 'Vergrendeld',
    alreadyChecked: 'Dit antwoord is al gecontroleerd.',
    saved: 'Je antwoorden zijn bewaard.',
    waiting: 'Wachten op antwoorden...',
    toResult: /Naar je resultaat/,
    result: 'Je resultaat',
    total: 'Score: 3 van 3 (100%)',
  },
  en: {
    start: 'Start',
    next: /Next/,
    check: 'Check answer',
    status: (used: number, allowed: number) =>
      `Attempt ${used} of ${allowed} used · ${
        allowed - used === 1 ? '1 attempt left' : `${allowed - used} attempts left`
      }`,
    notChecked: ' · your change is not checked yet',
    locked: (allowed: number) => `All ${allowed} attempts used: your checked answer is final.`,
    lockedBadge: 'Locked',
    alreadyChecked: 'This answer has been checked.',
    saved: 'Your answers are saved.',
    // A contract text, verbatim (docs/adr/0009-contract-texts-stay-verbatim.md).
    waiting: 'Waiting for answers...',
    toResult: /See your result/,
    result: 'Your result',
    total: 'Score: 3 out of 3 (100%)',
  },
} as const;

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

for (const language of ['nl', 'en'] as const) {
  test(`a participant works through the gated module in ${language}`, async ({ browser, request }) => {
    // Four checks, a reload and two axe scans: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    const say = texts[language];
    const { page, context } = await participantPage(browser, request, language, '/module/srgr-kaders');
    const waiting = page.getByRole('button', { name: say.waiting });
    const sdg = page.getByRole('group', { name: /gendergelijkheid/ });
    const pillars = page.getByRole('group', { name: /pijlers/ });
    const sdgBox = page.locator('.question').filter({ has: sdg });
    const pillarsBox = page.locator('.question').filter({ has: pillars });
    const sdgCheck = sdgBox.getByRole('button', { name: say.check, exact: true });
    const pillarsCheck = pillarsBox.getByRole('button', { name: say.check, exact: true });
    await test.step('open the gated module and go past its text page to the questions', async () => {
      await expect(page.getByRole('heading', { level: 1, name: /Internationale kaders/ })).toBeVisible();
      await page.getByRole('link', { name: say.start }).click();

      // The text page has no questions: its next link is open.
      await page.getByRole('link', { name: say.next }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Controlevraag' })).toBeVisible();
      await expect(waiting).toHaveAttribute('aria-disabled', 'true');

      // Two attempts each: the sdg question's own, the pillars' one plus one per extra right option.
      await expect(sdgBox.locator('.question__status')).toHaveText(say.status(0, 2));
      await expect(pillarsBox.locator('.question__status')).toHaveText(say.status(0, 2));
    });

    await test.step('answer the SDG question wrongly and check it', async () => {
      // A wrong answer is saved as a draft: it spends no attempt until it is checked.
      await sdg.getByLabel('SDG 13').check();
      await expect(page.getByRole('status').filter({ hasText: say.saved })).toBeVisible();
      await expect(sdgBox.locator('.question__status')).toHaveText(say.status(0, 2));
      // Checking it: one attempt fewer, and the next link keeps waiting.
      await sdgCheck.click();
      await expect(sdgBox.locator('.question__status')).toHaveText(say.status(1, 2));
      await expect(sdgCheck).toHaveAttribute('aria-disabled', 'true');
      await expect(sdgBox.getByText(say.alreadyChecked)).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: say.saved })).toBeVisible();
      await expect(waiting).toBeVisible();
    });

    await test.step('answer half of the pillars question, check it and reload', async () => {
      // Half of a multiple choice, checked, then a reload: both answers are still there.
      await pillars.getByLabel('Het ICPD-actieprogramma').check();
      await expect(page.getByRole('status').filter({ hasText: say.saved })).toBeVisible();
      await expect(pillarsBox.locator('.question__status')).toHaveText(say.status(0, 2));
      await pillarsCheck.click();
      await expect(pillarsBox.locator('.question__status')).toHaveText(say.status(1, 2));
      await expect(page.getByRole('status').filter({ hasText: say.saved })).toBeVisible();
      await page.reload();
      await expect(sdg.getByLabel('SDG 13')).toBeChecked();
      await expect(pillars.getByLabel('Het ICPD-actieprogramma')).toBeChecked();
      await expect(sdgBox.locator('.question__status')).toHaveText(say.status(1, 2));
      await expect(pillarsBox.locator('.question__status')).toHaveText(say.status(1, 2));
      await expect(waiting).toBeVisible();
    });

    await test.step('answer the SDG question rightly and check it with the last attempt', async () => {
      // The right answer, not checked yet: still a draft, so the next link keeps waiting.
      await sdg.getByLabel('SDG 5').check();
      await expect(page.getByRole('status').filter({ hasText: say.saved })).toBeVisible();
      await expect(sdgBox.locator('.question__status')).toHaveText(`${say.status(1, 2)}${say.notChecked}`);
      await expect(waiting).toBeVisible();
      // Checking it uses the last attempt: the question is locked, read-only, and shows its info text.
      await sdgCheck.click();
      await expect(sdgBox.locator('.question__status')).toHaveText(say.locked(2));
      await expect(sdgBox.getByText(say.lockedBadge)).toBeVisible();
      await expect(sdgCheck).toHaveCount(0);
      await expect(sdg.getByLabel('SDG 13')).toBeDisabled();
      await expect(sdg.getByLabel('SDG 5')).toBeChecked();
      await expect(sdgBox.getByText('SDG 5 gaat over gendergelijkheid.')).toBeVisible();
      // One pillar out of two is not all correct yet.
      await expect(waiting).toBeVisible();
    });

    await test.step('answer the rest of the pillars question and check it', async () => {
      await pillars.getByLabel('Het Beijing Platform for Action').check();
      await expect(page.getByRole('status').filter({ hasText: say.saved })).toBeVisible();
      await expect(waiting).toBeVisible();
      await pillarsCheck.click();
      await expect(pillarsBox.locator('.question__status')).toHaveText(say.locked(2));
      await expect(waiting).toHaveCount(0);
      await expectNoSeriousViolations(page);
    });

    await test.step('open the result', async () => {
      // No next page: the link leads to the result.
      await page.getByRole('link', { name: say.toResult }).click();
      await expect(page).toHaveURL(/\/module\/srgr-kaders\/result$/);
      await expect(page.getByRole('heading', { level: 1, name: say.result })).toBeVisible();
      await expect(page.getByText(say.total)).toBeVisible();
      await expectNoSeriousViolations(page);
    });
    await context.close();
  });
}

test('a test module shows one participant the same order on reload and on a second device', async ({
  browser,
  request,
}) => {
  const { person, page, context } = await participantPage(browser, request, 'nl', '/module/srgr-eindtoets');
  const order = async (on: Page) => {
    await expect(on.locator('.page-list__item a').first()).toBeVisible();
    const pages = await on
      .locator('.page-list__item a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    await on.locator('.page-list__item a').first().click();
    // The page's question must be there before its options are read (allInnerTexts does not wait).
    await expect(on.locator('.question__options label').first()).toBeVisible();
    const options = await on.locator('.question__options label').allInnerTexts();
    return { pages, options };
  };
  // Page names are hidden in this test module.
  const first =
    await test.step('read the order of pages and options, then again after a reload', async () => {
      await expect(page.locator('.page-list__item a')).toHaveText(['Pagina 1', 'Pagina 2']);
      const first = await order(page);
      await page.goto('/module/srgr-eindtoets');
      expect(await order(page)).toEqual(first);
      return first;
    });

  await test.step('sign in on a second device and read the same order', async () => {
    const second = await browser.newContext({ locale: 'nl-BE' });
    const other = await second.newPage();
    await signIn(other, person, '/module/srgr-eindtoets');
    expect(await order(other)).toEqual(first);
    await second.close();
  });
  await context.close();
});

test('an unpublished module blocks its pages', async ({ browser, request }) => {
  // An admin makes a module of its own for this test, so no other journey sees it change.
  const { call, path } = await test.step('an administrator makes a module with one page', async () => {
    const signedIn = await request.post('/auth/sign-in', {
      data: { email: admin.email, password: admin.password },
    });
    const { idToken } = (await signedIn.json()) as { idToken: string };
    const headers = { authorization: `Bearer ${idToken}` };
    const call = async (procedure: string, data: object) => {
      const response = await request.post(`/trpc/${procedure}`, { headers, data });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { result: { data: { path: string } } }).result.data;
    };
    const { path } = await call('module.create', {
      module: { name: `Blocked ${Date.now()}`, language: 'nl' },
    });
    await call('page.create', {
      parentType: 'module',
      parentPath: path,
      page: {
        name: 'Eerste pagina',
        type: 'markdown',
        content: [{ type: 'markdown', name: 'tekst', text: 'Hallo' }],
      },
    });
    return { call, path };
  });

  const { page, context } = await test.step('a participant opens the first page', async () => {
    const { page, context } = await participantPage(browser, request, 'nl', `/module/${path}`);
    await page.getByRole('link', { name: 'Start' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Eerste pagina' })).toBeVisible();
    return { page, context };
  });
  await test.step('the administrator unpublishes the module and the page says it is blocked', async () => {
    await call('module.unpublish', { path });
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Deze pagina is niet langer beschikbaar.' }),
    ).toBeVisible();
    await expect(page.getByText('Een beheerder heeft de toegang tot deze inhoud geblokkeerd.')).toBeVisible();
  });
  await call('module.delete', { path });
  await context.close();
});

test('answering works on a phone and with the keyboard alone', async ({ browser, request }) => {
  const { context, page } = await test.step('sign in on a phone and open the question page', async () => {
    const person = await newParticipant(request);
    const context = await browser.newContext({ locale: 'nl-BE', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await signIn(page, person, '/module/srgr-begrippen');
    await page.getByRole('link', { name: 'Test je kennis' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Test je kennis' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    return { context, page };
  });
  const year = page.getByRole('group', { name: /ICPD-conferentie/ });
  await test.step('answer with the keyboard and check the answer', async () => {
    await year.getByLabel('1994').focus();
    await page.keyboard.press('Space');
    await expect(year.getByLabel('1994')).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: 'Je antwoorden zijn bewaard.' })).toBeVisible();
    // The choice is a draft until it is checked: the check button is the next stop of the keyboard.
    const yearBox = page.locator('.question').filter({ has: year });
    await expect(yearBox.locator('.question__status')).toHaveText(
      'Poging 0 van 1 gebruikt · Nog 1 poging over',
    );
    await page.keyboard.press('Tab');
    await expect(
      yearBox.getByRole('button', { name: 'Controleer mijn antwoord', exact: true }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(yearBox.getByText('Vergrendeld')).toBeVisible();
    await expect(year.getByLabel('1994')).toBeDisabled();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
  await test.step('reveal the right answers', async () => {
    // showCorrect: the answer is settled (no attempts left), so a button reveals the right one, marked
    // as the participant's right choice.
    await page.getByRole('button', { name: 'Toon de juiste antwoorden' }).press('Enter');
    await expect(year.getByText('✓ juist', { exact: true })).toBeVisible();
    await expect(year.getByText('✗ fout')).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
  await context.close();
});
