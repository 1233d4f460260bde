import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { signIn } from './support';

const texts = {
  nl: {
    title: 'Certificaten die verlopen',
    empty: 'Geen enkel certificaat verloopt de komende 90 dagen.',
    download: 'CSV downloaden',
    spreadsheet: 'Downloaden voor Excel (;)',
    kind: 'Soort',
  },
  en: {
    title: 'Expiring certificates',
    empty: 'No certificate expires in the next 90 days.',
    download: 'Download CSV',
    spreadsheet: 'Download for Excel (;)',
    kind: 'Kind',
  },
  fr: {
    title: 'Certificats qui expirent',
    empty: 'Aucun certificat n’expire dans les 90 prochains jours.',
    download: 'Télécharger le CSV',
    spreadsheet: 'Télécharger pour Excel (;)',
    kind: 'Type',
  },
} as const;

/**
 * The admin list of certificates expiring in the next 90 days (docs/guide/certificates.md), at 360
 * px, in each language. The demo server issues no certificate that expires that soon (certificates
 * issued through the API are valid for at least a year from now), so the list shows its empty
 * state; the rows and the CSV's rows are proven in tests/server/certificate-expiring.test.ts, the
 * spreadsheet variant's in tests/server/csv-variants.test.ts.
 */
for (const language of ['nl', 'en', 'fr'] as const) {
  test(`the expiring certificates screen works at 360 px and downloads its CSV in both variants (${language})`, async ({
    page,
  }) => {
    const words = texts[language];
    await signIn(page, admin);
    await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/admin/users/expiring-certificates');
    await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
    await expect(page.getByText(words.empty)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The admin navigation names the screen it is on.
    await expect(page.locator('.admin-nav [aria-current="page"]')).toHaveText(words.title);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: words.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^expiring-certificates-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await fs.readFile((await download.path()) as string, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFF"code","kind","item","itemName","_id","name","email","language","issuedAt","expiresAt","daysLeft","remindersSent"',
    );

    // The spreadsheet variant, from the keyboard: semicolons, headers in the page's language with keys.
    await page.getByRole('button', { name: words.spreadsheet }).focus();
    const sheetDownloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const sheet = await fs.readFile((await (await sheetDownloading).path()) as string, 'utf8');
    expect(sheet.split('\r\n')[0]).toMatch(
      new RegExp(`^\uFEFF"Code \\[code\\]";"${words.kind} \\[kind\\]";`),
    );
    expect(sheet.split('\r\n')[0]).toContain('[issuedAt/local]";');
    await page.screenshot({ path: test.info().outputPath(`expiring-certificates-${language}-360.png`) });
  });
}
