import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { admin } from './accounts';
import { newAccount, trpc } from './api';
import { mailsTo } from './mail/mailbox';
import { screenshots, signIn } from './support';

/**
 * Two-step sign-in (docs/security.md#two-step-sign-in-totp): a person sets it up on the profile
 * page (password again, a QR code or key read by an app, the app's first code, ten recovery codes
 * shown once), signs out, and signs in again with the app's code, then with a recovery code. The
 * codes are computed here from the key the page shows, as an authenticator app would.
 */

test.use({ locale: 'en-GB' });

const totpOf = (key: string) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
/** The app's code `steps` periods from now: each code is accepted once, one step either side. */
const codeAt = (key: string, steps = 0) => totpOf(key).generate({ timestamp: Date.now() + steps * 30_000 });

async function noAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

async function signOut(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
}

async function passwordStep(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
}

test('two-step sign-in: set up with an app, then sign in with its code and with a recovery code', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const name = `Tara Twostep ${Date.now().toString(36)}`;
  const person = await newAccount(request, 'twostep', name);
  await signIn(page, person.account, '/user');

  const key = await test.step('set it up: password again, then the QR code and its key', async () => {
    const panel = page.getByRole('region', { name: 'Two-step sign-in' });
    await expect(panel.getByText('Besides your password')).toBeVisible();
    await panel.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await expect(panel.getByText('Confirm it is you: enter your password.')).toBeVisible();
    await panel.getByLabel('Password').fill('not-my-password');
    await panel.getByRole('button', { name: 'Continue' }).click();
    await expect(panel.getByText('This password is not right.')).toBeVisible();
    await panel.getByLabel('Password').fill(person.account.password);
    await panel.getByRole('button', { name: 'Continue' }).click();
    await expect(panel.getByRole('img', { name: /QR code/ })).toBeVisible();
    const key = (await panel.getByTestId('second-factor-secret').textContent()) ?? '';
    expect(key.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
    await panel.scrollIntoViewIfNeeded();
    await screenshots(page, 'two-factor-enrol');
    await noAxeViolations(page);
    return key;
  });

  const recoveryCodes =
    await test.step('the app’s first code turns it on; ten recovery codes, once', async () => {
      const panel = page.getByRole('region', { name: 'Two-step sign-in' });
      await panel.getByLabel('Code from the app').fill('000000' === codeAt(key) ? '111111' : '000000');
      await panel.getByRole('button', { name: 'Turn on' }).click();
      await expect(panel.getByText('This code is not right')).toBeVisible();
      await panel.getByLabel('Code from the app').fill(codeAt(key));
      await panel.getByRole('button', { name: 'Turn on' }).click();
      await expect(panel.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
      const codes = await panel.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
      expect(codes).toHaveLength(10);
      for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      await screenshots(page, 'two-factor-codes');
      await panel.getByRole('button', { name: 'I have saved them' }).click();
      await expect(panel.getByText('Two-step sign-in is on.')).toBeVisible();
      await expect(panel.getByText('10 recovery codes left.')).toBeVisible();
      return codes;
    });

  await test.step('the owner is mailed that it is on', async () => {
    await expect
      .poll(async () => (await mailsTo(person.account.email)).map((mail) => mail.subject))
      .toContain('Two-step sign-in is on for your account');
  });

  await test.step('sign out, sign in again: the password, then the app’s code', async () => {
    await signOut(page, name);
    await passwordStep(page, person.account);
    await expect(page.getByLabel('Code from your authenticator app')).toHaveAttribute(
      'autocomplete',
      'one-time-code',
    );
    await screenshots(page, 'two-factor-sign-in');
    await noAxeViolations(page);
    // The code of the next step: the one before it was spent turning it on.
    await page.getByLabel('Code from your authenticator app').fill(codeAt(key, 1));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible();
  });

  await test.step('sign out, sign in with a recovery code instead', async () => {
    await signOut(page, name);
    await passwordStep(page, person.account);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await expect(page.getByText('No phone at hand?')).toBeVisible();
    await screenshots(page, 'two-factor-recovery');
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible();
    await page.goto('/user');
    await expect(page.getByText('9 recovery codes left.')).toBeVisible();
  });

  await test.step('a spent recovery code does not sign in again', async () => {
    await signOut(page, name);
    await passwordStep(page, person.account);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('This code is not right, or was already used.')).toBeVisible();
  });
});

test('an administrator resets the two-step sign-in of someone who lost their phone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Lou Lostphone ${Date.now().toString(36)}`;
  const person = await newAccount(request, 'lostphone', name);

  await test.step('the person has two-step sign-in on (set up through the API)', async () => {
    const again = await request.post('/auth/reauth', {
      data: { password: person.account.password },
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(again.ok(), await again.text()).toBe(true);
    const { reauth } = (await again.json()) as { reauth: string };
    const { secret } = await trpc<{ secret: string }>(request, person.token, 'secondFactor.begin', {
      reauth,
    });
    await trpc(request, person.token, 'secondFactor.confirm', { code: codeAt(secret) });
  });

  await test.step('the administrator resets it from the user screen, after a confirmation', async () => {
    await signIn(page, admin, `/admin/users/${person.id}`);
    const panel = page.getByRole('region', { name: 'Two-step sign-in' });
    await expect(panel.getByText('On: signing in asks for a code from an app.')).toBeVisible();
    await panel.getByRole('button', { name: 'Reset two-step sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset two-step sign-in' });
    await expect(dialog.getByText(`${name} can then sign in with the password alone`)).toBeVisible();
    await screenshots(page, 'two-factor-admin-reset');
    await dialog.getByRole('button', { name: 'Yes, reset it' }).click();
    await expect(panel.getByText(`Two-step sign-in of ${name} is reset`)).toBeVisible();
    await expect(panel.getByText('Off: signing in asks for the password only.')).toBeVisible();
    await expect(page.getByText(`Two-step sign-in of ${name} reset by`)).toBeVisible();
  });

  await test.step('the person is mailed, and signs in with the password alone', async () => {
    await expect
      .poll(async () => (await mailsTo(person.account.email)).map((mail) => mail.subject))
      .toContain('An administrator reset your two-step sign-in');
    const signedIn = await request.post('/auth/sign-in', { data: person.account });
    expect(((await signedIn.json()) as { idToken?: string }).idToken).toBeTruthy();
  });
});
