import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { mailsTo } from './mail/mailbox';
import { rememberLanguage, screenshots, signIn } from './support';

/**
 * People in bulk: an administrator pastes rows, reads the preview (a bad row explained, nothing
 * written), imports, and the new person follows the invitation mail's link from the mailbox to
 * choose a password and is signed in; the spent link then says so and offers a new one.
 */
test('an admin imports people, and an invited person sets a password from the mailed link', async ({
  page,
  browser,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const email = `imported-${stamp}@example.org`;
  const rows = `name\te-mail\tlanguage\nInès Imported ${stamp}\t${email}\ten\nNo Address\tnot-an-address\ten\n`;

  await test.step('preview the pasted rows', async () => {
    await rememberLanguage(page, 'en');
    await signIn(page, admin, '/admin/users');
    await page.getByRole('link', { name: 'Import users' }).click();
    await expect(page.getByRole('heading', { name: 'Import users', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Or paste the rows here' }).fill(rows);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('heading', { name: 'Preview: nothing is written yet' })).toBeVisible();
    const bad = page.getByRole('row', { name: /not-an-address/ });
    await expect(bad.getByText('The e-mail address is invalid.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(email) }).getByText('New account')).toBeVisible();
    await screenshots(page, 'import-preview');
    expect(await mailsTo(email)).toEqual([]);
  });

  await test.step('import', async () => {
    await page.getByRole('button', { name: 'Import 1 row' }).click();
    await expect(page.getByRole('heading', { name: 'Result of the import' })).toBeVisible();
    await expect(page.getByText('1 new, 0 linked, 0 unchanged, 1 refused')).toBeVisible();
  });

  const link = await test.step('the invitation arrives with a link', async () => {
    let found = '';
    await expect
      .poll(
        async () => {
          const text = (await mailsTo(email)).at(-1)?.text ?? '';
          found = /(https?:\/\/\S+\/invitation#[\w-]+)/.exec(text)?.[1] ?? '';
          return found;
        },
        { timeout: 20_000, intervals: [250, 500, 1000] },
      )
      .not.toBe('');
    return new URL(found);
  });

  const invited = await browser.newPage();
  const path = `${link.pathname}${link.hash}`;
  await test.step('the invited person chooses a password and is signed in', async () => {
    await rememberLanguage(invited, 'en');
    await invited.goto(path);
    await expect(invited.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await invited.getByLabel('New password', { exact: true }).fill('imported-passphrase-1');
    await invited.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(invited).toHaveURL(/\/$/);
    await invited.goto('/user');
    await expect(invited.getByRole('textbox', { name: 'Name' })).toHaveValue(`Inès Imported ${stamp}`);
  });

  await test.step('the link works once', async () => {
    const other = await browser.newPage();
    await rememberLanguage(other, 'en');
    await other.goto(path);
    await other.getByLabel('New password', { exact: true }).fill('someone-else-passphrase');
    await other.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(other.getByText(/expired or was already used/)).toBeVisible();
    await expect(other.getByRole('button', { name: 'Send a new link' })).toBeVisible();
    await screenshots(other, 'invitation-spent');
    await other.close();
  });
  await invited.close();
});

/** Selected people linked to a course in one go, then unlinked after a confirmation and put back by undo. */
test('an admin links selected people to a course, unlinks them and undoes it', async ({ page }) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  await rememberLanguage(page, 'en');
  await signIn(page, admin, '/admin/users/import');
  await page
    .getByRole('textbox', { name: 'Or paste the rows here' })
    .fill(
      `name;email;language\nBulk One ${stamp};bulk-one-${stamp}@example.org;en\nBulk Two ${stamp};bulk-two-${stamp}@example.org;nl\n`,
    );
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByRole('heading', { name: 'Result of the import' })).toBeVisible();

  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(stamp);
  // The header row and the two people found: the search has answered.
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select everyone shown' }).check();
  await expect(page.getByText('2 people selected')).toBeVisible();
  const target = page.getByRole('combobox', { name: 'Course or module' });
  const course = (await target.locator('optgroup').first().locator('option').first().textContent()) ?? '';
  await target.selectOption({ label: course });
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(page.getByText(`2 people linked to “${course}”.`)).toBeVisible();
  await screenshots(page, 'bulk-link');
  await page.getByRole('button', { name: 'Unlink', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByText(`2 people unlinked from “${course}”.`)).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(`2 people linked to “${course}” again.`)).toBeVisible();
});
