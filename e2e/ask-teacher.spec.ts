import { expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { mailsTo } from './mail/mailbox';
import { noSeriousProblems, signIn } from './support';

/**
 * "Ask the teacher", by keyboard only: a learner asks from a module's page, the module's owner
 * reads it in the inbox (mailed to them) and answers, the learner reads the answer in Messages
 * (mailed too). Screenshots at 1280 and 360 px, no serious accessibility problem on any screen.
 */

async function shots(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    if (process.env.ASK_SHOTS)
      await page.screenshot({ path: `${process.env.ASK_SHOTS}-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Mails to `to` whose text holds `phrase`, waiting for the background job to send one. */
async function mailWith(to: string, phrase: string) {
  let text = '';
  await expect
    .poll(
      async () => {
        text = (await mailsTo(to)).find((mail) => mail.text.includes(phrase))?.text ?? '';
        return text;
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .not.toBe('');
  return text;
}

test('a learner asks the teacher from a page, the owner answers, the learner reads it', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const suffix = Date.now().toString(36);
  const module = `ask-${suffix}`;
  const question = `Why wash for twenty seconds (${suffix})?`;
  const answer = `Because soap needs time (${suffix}).`;

  const { learner, pagePath } = await test.step('an owner’s module with a page, and a learner', async () => {
    const token = await tokenOf(request, admin);
    await trpc(request, token, 'module.create', {
      path: module,
      module: { name: 'Hand hygiene', language: 'en' },
    });
    const created = await trpc<{ path: string }>(request, token, 'page.create', {
      parentType: 'module',
      parentPath: module,
      page: {
        name: 'Washing hands',
        type: 'markdown',
        content: [{ type: 'markdown', name: 'text', text: 'Wash well.' }],
      },
    });
    const learner = await newAccount(request, 'asker', `Ada Asker ${suffix}`);
    return { learner, pagePath: created.path };
  });

  const learnerContext = await browser.newContext({ locale: 'en-GB' });
  const asker = await learnerContext.newPage();
  let thread = '';
  await test.step('the learner asks from the page, by keyboard', async () => {
    await signIn(asker, learner.account, `/module/${module}/page/${pagePath}`);
    const ask = asker.getByRole('button', { name: 'Ask the teacher' });
    await ask.focus();
    await asker.keyboard.press('Enter');
    const dialog = asker.getByRole('dialog', { name: 'Question about “Washing hands”' });
    await expect(dialog).toBeVisible();
    const field = dialog.getByRole('textbox', { name: 'Your question' });
    await expect(field).toBeFocused();
    // Sending nothing says so at the field.
    await asker.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeFocused();
    await asker.keyboard.press('Enter');
    await expect(field).toBeFocused();
    await expect(field).toHaveAccessibleDescription(/This field is required/);
    await asker.keyboard.type(question);
    await asker.keyboard.press('Tab');
    await asker.keyboard.press('Enter');
    await expect(dialog.getByText('Your question was sent.')).toBeVisible();
    const href = await dialog.getByRole('link', { name: 'Go to Messages' }).getAttribute('href');
    thread = /\/messages\/([\w-]+)/.exec(href ?? '')?.[1] ?? '';
    expect(thread).not.toBe('');
    await noSeriousProblems(asker);
    await shots(asker, 'ask-dialog');
    await asker.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(ask).toBeFocused();
  });

  await test.step('the owner is mailed a link to the thread', async () => {
    const mail = await mailWith(admin.email, `/admin/messages/${thread}`);
    // In the owner's own language, naming the page.
    expect(mail).toContain('Washing hands');
    expect(mail).not.toContain(question);
  });

  const ownerContext = await browser.newContext({ locale: 'en-GB' });
  const owner = await ownerContext.newPage();
  await test.step('the owner finds it in the inbox and answers, by keyboard', async () => {
    await signIn(owner, admin, '/admin/messages');
    // The admin area and its texts load on the first visit.
    await expect(owner.getByRole('heading', { name: 'Questions from learners' })).toBeVisible({
      timeout: 30_000,
    });
    const link = owner.getByRole('listitem').filter({ hasText: question }).getByRole('link');
    await expect(owner.getByText(question)).toBeVisible();
    await noSeriousProblems(owner);
    await shots(owner, 'inbox');
    await link.focus();
    await owner.keyboard.press('Enter');
    await expect(owner).toHaveURL(new RegExp(`/admin/messages/${thread}$`));
    await expect(owner.getByText(question)).toBeVisible();
    await expect(owner.getByText(`From Ada Asker ${suffix}`)).toBeVisible();
    const reply = owner.getByRole('textbox', { name: 'Your answer' });
    await reply.focus();
    await owner.keyboard.type(answer);
    await owner.keyboard.press('Tab');
    await expect(owner.getByRole('button', { name: 'Send answer' })).toBeFocused();
    await owner.keyboard.press('Enter');
    await expect(owner.getByText('Your answer was sent.')).toBeVisible();
    await expect(owner.getByText(answer)).toBeVisible();
    await noSeriousProblems(owner);
    await shots(owner, 'inbox-thread');
  });

  await test.step('the learner is mailed, and reads the answer in Messages', async () => {
    const mail = await mailWith(learner.account.email, `/messages/${thread}`);
    expect(mail).toContain('Washing hands');
    await asker.goto('/messages');
    await expect(asker.getByRole('heading', { name: 'Messages' })).toBeVisible();
    await expect(asker.getByText('1 new reply')).toBeVisible();
    await noSeriousProblems(asker);
    await shots(asker, 'messages');
    const open = asker.getByRole('link', { name: 'Hand hygiene › Washing hands' });
    await open.focus();
    await asker.keyboard.press('Enter');
    await expect(asker.getByText(answer)).toBeVisible();
    await expect(asker.getByText(question)).toBeVisible();
    await noSeriousProblems(asker);
    await shots(asker, 'messages-thread');
  });

  await test.step('the owner closes the thread after confirming', async () => {
    await owner.getByRole('button', { name: 'Close conversation' }).focus();
    await owner.keyboard.press('Enter');
    const confirm = owner.getByRole('dialog', { name: 'Close conversation' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Close conversation' }).focus();
    await owner.keyboard.press('Enter');
    await expect(owner.getByText('The conversation is closed.')).toBeVisible();
    await asker.reload();
    await expect(asker.getByText('This conversation is closed.')).toBeVisible();
  });

  await learnerContext.close();
  await ownerContext.close();
});
