import { expect, test } from '@playwright/test';
import { newAccount } from './api';
import { codeFor, mailsTo } from './mail/mailbox';

test('a locked account asks for the mailed code on the sign-in form, and signs in with it', async ({
  page,
  request,
}) => {
  const { account, name } = await newAccount(request, 'locked', 'Lou Locked');

  await test.step('ten wrong passwords from elsewhere lock the account', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const guess = await request.post('/auth/sign-in', {
        data: { email: account.email, password: `wrong-guess-${attempt}` },
      });
      expect(guess.status()).toBe(401);
    }
  });

  await test.step('the owner, in a browser new to the account, is asked for the code', async () => {
    await page.goto('/login');
    await page.getByLabel('E-mailadres').fill(account.email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
    await expect(page.getByText('We hebben een code naar het adres gemaild')).toBeVisible();
    await expect(page.getByLabel('Ontgrendelcode uit de mail')).toBeVisible();
  });

  await test.step('the code from the mail and the password sign in', async () => {
    // The second mail (the first was the verification code), in the account's language.
    const code = await codeFor(account.email, 2);
    expect((await mailsTo(account.email)).at(-1)?.subject).toMatch(
      /^(Your code to sign in again|Je code om opnieuw aan te melden)$/,
    );
    await page.getByLabel('Ontgrendelcode uit de mail').fill(code);
    await page.getByLabel('Wachtwoord', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name })).toBeVisible();
  });
});
