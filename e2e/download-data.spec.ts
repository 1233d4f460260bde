import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * 'Download my data' (GDPR articles 15 and 20;
 * docs/security.md#your-data-download-and-subject-access-requests): a participant downloads a JSON
 * and a readable copy of their data from their profile; an administrator produces the same from the
 * user's page, after a confirmation, and the history says so.
 */
test('a participant downloads their own data from the profile, as JSON and as a page', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const person = await newAccount(request, 'mydata', `Dana Download ${stamp}`);
  // A long profile text makes one wide column in the account's history, beside narrow ones.
  const description = 'Vroedvrouw in een districtsziekenhuis, begeleidt teams rond gezinsplanning. '.repeat(
    8,
  );
  await trpc(request, person.token, 'user.updateProfile', { name: person.name, description, language: 'nl' });
  await signIn(page, person.account, '/user');
  await page.waitForURL('**/user');

  const panel = page.getByRole('region', { name: 'Je gegevens' });
  await expect(panel).toBeVisible();
  await screenshots(page, 'download-data-profile');

  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Mijn gegevens downloaden (JSON)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await fs.readFile((await download.path()) as string, 'utf8'));
  expect(data.userId).toBe(person.id);
  expect(data.profile.email).toBe(person.account.email);
  expect(data.profile.name).toBe(person.name);
  await expect(panel.getByText('Je bestand is gedownload.')).toBeVisible();

  // The readable page, from the keyboard.
  const readable = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Leesbare pagina (HTML)' }).focus();
  await page.keyboard.press('Enter');
  const html = await fs.readFile((await (await readable).path()) as string, 'utf8');
  expect(html).toContain('<html lang="nl">');
  expect(html).toContain(person.account.email);

  // On a wide screen, the narrow columns keep their words whole ('Door', not 'Do' over 'or').
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.setContent(html);
  const account = page.getByRole('region', { name: 'Geschiedenis van je account' });
  await expect(account).toContainText(description.trim().slice(0, 40));
  const broken = await account.locator('th, td').evaluateAll((cells) =>
    cells
      .filter((cell) => {
        // A word broken across lines is wider than the cell's content box when set on one line.
        const style = getComputedStyle(cell);
        const room =
          cell.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return (cell.textContent ?? '').split(/\s+/).some((word) => {
          const probe = document.createElement('span');
          probe.textContent = word;
          probe.style.cssText = 'position:absolute;white-space:nowrap;visibility:hidden';
          cell.append(probe);
          const wide = probe.getBoundingClientRect().width > room + 0.5;
          probe.remove();
          return wide;
        });
      })
      .map((cell) => cell.textContent),
  );
  expect(broken, 'cells whose words do not fit their column').toEqual([]);

  // The file itself reads well on a phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.setContent(html);
  await page.screenshot({ path: test.info().outputPath('download-data-file-360.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("an administrator exports a user's data after a confirmation, recorded in the history", async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const person = await newAccount(request, 'sar', `Sam Subject ${stamp}`);
  await signIn(page, admin, `/admin/users/${person.id}`);
  await page.waitForURL(`**/admin/users/${person.id}`);

  const panel = page.getByRole('region', { name: 'Persoonsgegevens' });
  await panel.getByRole('button', { name: 'Exporteren als JSON' }).click();
  const dialog = page.getByRole('dialog', { name: 'Persoonsgegevens' });
  await expect(dialog).toContainText('vastgelegd in de geschiedenis');
  await screenshots(page, 'download-data-admin-confirm');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Exporteren en vastleggen' }).click();
  const download = await downloading;
  const data = JSON.parse(await fs.readFile((await download.path()) as string, 'utf8'));
  expect(data.profile.email).toBe(person.account.email);
  await expect(panel.getByText('De export is gedownload en vastgelegd in de geschiedenis.')).toBeVisible();
  await expect(
    page.getByText(`Persoonsgegevens van ${person.name} geëxporteerd door jou (${admin.name})`),
  ).toBeVisible();
  await screenshots(page, 'download-data-admin');
});
