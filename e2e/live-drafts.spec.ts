import { type Browser, expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * Safe editing of live content (docs/adr/0019-drafts-of-live-content.md): the teacher who owns a
 * published module changes one of its pages as a draft, and a participant keeps seeing the old
 * version; the teacher previews the draft as a learner, reads its changes, and publishes them (by
 * keyboard, after a confirmation); the participant then sees the new version, and the page's
 * history shows the draft and the publication as two steps. The module's information goes the same
 * way: a draft learners do not see, its changes, published after a confirmation.
 */

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function signedInPage(browser: Browser, account: { email: string; password: string }, next: string) {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, account, next);
  return { context, page };
}

const oldText = 'Consent is given freely.';
const newText = 'Consent is given freely and can be withdrawn at any time.';

/** The participant's page, read afresh. */
async function learnerSees(page: Page, url: string) {
  await page.goto(url);
  return page.getByRole('main');
}

test("a published page, and a published module's settings, changed as a draft reach learners only once published", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const id = stamp();
  const { author, learner, modulePath, pagePath, pageName } =
    await test.step('a published module and its page', async () => {
      const adminToken = await tokenOf(request, admin);
      const author = await newAccount(request, 'drafts-author', `Ann Author ${id}`);
      await trpc(request, adminToken, 'user.setRoles', { _id: author.id, roles: ['teacher'] });
      const learner = await newAccount(request, 'drafts-learner', `Lee Learner ${id}`);
      const module = await trpc<{ path: string }>(request, adminToken, 'module.create', {
        module: { name: `Consent ${id}`, language: 'en', info: 'How consent works.' },
      });
      await trpc(request, adminToken, 'module.addOwner', { path: module.path, userId: author.id });
      const pageName = `What consent is ${id}`;
      const page = await trpc<{ path: string }>(request, author.token, 'page.create', {
        parentType: 'module',
        parentPath: module.path,
        page: {
          name: pageName,
          type: 'markdown',
          content: [{ type: 'markdown', name: 'intro', text: oldText }],
        },
      });
      return { author, learner, modulePath: module.path, pagePath: page.path, pageName };
    });
  const learnerUrl = `/module/${modulePath}/page/${pagePath}`;

  const { page: editor } = await signedInPage(browser, author.account, `/admin/pages/${pagePath}`);
  const { page: participant } = await signedInPage(browser, learner.account, learnerUrl);

  await test.step('the author saves a change to the live page as a draft', async () => {
    await expect(editor.getByText('Learners see this page.')).toBeVisible();
    await editor.getByRole('textbox', { name: 'Text' }).fill(newText);
    await editor.getByRole('button', { name: 'Save draft' }).click();
    await expect(
      editor.getByText('The draft has been saved. Learners still see the published version.'),
    ).toBeVisible();
    await expect(
      editor.getByRole('heading', { name: 'Draft — learners still see the published version' }),
    ).toBeVisible();
  });

  await test.step('the learner still sees the published version', async () => {
    const main = await learnerSees(participant, learnerUrl);
    await expect(main.getByText(oldText)).toBeVisible();
    await expect(main.getByText(newText)).toHaveCount(0);
  });

  await test.step('the author previews the draft as a learner and reads its changes', async () => {
    await editor.getByRole('button', { name: 'Preview as a learner' }).click();
    const preview = editor.getByRole('region', { name: /The draft as a learner sees it/ });
    await expect(preview.getByText(newText)).toBeVisible();
    await editor.getByRole('button', { name: 'Show changes' }).click();
    const changes = editor.getByRole('region', { name: /What the draft changes/ });
    await expect(changes.getByText('Element 1 (text intro) changed')).toBeVisible();
    await expect(changes.locator('ins')).toContainText('withdrawn');
    await screenshots(editor, 'draft-changes');
  });

  await test.step('the author publishes the changes with the keyboard, after confirming', async () => {
    await editor.getByRole('button', { name: 'Publish changes' }).focus();
    await editor.keyboard.press('Enter');
    const dialog = editor.getByRole('dialog', { name: 'Publish the changes?' });
    await expect(dialog).toBeVisible();
    // Focus starts on Cancel, the safe choice; Tab reaches the confirmation.
    await editor.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Publish changes' })).toBeFocused();
    await editor.keyboard.press('Enter');
    await expect(editor.getByText('The changes are published: learners see them now.')).toBeVisible();
    await expect(editor.getByRole('heading', { name: /^Draft/ })).toHaveCount(0);
  });

  await test.step('the learner sees the new version', async () => {
    const main = await learnerSees(participant, learnerUrl);
    await expect(main.getByText(newText)).toBeVisible();
  });

  await test.step('the history shows the draft and the publication as readable steps', async () => {
    const history = editor.getByRole('complementary', { name: 'History' });
    await expect(history.getByText(`Draft of page “${pageName}” saved by you`)).toBeVisible();
    await expect(history.getByText(`Changes to page “${pageName}” published by you`)).toBeVisible();
    await expect(history.getByText('element 1 (text intro) changed').first()).toBeVisible();
    await screenshots(editor, 'draft-published');
  });

  await test.step("the module's settings: a draft of its information reaches learners once published", async () => {
    await editor.goto(`/admin/modules/${modulePath}`);
    await expect(editor.getByText('Learners see this module.')).toBeVisible();
    await editor
      .getByRole('textbox', { name: 'Info' })
      .fill('How consent works, and how it can be withdrawn.');
    await editor.getByRole('button', { name: 'Save draft' }).click();
    await expect(
      editor.getByRole('heading', { name: 'Draft — learners still see the published settings' }),
    ).toBeVisible();
    await participant.goto(`/module/${modulePath}`);
    await expect(participant.getByText('How consent works.')).toBeVisible();

    await editor.getByRole('button', { name: 'Preview as a learner' }).click();
    await expect(
      editor
        .getByRole('region', { name: /as a learner will read it/ })
        .getByText('How consent works, and how it can be withdrawn.'),
    ).toBeVisible();
    await editor.getByRole('button', { name: 'Show changes' }).click();
    await expect(editor.locator('ins')).toContainText('withdrawn');
    await editor.getByRole('button', { name: 'Publish changes' }).click();
    await editor.getByRole('dialog').getByRole('button', { name: 'Publish changes' }).click();
    await expect(editor.getByText('The changes are published: learners see them now.')).toBeVisible();
    await participant.goto(`/module/${modulePath}`);
    await expect(participant.getByText('How consent works, and how it can be withdrawn.')).toBeVisible();
    const history = editor.getByRole('complementary', { name: 'History' });
    await expect(history.getByText(/Changes to the settings of module .* published by you/)).toBeVisible();
    await screenshots(editor, 'module-draft-published');
  });
});
