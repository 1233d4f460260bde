import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount } from './api';
import { horizontalOverflow, screenshots, signIn } from './support';

/**
 * /admin/settings (docs/operations/monitoring.md#the-effective-settings): an administrator reads
 * how the platform runs — tenant, languages and pages, sign-up, analytics, storage, mail, database,
 * jobs and version — read-only, secrets shown only as set or not; anyone else gets the not-allowed
 * screen.
 */
test('an administrator reads the effective configuration, and no secret reaches the browser', async ({
  page,
}) => {
  const answers: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('settings.effective')) answers.push(await response.text());
  });
  await signIn(page, admin, '/admin');
  await page.waitForURL('**/admin');
  // From the overview's card, like every other admin screen.
  await page.getByRole('heading', { level: 2, name: 'Platforminstellingen' }).getByRole('link').click();
  await page.waitForURL('**/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Platforminstellingen' })).toBeVisible();
  await expect(page.getByText('de omgevingsvariabelen en het tenantbestand')).toBeVisible();

  const tenant = page.getByRole('region', { name: 'Tenant', exact: true });
  await expect(tenant.getByText('SRHR Academy', { exact: true })).toBeVisible();
  const pages = page.getByRole('region', { name: "Talen en pagina's" });
  await expect(pages.getByRole('link', { name: '/over-ons' })).toBeVisible();
  const database = page.getByRole('region', { name: 'Database', exact: true });
  await expect(database.getByText('ingebouwd (PGlite)')).toBeVisible();
  const mail = page.getByRole('region', { name: 'E-mail', exact: true });
  await expect(mail.getByText('via een SMTP-server')).toBeVisible();
  const secrets = page.getByRole('region', { name: 'Aanmelden en geheimen' });
  const adminPassword = secrets.locator('div', { has: page.getByText('ADMIN_PASSWORD', { exact: true }) });
  await expect(adminPassword.getByText('ingesteld', { exact: true })).toBeVisible();

  const jobs = page.getByRole('region', { name: 'Taken', exact: true });
  await expect(jobs.getByRole('rowheader', { name: 'mail.send' })).toBeVisible();
  await expect(jobs.getByRole('rowheader', { name: 'rate-limits.sweep' })).toBeVisible();
  await expect(jobs.getByText(/^Geteld op \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/)).toBeVisible();

  // The counts again, from the keyboard.
  const counted = page.waitForResponse((response) => response.url().includes('settings.effective'));
  await jobs.getByRole('button', { name: 'Tellingen vernieuwen' }).focus();
  await page.keyboard.press('Enter');
  await counted;
  await expect(jobs.getByRole('button', { name: 'Tellingen vernieuwen' })).toBeEnabled();
  expect(answers.length).toBeGreaterThanOrEqual(2);

  // The administrator's password is set on this server: never in an answer, never on the page.
  for (const answer of answers) expect(answer).not.toContain(admin.password);
  expect(await page.content()).not.toContain(admin.password);

  await screenshots(page, 'admin-settings');
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
});

test('a participant gets the not-allowed screen and no settings', async ({ page, request }) => {
  const person = await newAccount(request, 'settings', 'Pia Participant');
  const asked: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('settings.effective')) asked.push(sent.url());
  });
  await signIn(page, person.account, '/admin/settings');
  await page.waitForURL('**/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Platforminstellingen' })).toHaveCount(0);
  expect(asked).toEqual([]);

  const refused = await request.get('/trpc/settings.effective', {
    headers: { authorization: `Bearer ${person.token}` },
  });
  expect(refused.status()).toBe(403);
});
