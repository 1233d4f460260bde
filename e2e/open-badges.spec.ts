import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { admin } from './accounts';
import { codeFor } from './mail/mailbox';
import { newAddress, screenshots, signIn } from './support';

/**
 * Open Badges (docs/integrating/open-badges.md): a participant adds a certificate to their wallet
 * (the signed `.jwt` and the readable `.json`), and anyone pastes the credential into the public
 * verification page, which says valid, or why not in the reader's language: forged, then revoked
 * after an admin revokes it.
 */

async function idTokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const signedIn = await request.post('/auth/sign-in', { data: account });
  expect(signedIn.ok()).toBe(true);
  return ((await signedIn.json()) as { idToken: string }).idToken;
}

const subjectOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** Presses Tab until `target` has the focus (at most 40 times). */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 40; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** An anonymous visitor in `locale` pastes `credential` into /certificate and checks it. */
async function pasteAndCheck(browser: Browser, locale: string, credential: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto('/certificate');
  // By keyboard alone: Tab to the field, paste, Tab to 'Verify' and press Enter.
  const field = page.locator('textarea[name="credential"]');
  await tabTo(page, field);
  await page.keyboard.insertText(credential);
  await tabTo(page, page.locator('.credential-check button[type="submit"]'));
  await page.keyboard.press('Enter');
  const result = page.locator('.credential-check__result');
  await expect(result).toBeVisible();
  return { context, page, result };
}

test('add a certificate to a wallet and verify the pasted credential', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const module = 'srgr-kaders';
  const { person, name, userId } = await test.step('a participant holding a module certificate', async () => {
    const person = { email: newAddress('wallet'), password: 'participant-password-1' };
    const name = `Wanda Wallet ${Date.now().toString(36)}`;
    expect((await request.post('/auth/sign-up', { data: { name, ...person } })).ok()).toBe(true);
    const verified = await request.post('/auth/verify', {
      data: { email: person.email, code: await codeFor(person.email) },
    });
    expect(verified.ok()).toBe(true);
    const userId = subjectOf(await idTokenOf(request, person));
    const certified = await request.post('/trpc/certificate.certify', {
      headers: { authorization: `Bearer ${await idTokenOf(request, admin)}` },
      data: { module, user: userId },
    });
    expect(certified.ok(), await certified.text()).toBe(true);
    return { person, name, userId };
  });

  const { jwt } = await test.step('download the credential from the certificate list', async () => {
    const context = await browser.newContext({ locale: 'nl-BE', acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, person, '/user/certificates');
    const card = page.locator('.certificate-card').first();
    await expect(card.getByText('Toevoegen aan wallet')).toBeVisible();
    await screenshots(page, 'wallet-certificates');
    const [jwtDownload] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Credential downloaden (.jwt)' }).click(),
    ]);
    expect(jwtDownload.suggestedFilename()).toMatch(/^certificate-[A-Za-z0-9_-]{16}\.jwt$/);
    const jwt = (await fs.readFile((await jwtDownload.path())!, 'utf8')).trim();
    expect(jwt.split('.')).toHaveLength(3);
    const [jsonDownload] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Leesbare kopie downloaden (.json)' }).click(),
    ]);
    expect(jsonDownload.suggestedFilename()).toMatch(/\.json$/);
    const credential = JSON.parse(await fs.readFile((await jsonDownload.path())!, 'utf8'));
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.credentialSubject.identifier[0].identityHash).toBe(name);
    await expectNoSeriousViolations(page);
    await context.close();
    return { jwt, credential };
  });

  await test.step('the pasted credential is valid (English)', async () => {
    const { context, page, result } = await pasteAndCheck(browser, 'en-GB', jwt);
    await expect(result.getByText('This credential is valid', { exact: false })).toBeVisible();
    await expect(result.getByText(name)).toBeVisible();
    await screenshots(page, 'credential-valid');
    await expectNoSeriousViolations(page);
    await context.close();
  });

  await test.step('a credential with a changed name is refused for its signature (English)', async () => {
    const [header, payload, signature] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    claims.credentialSubject.identifier[0].identityHash = 'Somebody Else';
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const { context, result } = await pasteAndCheck(browser, 'en-GB', forged);
    await expect(result.getByText('This credential is not valid.')).toBeVisible();
    await expect(result.getByText('The signature does not match', { exact: false })).toBeVisible();
    await context.close();
  });

  await test.step('once revoked, the same credential says so (French)', async () => {
    const revoked = await request.post('/trpc/certificate.revokeModule', {
      headers: { authorization: `Bearer ${await idTokenOf(request, admin)}` },
      data: { module, user: userId },
    });
    expect(revoked.ok(), await revoked.text()).toBe(true);
    const { context, result } = await pasteAndCheck(browser, 'fr-BE', jwt);
    await expect(result.getByText("Cette attestation n'est pas valide.")).toBeVisible();
    await expect(result.getByText('Cette attestation a été révoquée par la plateforme.')).toBeVisible();
    await context.close();
  });
});
