import { type Browser, expect, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * Drafts of a live course's settings (docs/adr/0019-drafts-of-live-content.md): its editor changes a
 * published course's information as a draft, and a participant keeps reading the old text; the
 * editor reads the changes and publishes them by keyboard after a confirmation; the participant then
 * reads the new text, and the course's history shows the draft and the publication as two steps.
 */

const oldInfo = 'Family planning for health workers.';
const newInfo = 'Family planning for health workers, with a new week on counselling.';

async function signedInPage(browser: Browser, account: { email: string; password: string }, next: string) {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, account, next);
  return page;
}

test("a published course's settings changed as a draft reach learners only once published", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const name = `Family planning ${id}`;
  const { coursePath, learner } = await test.step('a published course and a participant', async () => {
    const adminToken = await tokenOf(request, admin);
    const course = await trpc<{ path: string }>(request, adminToken, 'course.create', {
      course: { name, language: 'en', info: oldInfo },
    });
    const learner = await newAccount(request, 'course-drafts-learner', `Lee Learner ${id}`);
    return { coursePath: course.path, learner };
  });

  const editor = await signedInPage(browser, admin, `/admin/courses/${coursePath}`);
  const participant = await signedInPage(browser, learner.account, `/course/${coursePath}`);

  await test.step('the editor saves a change to the live course as a draft', async () => {
    await expect(editor.getByText('Learners see this course.', { exact: false })).toBeVisible();
    await editor.getByLabel('Name', { exact: true }).fill(`${name}, second edition`);
    await editor.getByRole('textbox', { name: 'Info' }).fill(newInfo);
    await editor.getByRole('button', { name: 'Save draft' }).click();
    await expect(
      editor.getByText('The draft has been saved. Learners still see the published settings.'),
    ).toBeVisible();
    await expect(
      editor.getByRole('heading', { name: 'Draft — learners still see the published settings' }),
    ).toBeVisible();
  });

  await test.step('the participant still reads the published information', async () => {
    await participant.goto(`/course/${coursePath}`);
    await expect(participant.getByText(oldInfo)).toBeVisible();
    await expect(participant.getByText(newInfo)).toHaveCount(0);
  });

  await test.step('the editor previews the draft as a learner will read it', async () => {
    await editor.getByRole('button', { name: 'Preview as a learner' }).click();
    const preview = editor.getByRole('region', { name: /as a learner will read it/ });
    await expect(preview.getByRole('heading', { name: `${name}, second edition` })).toBeVisible();
    await expect(preview.getByText(newInfo)).toBeVisible();
    await screenshots(editor, 'course-draft-preview');
  });

  await test.step('the editor reads the changes, then publishes them by keyboard after confirming', async () => {
    await editor.getByRole('button', { name: 'Show changes' }).click();
    const changes = editor.getByRole('region', { name: /What the draft changes/ });
    await expect(changes.locator('ins').filter({ hasText: 'counselling' })).toBeVisible();
    await screenshots(editor, 'course-draft-changes');
    await editor.getByRole('button', { name: 'Publish changes' }).focus();
    await editor.keyboard.press('Enter');
    const dialog = editor.getByRole('dialog', { name: 'Publish the changes?' });
    await expect(dialog).toBeVisible();
    await editor.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Publish changes' })).toBeFocused();
    await editor.keyboard.press('Enter');
    await expect(editor.getByText('The changes are published: learners see them now.')).toBeVisible();
    await expect(editor.getByRole('heading', { name: /^Draft/ })).toHaveCount(0);
  });

  await test.step('the participant reads the new information', async () => {
    await participant.goto(`/course/${coursePath}`);
    await expect(participant.getByText(newInfo)).toBeVisible();
    await expect(
      participant.getByRole('heading', { level: 1, name: `${name}, second edition` }),
    ).toBeVisible();
  });

  await test.step('the history shows the draft and the publication as steps', async () => {
    const history = editor.getByRole('complementary', { name: 'History' });
    // Each step names the course as it was then: the draft kept the live name.
    const renamed = `${name}, second edition`;
    await expect(history.getByText(`Draft of the settings of course “${name}” saved by you`)).toBeVisible();
    await expect(
      history.getByText(`Changes to the settings of course “${renamed}” published by you`),
    ).toBeVisible();
    await screenshots(editor, 'course-draft-published');
  });
});
