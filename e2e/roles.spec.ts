import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { invitationPathFor } from './mail/mailbox';
import { newAddress, signIn } from './support';

test('an admin creates a role with only "create" and assigns it; its holder may create but not delete others\' courses', async ({
  browser,
  page,
  request,
}) => {
  // A name of this run's own: a repeated or retried run finds the role of an earlier one in the database.
  const role = `editor-${Date.now().toString(36)}`;
  const editor = { name: 'Eddie Editor', email: newAddress('eddie'), password: 'eddies-new-password' };

  // The admin makes the role: name and actions, then lands on the role's page.
  await test.step('create the role', async () => {
    await signIn(page, admin, '/admin/roles');
    await expect(page.getByRole('heading', { level: 1, name: 'Rollen' })).toBeVisible();
    await page.getByRole('link', { name: 'Nieuwe rol' }).click();
    await expect(page).toHaveURL(/\/admin\/roles\/new-role$/);
    await page.getByLabel('Naam').fill(role);
    await page.getByRole('checkbox', { name: 'Aanmaken', exact: true }).check();
    await page.getByRole('button', { name: 'Rol aanmaken' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/roles/${role}$`));
    await expect(page.getByRole('heading', { level: 1, name: role })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Aanmaken', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Verwijderen', exact: true })).not.toBeChecked();
    const history = page.getByRole('complementary', { name: 'Geschiedenis' });
    await expect(history).toContainText(`Rol ‘${role}’ aangemaakt door jou (${admin.name})`);
    await expect(history).toContainText(`jou (${admin.name})`);
    await expect(history.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  await test.step('create an account for the editor', async () => {
    // A new account, no roles yet: the person is mailed an invitation code.
    await page.goto('/admin/users/new');
    await page.getByLabel('Naam').fill(editor.name);
    await page.getByLabel('E-mailadres').fill(editor.email);
    await page.getByRole('button', { name: 'Gebruiker aanmaken' }).click();
    await expect(page.getByRole('heading', { level: 1, name: editor.name })).toBeVisible();
    await expect(page.getByText('Het account is aangemaakt.')).toBeVisible();
    await expect(page.getByText('Gebruiker', { exact: true }).first()).toBeVisible();
  });

  await test.step('assign the role to the editor', async () => {
    // Assign the role on the user's page.
    const roles = page.getByRole('region', { name: 'Rollen' });
    await roles.getByLabel(role, { exact: true }).check();
    await roles.getByRole('button', { name: 'Rollen bewaren' }).click();
    await expect(roles.getByText('De rollen zijn bewaard.')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Geschiedenis' })).toContainText(
      `Rollen: Gebruiker → ${role}`,
    );
  });

  await test.step('the user list shows the role', async () => {
    // The list shows the role; the search finds the person.
    await page.goto('/admin/users');
    // By this run's address: earlier runs left Eddies of their own.
    await page.getByLabel('Gebruikers zoeken').fill(editor.email);
    await expect(page.getByRole('row')).toHaveCount(2); // header and Eddie
    await expect(page.getByRole('row', { name: /Eddie Editor/ })).toContainText(role);
  });

  await test.step('the editor chooses a password through the invitation link, is signed in and opens the admin area', async () => {
    // The invitation mail's link sets the password and signs in; the editor then sees the admin cog.
    const context = await browser.newContext();
    const editorPage = await context.newPage();
    await editorPage.goto(await invitationPathFor(editor.email));
    await expect(editorPage.getByRole('heading', { name: 'Kies je wachtwoord' })).toBeVisible();
    await editorPage.getByLabel('Nieuw wachtwoord', { exact: true }).fill(editor.password);
    await editorPage.getByRole('button', { name: 'Opslaan en aanmelden' }).click();
    const cog = editorPage.getByRole('link', { name: 'Beheer' }).first();
    await expect(cog).toBeVisible();
    await cog.click();
    await expect(editorPage.getByRole('heading', { level: 1, name: 'Beheer' })).toBeVisible();
    // 'create' opens no user or role management.
    await expect(editorPage.getByRole('link', { name: 'Gebruikers' })).toHaveCount(0);
    await editorPage.goto('/admin/users');
    await expect(editorPage.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();
    await context.close();
  });

  const { headers, path } =
    await test.step('through the API, the editor creates a course but may not delete a demo one', async () => {
      // Through the API with the editor's own token: creating a course is allowed, and the creator
      // owns it; deleting a demo course (owned by nobody) is refused.
      const signedIn = await request.post('/auth/sign-in', {
        data: { email: editor.email, password: editor.password },
      });
      expect(signedIn.ok()).toBe(true);
      const { idToken } = (await signedIn.json()) as { idToken: string };
      const headers = { authorization: `Bearer ${idToken}`, 'x-language': 'en' };

      const created = await request.post('/trpc/course.create', {
        headers,
        data: { course: { name: `Editor course ${Date.now()}`, language: 'en' } },
      });
      expect(created.status()).toBe(200);
      const path = ((await created.json()) as { result: { data: { path: string } } }).result.data.path;

      const refused = await request.post('/trpc/course.delete', { headers, data: { path: 'srgr-basis' } });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { error: { data: { code: string } } }).error.data.code).toBe(
        'FORBIDDEN',
      );
      return { headers, path };
    });

  await test.step('the editor deletes their own course', async () => {
    // Their own course they may delete (owners may edit and delete what they own).
    const own = await request.post('/trpc/course.delete', { headers, data: { path } });
    expect(own.status()).toBe(200);
  });
});

test('roles: the list, the built-in admin, and deleting a role after confirming', async ({ page }) => {
  const role = `reviewer-${Date.now().toString(36)}`;
  await test.step('create a role', async () => {
    await signIn(page, admin, '/admin/roles/new-role');
    await page.getByLabel('Naam').fill(role);
    await page.getByRole('checkbox', { name: 'Bekijken', exact: true }).check();
    await page.getByRole('button', { name: 'Rol aanmaken' }).click();
    await expect(page.getByRole('heading', { level: 1, name: role })).toBeVisible();
  });

  await test.step('change its actions', async () => {
    // Change its actions.
    await page.getByRole('checkbox', { name: 'Bewerken', exact: true }).check();
    await page.getByRole('button', { name: 'Rol bewaren' }).click();
    await expect(page.getByText('De rol is bewaard.')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Geschiedenis' })).toContainText(
      `Rol ‘${role}’ gewijzigd door jou (${admin.name})Acties: Bekijken → Bewerken, Bekijken`,
    );
  });

  const dialog = await test.step('Esc closes the delete question and nothing happens', async () => {
    // Deleting asks first; Esc closes the question and nothing happens.
    await page.getByRole('button', { name: 'Rol verwijderen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rol verwijderen' });
    await expect(dialog).toContainText(
      'Ben je zeker dat je deze rol van het platform wenst te verwijderen? Gebruikers met deze rol kunnen zo toegang tot bepaalde acties verliezen.',
    );
    await expect(dialog.getByRole('button', { name: 'Annuleren' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Rol verwijderen' })).toBeFocused();
    return dialog;
  });

  await test.step('delete the role after confirming', async () => {
    await page.getByRole('button', { name: 'Rol verwijderen' }).click();
    await dialog.getByRole('button', { name: 'Rol verwijderen' }).click();
    await expect(page).toHaveURL(/\/admin\/roles$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rollen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'teacher' })).toBeVisible();
    await expect(page.getByRole('link', { name: role })).toHaveCount(0);
    await expect(page.getByText("De rol 'admin' is ingebouwd")).toBeVisible();
  });
});

test("deleting a user asks for confirmation with the platform's text", async ({ page }) => {
  const email = newAddress('gone');
  await test.step('create a user', async () => {
    await signIn(page, admin, '/admin/users/new');
    await page.getByLabel('Naam').fill('Gert Gaat');
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByRole('button', { name: 'Gebruiker aanmaken' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Gert Gaat' })).toBeVisible();
  });

  await test.step('delete the user after confirming', async () => {
    await page.getByRole('button', { name: 'Gebruiker verwijderen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gebruiker verwijderen' });
    await expect(dialog).toContainText(
      'Ben je zeker dat je deze gebruiker van het platform wenst te verwijderen? Deze actie kan niet ongedaan gemaakt worden.',
    );
    await dialog.getByRole('button', { name: 'Gebruiker verwijderen' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.getByLabel('Gebruikers zoeken').fill('Gert Gaat');
    await expect(page.getByText('Geen gebruikers gevonden voor “Gert Gaat”.')).toBeVisible();
  });
});
