import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { pdfText } from '../tests/pdf-text';
import { admin } from './accounts';
import { codeFor } from './mail/mailbox';
import { horizontalOverflow, newAddress, signIn } from './support';

/**
 * A participant finishes the demo's gated module (whose certificate config issues it automatically
 * once every answer is right): the certificate follows the result, its PDF carries the name and the
 * verification code, and the public verification page says valid, then revoked after an admin
 * revokes it.
 */

async function idTokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const signedIn = await request.post('/auth/sign-in', { data: account });
  expect(signedIn.ok()).toBe(true);
  return ((await signedIn.json()) as { idToken: string }).idToken;
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test('a certificate after the result: PDF, verification, revocation', async ({ browser, request }) => {
  // Four browser contexts, a PDF and a background job: on a busy two-core machine this takes 30 s.
  test.setTimeout(90_000);
  const { person, name } = await test.step('sign up a new participant', async () => {
    const person = { email: newAddress('certified'), password: 'participant-password-1' };
    const name = `Cora Certified ${Date.now().toString(36)}`;
    expect((await request.post('/auth/sign-up', { data: { name, ...person } })).ok()).toBe(true);
    const verified = await request.post('/auth/verify', {
      data: { email: person.email, code: await codeFor(person.email) },
    });
    expect(verified.ok()).toBe(true);
    return { person, name };
  });

  const { context, page } =
    await test.step('answer the gated module rightly and open the result', async () => {
      const context = await browser.newContext({ locale: 'nl-BE', acceptDownloads: true });
      const page = await context.newPage();
      await signIn(page, person, '/module/srgr-kaders');
      await page.getByRole('link', { name: 'Start' }).click();
      await page.getByRole('link', { name: /Volgende/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Controlevraag' })).toBeVisible();
      // Both questions have limited attempts: each answer counts once it is checked.
      const sdg = page.getByRole('group', { name: /gendergelijkheid/ });
      await sdg.getByLabel('SDG 5').check();
      await page
        .locator('.question')
        .filter({ has: sdg })
        .getByRole('button', { name: 'Controleer mijn antwoord', exact: true })
        .click();
      const pillars = page.getByRole('group', { name: /pijlers/ });
      await pillars.getByLabel('Het ICPD-actieprogramma').check();
      await expect(page.getByRole('status').filter({ hasText: 'Je antwoorden zijn bewaard.' })).toBeVisible();
      await pillars.getByLabel('Het Beijing Platform for Action').check();
      await page
        .locator('.question')
        .filter({ has: pillars })
        .getByRole('button', { name: 'Controleer mijn antwoord', exact: true })
        .click();
      await page.getByRole('link', { name: /Naar je resultaat/ }).click();
      return { context, page };
    });

  const { card, code } = await test.step('the certificate follows the result', async () => {
    // The certificate follows the result, once the job has issued it.
    await expect(page.getByRole('heading', { level: 2, name: 'Je certificaat' })).toBeVisible();
    const card = page.locator('.certificate-card');
    await expect(card.getByText('Geldig', { exact: true })).toBeVisible({ timeout: 20_000 });
    const code = (await card.locator('code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await expectNoSeriousViolations(page);
    return { card, code };
  });

  await test.step('download the PDF: it carries the name and the code', async () => {
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'PDF downloaden' }).click();
    const download = await downloading;
    const text = await pdfText(await fs.readFile((await download.path()) as string));
    expect(text).toContain(name);
    expect(text).toContain(code);
  });

  await test.step("the participant's list shows the certificate", async () => {
    // The participant's list shows it too.
    await page.goto('/user/certificates');
    await expect(page.getByRole('heading', { level: 2, name: /Internationale kaders/ })).toBeVisible();
  });

  const { visitor, check } =
    await test.step('a visitor verifies it on a phone, without signing in', async () => {
      // Anyone can verify it, without signing in, on a phone.
      const visitor = await browser.newContext({ locale: 'nl-BE', viewport: { width: 360, height: 740 } });
      const check = await visitor.newPage();
      await check.goto(`/certificate/${code}`);
      await expect(check.getByText('Dit certificaat is geldig.')).toBeVisible();
      await expect(check.getByText(name)).toBeVisible();
      expect(await horizontalOverflow(check)).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(check);
      return { visitor, check };
    });

  await test.step('an administrator revokes it: the verification page says so', async () => {
    // An admin revokes it from the participant's result, after confirming: the same page now says so.
    const personHeaders = { authorization: `Bearer ${await idTokenOf(request, person)}` };
    const me = await request.get('/trpc/user.me', { headers: personHeaders });
    const userId = ((await me.json()) as { result: { data: { _id: string } } }).result.data._id;
    const adminContext = await browser.newContext({ locale: 'nl-BE' });
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, admin, `/admin/results/${userId}?module=srgr-kaders`);
    const held = adminPage.locator('.participant-certificate');
    await expect(held.getByText('Geldig', { exact: true })).toBeVisible();
    await expect(held.getByText(code)).toBeVisible();
    await held.getByRole('button', { name: 'Certificaat intrekken' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Certificaat intrekken' }).click();
    await expect(held.getByText('certificaat ingetrokken', { exact: false })).toBeVisible();
    await expect(held.getByText('Ingetrokken', { exact: true })).toBeVisible();
    await expect(held.getByRole('button', { name: 'Certificaat toekennen' })).toBeVisible();
    await adminContext.close();
    await check.reload();
    await expect(check.getByText('Dit certificaat werd ingetrokken.')).toBeVisible();
  });
  await visitor.close();
  await context.close();
});

test('an admin configures a certificate with a live preview and assigns a course certificate after confirming', async ({
  browser,
  request,
}) => {
  const { person, name } = await test.step('sign up a participant and link them to the course', async () => {
    const person = { email: newAddress('course-cert'), password: 'participant-password-1' };
    const name = `Ciel Course ${Date.now().toString(36)}`;
    expect((await request.post('/auth/sign-up', { data: { name, ...person } })).ok()).toBe(true);
    expect(
      (
        await request.post('/auth/verify', {
          data: { email: person.email, code: await codeFor(person.email) },
        })
      ).ok(),
    ).toBe(true);
    const adminHeaders = { authorization: `Bearer ${await idTokenOf(request, admin)}` };
    const personHeaders = { authorization: `Bearer ${await idTokenOf(request, person)}` };
    const me = await request.get('/trpc/user.me', { headers: personHeaders });
    const userId = ((await me.json()) as { result: { data: { _id: string } } }).result.data._id;
    const linked = await request.post('/trpc/user.link', {
      headers: adminHeaders,
      data: { _id: userId, itemType: 'course', itemPath: 'srgr-basis', linked: true },
    });
    expect(linked.status(), await linked.text()).toBe(200);
    return { person, name };
  });

  const { context, page } =
    await test.step('configure the course certificate with a live preview', async () => {
      const context = await browser.newContext({ locale: 'nl-BE', viewport: { width: 360, height: 800 } });
      const page = await context.newPage();
      await signIn(page, admin, '/admin/courses/srgr-basis/certificate-config');
      await expect(
        page.getByRole('heading', { level: 2, name: 'Configuratie van het certificaat' }),
      ).toBeVisible();
      const header = page.getByLabel('Hoofding');
      await header.fill('Getuigschrift');
      await expect(page.locator('.certificate-preview__sheet .certificate-preview__header')).toHaveText(
        'Getuigschrift',
      );
      await page.getByLabel('Geldig gedurende (jaren)').fill('1.5');
      await page.getByRole('button', { name: 'Configuratie opslaan' }).click();
      await expect(page.getByText('Geef een geheel aantal jaren, 0 of meer.')).toBeVisible();
      await page.getByLabel('Geldig gedurende (jaren)').fill('5');
      await page.getByRole('button', { name: 'Configuratie opslaan' }).click();
      await expect(page.getByText('De configuratie van het certificaat is opgeslagen.')).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page);
      return { context, page };
    });

  await test.step('assign the course certificate after confirming', async () => {
    await page.goto('/admin/users/course-certificates?course=srgr-basis');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { name: /Toekennen/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Certificaat toekennen?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Annuleren' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Toekennen' }).press('Enter');
    await expect(page.getByText('certificaat toegekend')).toBeVisible();
    await expect(row.getByText('Geldig')).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    await context.close();
  });

  await test.step("the participant has the course's certificate tab", async () => {
    // The participant now has the course's 'Your Certificate' tab.
    const own = await browser.newContext({ locale: 'nl-BE' });
    const mine = await own.newPage();
    await signIn(mine, person, '/course/srgr-basis');
    await mine.getByRole('link', { name: 'Je certificaat' }).click();
    await expect(mine).toHaveURL(/\/course\/srgr-basis\/certificate$/);
    await expect(mine.locator('.certificate-card').getByText('Geldig', { exact: true })).toBeVisible();
    await own.close();
  });
});
