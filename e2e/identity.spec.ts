import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { codeFor, mailsTo } from './mail/mailbox';
import { newAddress, signIn } from './support';

test('a newcomer signs up, verifies with the mailed code, edits the profile and signs out', async ({
  page,
}) => {
  const email = newAddress('newcomer');
  const password = 'a-long-enough-password';

  await test.step('open the sign-up form', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Account aanmaken' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account aanmaken' })).toBeVisible();
    // The tenant asks for the profession only (signupFields), so there is no phone or riziv here.
    await expect(page.getByLabel('Beroep')).toBeVisible();
    await expect(page.getByLabel('RIZIV-nummer')).toHaveCount(0);
  });

  await test.step('submit it empty, then with a common password, then with a good one', async () => {
    // The shared schema's messages, next to their fields, in Dutch.
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect(page.getByText('Dit veld is verplicht.')).toBeVisible();
    await expect(page.getByText('Geef een geldig e-mailadres.')).toBeVisible();
    await expect(page.getByText('Het wachtwoord moet minstens 8 tekens hebben.')).toBeVisible();
    await expect(page.getByLabel('Naam')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Naam').fill('Nora Nieuwkomer');
    await page.getByLabel('E-mailadres').fill(email);
    // One of the most used passwords is refused by the form itself (the shared schema's list).
    await page.getByLabel('Wachtwoord', { exact: true }).fill('12345678');
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect(page.getByText('Dit wachtwoord is een van de meest gebruikte')).toBeVisible();
    await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
    await expect(page.getByLabel('Wachtwoord', { exact: true })).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
  });

  const first = await test.step('the mailed code arrives', async () => {
    // The next step asks for the code; the first mail has arrived in the SMTP sink.
    await expect(page).toHaveURL(/view=verify/);
    await expect(page.getByText('Kijk in je mailbox')).toBeVisible();
    const first = await codeFor(email);
    expect((await mailsTo(email))[0]?.subject).toBe('Je verificatiecode');
    return first;
  });

  await test.step('ask for a new code from the login page and verify with it', async () => {
    // Later, from the login page: 'verify account with my code', and a new code on the way.
    await page.goto('/login');
    await page.getByRole('link', { name: 'verifieer account met mijn code' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Je account verifiëren' })).toBeVisible();
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByRole('button', { name: 'stuur een nieuwe code' }).click();
    await expect(page.getByText('is een nieuwe code onderweg')).toBeVisible();
    const code = await codeFor(email, 2);
    expect(code).toMatch(/^\d{6}$/);
    expect(code === first ? 'the same code again' : 'a new code').toBe('a new code');

    await expect(page.getByLabel('Code', { exact: true })).toHaveAttribute('autocomplete', 'one-time-code');
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Account verifiëren' }).click();
  });

  await test.step('sign in', async () => {
    // Back at sign-in, with the address kept.
    await expect(page.getByText('Je account is geverifieerd.')).toBeVisible();
    await expect(page.getByLabel('E-mailadres')).toHaveValue(email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('open the profile from the user menu', async () => {
    // Signed in: the user menu, and no admin cog without a role.
    const menuButton = page.getByRole('button', { name: /Nora Nieuwkomer/ });
    await expect(menuButton).toBeVisible();
    await expect(page.getByRole('link', { name: 'Beheer' })).toHaveCount(0);
    await menuButton.click();
    await expect(page.getByRole('link', { name: 'Mijn certificaten' })).toHaveAttribute(
      'href',
      '/user/certificates',
    );
    await page.getByRole('link', { name: 'Mijn profiel' }).click();
  });

  await test.step('edit the profile and reload', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn profiel' })).toBeVisible();
    await expect(page.getByLabel('E-mailadres')).toHaveValue(email);
    await expect(page.getByLabel('E-mailadres')).toHaveAttribute('readonly', '');
    await page.getByLabel('Naam').fill('Nora Nieuwenhuis');
    await page.getByLabel('Beroep').fill('Vroedvrouw');
    await page.getByRole('button', { name: 'Profiel bewaren' }).click();
    await expect(page.getByText('Je profiel is bewaard.')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Naam')).toHaveValue('Nora Nieuwenhuis');
    await expect(page.getByLabel('Beroep')).toHaveValue('Vroedvrouw');
    await expect(page.getByRole('button', { name: /Nora Nieuwenhuis/ })).toBeVisible();
  });

  await test.step('sign out', async () => {
    await page.getByRole('button', { name: /Nora Nieuwenhuis/ }).click();
    await page.getByRole('button', { name: 'Afmelden' }).click();
    await expect(page.getByRole('link', { name: 'Aanmelden' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Nora Nieuwenhuis/ })).toHaveCount(0);
  });

  await test.step('signed out, the profile sends to the login page', async () => {
    // Signed out, the profile sends to the login page, which leads back afterwards.
    await page.goto('/user');
    await expect(page).toHaveURL(/\/login\?next=%2Fuser$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Aanmelden' })).toBeVisible();
  });
});

test('a wrong password is refused with a translated message; the page speaks the chosen language', async ({
  page,
}) => {
  const email = page.locator('input[type="email"]');
  const password = page.locator('input[autocomplete="current-password"]');
  const tryWrong = async (message: string) => {
    await email.fill('nobody-here@example.org');
    await password.fill('not-the-password');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('alert')).toHaveText(message);
    // The password is cleared for another try; the address stays.
    await expect(password).toHaveValue('');
    await expect(email).toHaveValue('nobody-here@example.org');
    await expect(page).toHaveURL(/\/login$/);
  };

  await test.step('try a wrong password in Dutch', async () => {
    await page.goto('/login');
    await tryWrong('Het e-mailadres of het wachtwoord klopt niet.');
  });

  const language = await test.step('try a wrong password in French', async () => {
    const language = page.getByRole('contentinfo').getByRole('combobox');
    await language.selectOption('fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Se connecter' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'vérifier mon compte avec mon code' })).toBeVisible();
    await tryWrong("L'adresse e-mail ou le mot de passe est incorrect.");
    return language;
  });

  await test.step('open the verify form in English', async () => {
    await language.selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await page.getByRole('link', { name: 'verify account with my code' }).click();
    await expect(page.getByRole('button', { name: 'send a new code' })).toBeVisible();
    await expect(page.getByLabel('Code', { exact: true })).toHaveAttribute('inputmode', 'numeric');
  });
});

test('signed out, the admin area sends to the login page; an admin then sees it, and unknown admin paths are 404', async ({
  page,
}) => {
  await test.step('open the admin area signed out, and sign in', async () => {
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fusers$/);

    await page.getByLabel('E-mailadres').fill(admin.email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
  });

  await test.step('back in the admin area, with the admin cog', async () => {
    // Back where they came from, with the admin cog in the header.
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Gebruikers' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Beheer' }).first()).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(admin.email) })).toContainText('admin');

    await page.getByRole('link', { name: 'Beheer' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Beheer' })).toBeVisible();
    await expect(page.getByText('Welkom in het beheer van het platform.')).toBeVisible();
  });

  for (const path of ['/admin/foo', '/admin/courses/deep/path']) {
    await test.step(`${path} is not found`, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: '404: Path not found' })).toBeVisible();
    });
  }
});

test('signed out, /admin asks to sign in; a person without a role is not let in; signing out reaches every tab', async ({
  page,
  request,
}) => {
  await test.step('open /admin signed out', async () => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aanmelden' })).toBeVisible();
  });

  const person = await test.step('make an account without a role', async () => {
    // An account without a role, made and verified through the JSON API.
    const person = { email: newAddress('plain'), password: 'plain-password-123' };
    const signUp = await request.post('/auth/sign-up', { data: { name: 'Pim Plain', ...person } });
    expect(signUp.ok()).toBe(true);
    const verify = await request.post('/auth/verify', {
      data: { email: person.email, code: await codeFor(person.email) },
    });
    expect(verify.ok()).toBe(true);
    return person;
  });

  await test.step('sign in: no access to the admin area', async () => {
    await signIn(page, person, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Beheer' })).toHaveCount(0);
  });

  await test.step('signing out in one tab signs out both', async () => {
    // A second tab finds the same session; signing out in one signs out both.
    const other = await page.context().newPage();
    await other.goto('/course');
    await expect(other.getByRole('button', { name: /Pim Plain/ })).toBeVisible();
    await page.getByRole('button', { name: /Pim Plain/ }).click();
    await page.getByRole('button', { name: 'Afmelden' }).click();
    await expect(page.getByRole('link', { name: 'Aanmelden' })).toBeVisible();
    await expect(other.getByRole('link', { name: 'Aanmelden' })).toBeVisible();
    await other.reload();
    await expect(other.getByRole('heading', { level: 1, name: 'Cursussen' })).toBeVisible();
    await expect(other.getByRole('link', { name: 'Aanmelden' })).toBeVisible();
  });
});
