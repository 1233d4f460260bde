import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { type Language, procedures, screenshots, signIn } from './support';

/**
 * Drafts are not attempts (docs/adr/0007-drafts-are-not-attempts.md). For a question with limited
 * attempts every change is a draft: it is saved (and kept over a reload) but spends nothing; only
 * 'Check answer' spends an attempt, and the last one locks the question with the checked answer in
 * sight. A participant whose attempts run out behind an 'all-correct' gate is told who can help;
 * that teacher sees them stuck and gives another attempt, after which the participant passes the
 * gate and gets the module's certificate. And the demo's certificate module is no longer locked by
 * one mis-click.
 *
 * Every test makes its own accounts and content. The pauses of more than a second between keys are
 * deliberate: they let every change be saved on its own, which is what used to spend attempts.
 */

/** Longer than the 500 ms save debounce plus a round trip: each change is saved on its own. */
const PAUSE_MS = 1_200;

/** A browser context signed in as `account` on `next`, with the footer's language picked. */
async function signedInPage(
  browser: Browser,
  account: { email: string; password: string },
  next: string,
  language: Language = 'nl',
) {
  const context = await browser.newContext({ locale: 'nl-BE', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, account, next);
  if (language !== 'nl') await page.getByRole('contentinfo').getByLabel('Taal').selectOption(language);
  return { context, page };
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

const option = (label: string, value: string, score: number) => ({ label, value, score });

const texts = {
  nl: {
    used: (used: number, allowed: number) =>
      `Poging ${used} van ${allowed} gebruikt · ${allowed - used === 1 ? 'Nog 1 poging over' : `Nog ${allowed - used} pogingen over`}`,
    notChecked: ' · je wijziging is nog niet gecontroleerd',
    locked: (allowed: number) => `Alle ${allowed} pogingen gebruikt: je gecontroleerde antwoord ligt vast.`,
    lockedBadge: 'Vergrendeld',
    check: 'Controleer mijn antwoord',
    chooseFirst: 'Kies of schrijf eerst een antwoord.',
    alreadyChecked: 'Dit antwoord is al gecontroleerd.',
    spends: (count: number) =>
      count === 1
        ? 'Controleren gebruikt je laatste poging.'
        : `Controleren gebruikt één van je ${count} resterende pogingen.`,
    right: '✓ juist',
    rightAnswer: '✓ juist antwoord',
    wrong: '✗ fout',
    saved: 'Je antwoorden zijn bewaard.',
    content: {
      page: 'Oefenvragen',
      year: {
        label: 'In welk jaar vond de ICPD-conferentie plaats?',
        options: ['1990', '1994', '2000'],
        info: 'De ICPD-conferentie vond plaats in Caïro in 1994.',
      },
      open: { label: 'Wat neem je mee naar je project?', parts: ['Meer aandacht', ' voor jongeren', '.'] },
      parts: {
        label: 'Welke onderdelen horen bij SRGR?',
        options: ['Anticonceptie', 'Moedergezondheid', 'Wegenbouw'],
      },
    },
  },
  en: {
    used: (used: number, allowed: number) =>
      `Attempt ${used} of ${allowed} used · ${allowed - used === 1 ? '1 attempt left' : `${allowed - used} attempts left`}`,
    notChecked: ' · your change is not checked yet',
    locked: (allowed: number) => `All ${allowed} attempts used: your checked answer is final.`,
    lockedBadge: 'Locked',
    check: 'Check answer',
    chooseFirst: 'Choose or write an answer first.',
    alreadyChecked: 'This answer has been checked.',
    spends: (count: number) =>
      count === 1
        ? 'Checking uses your last attempt.'
        : `Checking uses one of your ${count} remaining attempts.`,
    right: '✓ right',
    rightAnswer: '✓ correct answer',
    wrong: '✗ wrong',
    saved: 'Your answers are saved.',
    content: {
      page: 'Practice questions',
      year: {
        label: 'In which year did the ICPD conference take place?',
        options: ['1990', '1994', '2000'],
        info: 'The ICPD conference took place in Cairo in 1994.',
      },
      open: {
        label: 'What do you take to your project?',
        parts: ['More attention', ' for young people', '.'],
      },
      parts: {
        label: 'Which belong to SRHR?',
        options: ['Contraception', 'Maternal health', 'Road building'],
      },
    },
  },
} as const;

/** One question on the learner page: its group, status line and 'Check answer' button. */
function questionOn(page: Page, label: string, say: (typeof texts)[Language & keyof typeof texts]) {
  const group = page.getByRole('group', { name: label });
  const box = page.locator('.question').filter({ has: group });
  return {
    group,
    box,
    status: box.locator('.question__status'),
    check: box.getByRole('button', { name: say.check }),
    hint: box.locator('.question__confirm-hint'),
  };
}

/** The option of a question and the mark next to it (right / wrong), read from its list item. */
const optionItem = (group: Locator, label: string) => group.getByRole('listitem').filter({ hasText: label });

for (const language of ['nl', 'en'] as const) {
  test.describe(`in ${language}`, () => {
    test('drafts spend nothing; each check spends one attempt; the last one locks the answer in sight', async ({
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      const say = texts[language];
      const { content } = say;
      const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 5);
      const { modulePath, created } =
        await test.step('an administrator makes a module with three questions', async () => {
          const adminToken = await tokenOf(request, admin);
          const modulePath = `concepten-${language}-${stamp}`;
          await trpc(request, adminToken, 'module.create', {
            path: modulePath,
            module: { name: `Concepten ${stamp}`, language, public: true },
          });
          const created = await trpc<{ path: string }>(request, adminToken, 'page.create', {
            parentType: 'module',
            parentPath: modulePath,
            page: {
              name: content.page,
              type: 'question',
              content: [
                {
                  type: 'radio',
                  questionType: 'single',
                  name: 'jaar',
                  label: content.year.label,
                  options: content.year.options.map((label, index) =>
                    option(label, `o${index + 1}`, index === 1 ? 1 : 0),
                  ),
                  schema: { autoShow: true, attempts: 2, info: content.year.info },
                },
                {
                  type: 'textarea',
                  questionType: 'open',
                  name: 'mee',
                  label: content.open.label,
                  schema: { attempts: 2, maxScore: 5 },
                },
                {
                  // Two right options: one attempt plus one per extra right option makes 2.
                  type: 'checkbox',
                  questionType: 'multiple',
                  name: 'onderdelen',
                  label: content.parts.label,
                  options: content.parts.options.map((label, index) =>
                    option(label, `o${index + 1}`, index < 2 ? 1 : -1),
                  ),
                  schema: { autoShow: true, attempts: 1, info: '' },
                },
              ],
            },
          });
          return { modulePath, created };
        });
      const { page, context } = await test.step('sign up and open the question page', async () => {
        const participant = await newAccount(request, 'drafter', `Dirk Draft ${stamp}`);
        const { page, context } = await signedInPage(
          browser,
          participant.account,
          `/module/${modulePath}/page/${created.path}`,
          language,
        );
        await expect(page.getByRole('heading', { level: 1, name: content.page })).toBeVisible();
        return { page, context };
      });

      const year = questionOn(page, content.year.label, say);
      const open = questionOn(page, content.open.label, say);
      const parts = questionOn(page, content.parts.label, say);
      const [y1990, y1994, y2000] = content.year.options.map((label) => year.group.getByLabel(label));
      const [contraception, maternal, roads] = content.parts.options.map((label) =>
        parts.group.getByLabel(label),
      );
      const textarea = page.getByRole('textbox', { name: content.open.label });
      await test.step('every question starts with nothing spent and nothing to check', async () => {
        for (const question of [year, open, parts]) {
          await expect(question.status).toHaveText(say.used(0, 2));
          await expect(question.check).toHaveAttribute('aria-disabled', 'true');
          await expect(question.hint).toHaveText(say.chooseFirst);
        }
      });

      await test.step('walk the year options with the arrow keys: drafts only', async () => {
        // The arrow keys walk through the options, right and wrong ones, resting between keys.
        await y1990!.focus();
        for (const [key, landsOn] of [
          ['ArrowDown', y1994],
          ['ArrowDown', y2000],
          ['ArrowUp', y1994],
          ['ArrowUp', y1990],
        ] as const) {
          await saving(page, () => page.keyboard.press(key));
          await expect(landsOn!).toBeChecked();
          await page.waitForTimeout(PAUSE_MS);
          await expect(year.status).toHaveText(say.used(0, 2));
        }
        await expect(year.check).toHaveAttribute('aria-disabled', 'false');
        await expect(year.hint).toHaveText(say.spends(2));
      });

      const written = await test.step('type the open answer with pauses: drafts only', async () => {
        // Typing with pauses: every pause saves a draft, none spends an attempt.
        await textarea.click();
        for (const part of content.open.parts) {
          await saving(page, () => textarea.pressSequentially(part, { delay: 40 }));
          await page.waitForTimeout(PAUSE_MS);
          await expect(open.status).toHaveText(say.used(0, 2));
        }
        const written = content.open.parts.join('');
        await expect(textarea).toHaveValue(written);
        return written;
      });

      await test.step('tick and untick the checkboxes: drafts only', async () => {
        // Ticking and unticking a wrong option: nothing spent, and an empty answer cannot be checked.
        await saving(page, () => roads!.check());
        await page.waitForTimeout(PAUSE_MS);
        await saving(page, () => roads!.uncheck());
        await page.waitForTimeout(PAUSE_MS);
        await expect(parts.status).toHaveText(say.used(0, 2));
        await expect(parts.check).toHaveAttribute('aria-disabled', 'true');
        await expect(parts.hint).toHaveText(say.chooseFirst);
        // Pressing it anyway (it stays focusable) spends nothing.
        await parts.check.press('Enter');
        await expect(parts.status).toHaveText(say.used(0, 2));
        // A draft of one right and one wrong option.
        await saving(page, () => contraception!.check());
        await saving(page, () => roads!.check());
        await page.waitForTimeout(PAUSE_MS);
        await expect(page.getByRole('status').filter({ hasText: say.saved })).toBeVisible();
        await expect(parts.status).toHaveText(say.used(0, 2));
        await screenshots(page, `draft-${language}`);
      });

      await test.step('reload: the drafts are kept and nothing is spent', async () => {
        // After a reload the drafts are still there, and still nothing is spent.
        await page.reload();
        await expect(y1990!).toBeChecked();
        await expect(textarea).toHaveValue(written);
        await expect(contraception!).toBeChecked();
        await expect(roads!).toBeChecked();
        await expect(maternal!).not.toBeChecked();
        for (const question of [year, open, parts]) {
          await expect(question.status).toHaveText(say.used(0, 2));
          await expect(question.check).toHaveAttribute('aria-disabled', 'false');
        }
        await expect(page.getByText(say.lockedBadge)).toHaveCount(0);
      });

      await test.step('check the year question twice: the last check locks it', async () => {
        // Checking a wrong answer spends one attempt, and stays spent over a reload.
        await saving(page, () => year.check.click());
        await expect(year.status).toHaveText(say.used(1, 2));
        await expect(year.check).toHaveAttribute('aria-disabled', 'true');
        await expect(year.hint).toHaveText(say.alreadyChecked);
        await page.reload();
        await expect(year.status).toHaveText(say.used(1, 2));
        await expect(y1990!).toBeChecked();
        // A new choice is a draft again, marked as not checked yet.
        await saving(page, () => y2000!.check());
        await expect(year.status).toHaveText(say.used(1, 2) + say.notChecked);
        await expect(year.hint).toHaveText(say.spends(1));
        // The last check locks the question with the checked (wrong) answer in sight, marked.
        await saving(page, () => year.check.click());
        await expect(year.status).toHaveText(say.locked(2));
        await expect(year.box.locator('legend')).toContainText(say.lockedBadge);
        await expect(y2000!).toBeChecked();
        await expect(y2000!).toBeDisabled();
        await expect(year.check).toHaveCount(0);
        await expect(optionItem(year.group, '2000')).toContainText(say.wrong);
        await expect(optionItem(year.group, '1994')).toContainText(say.rightAnswer);
        await expect(year.box.getByText(content.year.info)).toBeVisible();
      });

      await test.step('check the open answer twice: the last check locks it', async () => {
        // The open answer: the first check spends one; an edit and a second check lock it.
        await saving(page, () => open.check.click());
        await expect(open.status).toHaveText(say.used(1, 2));
        // After the reload the caret starts at the beginning: to the end first, as a user would.
        await textarea.click();
        await page.keyboard.press('Control+End');
        await saving(page, () => page.keyboard.type(' !', { delay: 40 }));
        await expect(open.status).toHaveText(say.used(1, 2) + say.notChecked);
        await saving(page, () => open.check.click());
        await expect(open.status).toHaveText(say.locked(2));
        await expect(textarea).toHaveValue(`${written} !`);
        await expect(textarea).toBeDisabled();
      });

      await test.step('check the checkboxes twice: the last check locks them', async () => {
        // The checkboxes: a wrong combination spends one; the last check locks with marks.
        await saving(page, () => parts.check.click());
        await expect(parts.status).toHaveText(say.used(1, 2));
        await saving(page, () => contraception!.uncheck());
        await saving(page, () => maternal!.check());
        await saving(page, () => parts.check.click());
        await expect(parts.status).toHaveText(say.locked(2));
        await expect(maternal!).toBeChecked();
        await expect(roads!).toBeChecked();
        await expect(contraception!).not.toBeChecked();
        await expect(optionItem(parts.group, content.parts.options[1])).toContainText(say.right);
        await expect(optionItem(parts.group, content.parts.options[2])).toContainText(say.wrong);
        await expect(optionItem(parts.group, content.parts.options[0])).toContainText(say.rightAnswer);
        await screenshots(page, `locked-${language}`);
      });

      await test.step('reload: everything stays locked', async () => {
        // Locked stays locked, with the checked answers, after a reload.
        await page.reload();
        await expect(year.status).toHaveText(say.locked(2));
        await expect(open.status).toHaveText(say.locked(2));
        await expect(parts.status).toHaveText(say.locked(2));
        await expect(y2000!).toBeChecked();
        await expect(textarea).toHaveValue(`${written} !`);
        await expect(maternal!).toBeChecked();
        await expect(roads!).toBeChecked();
        await expect(page.locator('.question--locked')).toHaveCount(3);
      });
      await context.close();
    });
  });
}

test('stuck behind an all-correct gate: the named teacher gives another attempt, then the certificate follows', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 5);
  const { teacher, modulePath, first, label, lastLabel } =
    await test.step('a teacher makes a gated module with two questions and a certificate', async () => {
      const adminToken = await tokenOf(request, admin);

      // A teacher with a known name owns the gated module (they create it) and its certificate config.
      const teacher = await newAccount(request, 'gate-teacher', `Tessa Lesgever ${stamp}`);
      await trpc(request, adminToken, 'user.setRoles', { _id: teacher.id, roles: ['teacher'] });
      const modulePath = `poort-${stamp}`;
      await trpc(request, teacher.token, 'module.create', {
        path: modulePath,
        module: {
          name: `Poort ${stamp}`,
          language: 'nl',
          public: true,
          gateProgress: true,
          gateConfig: ['all-correct'],
        },
      });
      const label = 'Welk duurzame-ontwikkelingsdoel gaat over gendergelijkheid?';
      const first = await trpc<{ path: string }>(request, teacher.token, 'page.create', {
        parentType: 'module',
        parentPath: modulePath,
        page: {
          name: 'Controlevraag',
          type: 'question',
          content: [
            {
              type: 'radio',
              questionType: 'single',
              name: 'sdg',
              label,
              options: [option('SDG 5', 'o1', 1), option('SDG 13', 'o2', 0), option('SDG 3', 'o3', 0)],
              schema: { autoShow: false, attempts: 2, info: 'SDG 5 gaat over gendergelijkheid.' },
            },
          ],
        },
      });
      const lastLabel = 'SRGR zijn mensenrechten.';
      await trpc(request, teacher.token, 'page.create', {
        parentType: 'module',
        parentPath: modulePath,
        page: {
          name: 'Slotvraag',
          type: 'question',
          content: [
            {
              type: 'radio',
              questionType: 'single',
              name: 'rechten',
              label: lastLabel,
              options: [option('Juist', 'o1', 1), option('Fout', 'o2', 0)],
              schema: { attempts: 0 },
            },
          ],
        },
      });
      await trpc(request, teacher.token, 'certificate.configureModule', {
        path: modulePath,
        config: { auto: true, complete: true, correct: true, content: { header: 'Certificaat' } },
      });
      return { teacher, modulePath, first, label, lastLabel };
    });

  // The participant checks wrong answers until the gate can no longer open.
  const { participant, page, context } =
    await test.step('a participant signs up and opens the gated question', async () => {
      const participant = await newAccount(request, 'stuck', `Sam Vast ${stamp}`);
      const { page, context } = await signedInPage(
        browser,
        participant.account,
        `/module/${modulePath}/page/${first.path}`,
      );
      return { participant, page, context };
    });
  const say = texts.nl;
  const question = questionOn(page, label, say);
  const waiting = page.getByRole('button', { name: 'Wachten op antwoorden...' });
  const notice = page.getByRole('note').filter({ hasText: 'Je kan deze pagina niet meer alleen afwerken.' });
  await test.step('check wrong answers until the question locks', async () => {
    await expect(question.status).toHaveText(say.used(0, 2));
    await saving(page, () => question.group.getByLabel('SDG 13').check());
    await saving(page, () => question.check.click());
    await expect(question.status).toHaveText(say.used(1, 2));
    await expect(waiting).toHaveAttribute('aria-disabled', 'true');
    await expect(notice).toHaveCount(0);
    await saving(page, () => question.group.getByLabel('SDG 3').check());
    await saving(page, () => question.check.click());
    await expect(question.status).toHaveText(say.locked(2));
  });

  await test.step('the page says who can help', async () => {
    // The page explains itself and names the teacher; the waiting button points to the explanation.
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(
      `Vraag ${teacher.name} om je een nieuwe poging te geven; daarna kan je de vraag opnieuw beantwoorden.`,
    );
    await expect(waiting).toHaveAttribute('aria-describedby', 'stuck-notice');
    await expect(page.getByRole('link', { name: /Volgende/ })).toHaveCount(0);
    await screenshots(page, 'stuck-page');
    // Asking from the notice is about the question it is stuck on; Escape closes without sending.
    const ask = notice.getByRole('button', { name: 'Vraag het je docent' });
    await ask.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Over de vraag “${label}”`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(ask).toBeFocused();
  });

  await test.step('the result says the same', async () => {
    // The result says the same, and does not advise completing pages or answering right.
    await page.goto(`/module/${modulePath}/result`);
    await expect(page.getByRole('heading', { level: 1, name: 'Je resultaat' })).toBeVisible();
    await expect(page.getByRole('note').filter({ hasText: teacher.name })).toBeVisible();
    // DEFECT (reported): the stuck page's state reads 'Voltooid' (completed) because result.tsx tests
    // `completed` before `stuck`; a soft check so the rest of the journey still runs.
    await expect.soft(page.getByRole('row', { name: /Controlevraag/ })).toContainText('Nieuwe poging nodig');
    await expect(page.getByRole('heading', { level: 2, name: 'Je certificaat' })).toBeVisible();
    await expect(
      page.getByText(
        `Een vraag heeft geen pogingen meer zonder het antwoord dat het certificaat vraagt. Vraag ${teacher.name} om een nieuwe poging.`,
      ),
    ).toBeVisible();
    await expect(
      page.getByText('Vervolledig elke pagina van deze module om het certificaat te krijgen.'),
    ).toHaveCount(0);
    await expect(page.getByText('Beantwoord elke vraag juist om het certificaat te krijgen.')).toHaveCount(0);
    await expect(page.getByText('Nog niet alle vragen zijn beantwoord.')).toHaveCount(0);
    await screenshots(page, 'stuck-result');
  });

  await test.step('the teacher sees the participant stuck and gives another attempt', async () => {
    // The teacher sees the participant flagged, opens their result and gives another attempt.
    const staff = await signedInPage(browser, teacher.account, `/admin/modules/${modulePath}/results`);
    const row = staff.page.getByRole('row', { name: new RegExp(participant.name) });
    await expect(row.getByText('Geblokkeerd op 1 pagina')).toBeVisible();
    await screenshots(staff.page, 'stuck-module-results');
    await row.getByRole('link', { name: participant.name }).click();
    await expect(
      staff.page.getByRole('heading', { level: 1, name: `Resultaat van ${participant.name}` }),
    ).toBeVisible();
    const scored = staff.page.locator('fieldset').filter({ hasText: label });
    await expect(staff.page.getByText('Geblokkeerd: nieuwe poging nodig')).toBeVisible();
    await expect(scored).toContainText('Pogingen: 2 van 2 gebruikt · alle pogingen gebruikt');
    await screenshots(staff.page, 'stuck-participant-result');
    await scored.getByRole('button', { name: 'Geef nog een poging' }).click();
    await expect(staff.page.getByText(`“${label}” heeft een extra poging gekregen.`)).toBeVisible();
    await expect(scored).toContainText('Pogingen: 2 van 3 gebruikt');
    await expect(scored.getByRole('button', { name: 'Geef nog een poging' })).toHaveCount(0);
    await expect(
      staff.page.getByRole('complementary').getByText(`Extra poging voor “${label}” (nu 3 pogingen)`),
    ).toBeVisible();
    await staff.context.close();
  });

  await test.step('answer right, finish the module and get the certificate', async () => {
    // The participant reloads: the question is open again; the right answer opens the gate.
    await page.goto(`/module/${modulePath}/page/${first.path}`);
    await expect(question.status).toHaveText(say.used(2, 3));
    await expect(notice).toHaveCount(0);
    await expect(page.locator('.question--locked')).toHaveCount(0);
    await saving(page, () => question.group.getByLabel('SDG 5').check());
    await expect(waiting).toBeVisible();
    await saving(page, () => question.check.click());
    await expect(question.status).toHaveText(say.locked(3));
    await page.getByRole('link', { name: /Volgende/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Slotvraag' })).toBeVisible();
    await saving(page, () => page.getByRole('group', { name: lastLabel }).getByLabel('Juist').check());
    await page.getByRole('link', { name: /Naar je resultaat/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Je resultaat' })).toBeVisible();
    await expect(page.getByText('Je hebt alle vragen van deze module beantwoord.')).toBeVisible();
    // The certificate follows, once the job has issued it.
    await expect(page.locator('.certificate-card').getByText('Geldig', { exact: true })).toBeVisible({
      timeout: 20_000,
    });
  });
  await context.close();
});

test("the demo's certificate module is not locked by ticking and unticking a wrong option", async ({
  browser,
  request,
}) => {
  const { page, context } = await test.step("open the demo module's question page", async () => {
    const participant = await newAccount(request, 'misclick', 'Mia Misklik');
    const { page, context } = await signedInPage(browser, participant.account, '/module/srgr-kaders');
    await page.getByRole('link', { name: 'Start' }).click();
    await page.getByRole('link', { name: /Volgende/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Controlevraag' })).toBeVisible();
    return { page, context };
  });
  const say = texts.nl;
  const pillars = questionOn(page, 'Welke documenten zijn pijlers van het SRGR-beleid?', say);
  const sdg = questionOn(page, 'Welk duurzame-ontwikkelingsdoel gaat over gendergelijkheid?', say);
  const kyoto = pillars.group.getByLabel('Het Kyoto-protocol');
  await expect(pillars.status).toHaveText(say.used(0, 2));

  await test.step('tick and untick a wrong option, then reload: nothing spent', async () => {
    await saving(page, () => kyoto.check());
    await saving(page, () => kyoto.uncheck());
    await page.waitForTimeout(PAUSE_MS);
    await page.reload();
    await expect(pillars.status).toHaveText(say.used(0, 2));
    await expect(sdg.status).toHaveText(say.used(0, 2));
    await expect(kyoto).not.toBeChecked();
    await expect(kyoto).toBeEnabled();
    await expect(page.locator('.question--locked')).toHaveCount(0);
    await expect(
      page.getByRole('note').filter({ hasText: 'Je kan deze pagina niet meer alleen afwerken.' }),
    ).toHaveCount(0);
  });
  await context.close();
});
