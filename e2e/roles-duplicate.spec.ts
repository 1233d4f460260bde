import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

const texts = {
  nl: {
    duplicateTitle: 'Rol dupliceren',
    copyName: 'Naam van de kopie',
    duplicate: 'Dupliceren',
    notice: (origin: string) => `De kopie is aangemaakt met dezelfde acties als ‘${origin}’.`,
    create: 'Aanmaken',
    assign: 'Deelnemers toewijzen',
    remove: 'Verwijderen',
    rolesTitle: 'Rollen',
    created: (name: string, origin: string) =>
      `Rol ‘${name}’ aangemaakt als kopie van ‘${origin}’ door jou (${admin.name})`,
  },
  en: {
    duplicateTitle: 'Duplicate role',
    copyName: 'Name of the copy',
    duplicate: 'Duplicate',
    notice: (origin: string) => `The copy is created with the same actions as “${origin}”.`,
    create: 'Create',
    assign: 'Assign participants',
    remove: 'Delete',
    rolesTitle: 'Roles',
    created: (name: string, origin: string) =>
      `Role “${name}” created as a copy of “${origin}” by you (${admin.name})`,
  },
} as const;

/**
 * An admin duplicates a role from its page (manage_roles): the copy's name is
 * prefilled with the first free '<name>-copy', the button is reached by keyboard, no confirmation
 * (nothing is lost), and the copy opens with the same actions; the list shows both, and the next
 * suggestion is '<name>-copy-2'.
 */
for (const language of ['nl', 'en'] as const) {
  test(`an admin duplicates a role and the copy has the same actions (${language})`, async ({
    page,
    request,
  }) => {
    const words = texts[language];
    const role = await test.step('make a role with two actions', async () => {
      const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
      const role = `dup-${language}-${stamp}`;
      const token = await tokenOf(request, admin);
      await trpc(request, token, 'role.create', {
        name: role,
        actions: { create: true, assign_participants: true },
      });
      return role;
    });

    const { duplicate, copyName } =
      await test.step('open the role: the name of its copy is suggested', async () => {
        await signIn(page, admin);
        await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
        await page.goto(`/admin/roles/${role}`);
        const duplicate = page.getByRole('region', { name: words.duplicateTitle });
        await expect(duplicate).toBeVisible();
        const copyName = duplicate.getByLabel(words.copyName);
        await expect(copyName).toHaveValue(`${role}-copy`);
        await screenshots(page, `roles-duplicate-${language}`);
        return { duplicate, copyName };
      });

    await test.step('duplicate it by keyboard', async () => {
      // By keyboard: from the name to the button, Enter duplicates.
      await copyName.focus();
      await page.keyboard.press('Tab');
      await expect(duplicate.getByRole('button', { name: words.duplicate })).toBeFocused();
      await page.keyboard.press('Enter');
    });

    await test.step('the copy opens with the same actions', async () => {
      await expect(page).toHaveURL(new RegExp(`/admin/roles/${role}-copy$`));
      await expect(page.getByRole('heading', { level: 1, name: `${role}-copy` })).toBeVisible();
      await expect(page.getByText(words.notice(role))).toBeVisible();
      await expect(page.getByRole('checkbox', { name: words.create, exact: true })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: words.assign, exact: true })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: words.remove, exact: true })).not.toBeChecked();
      await expect(page.getByRole('complementary')).toContainText(words.created(`${role}-copy`, role));
      await screenshots(page, `roles-duplicate-copy-${language}`);
    });

    await test.step('the role list shows both with the same actions', async () => {
      // Both in the list, with the same actions.
      await page.goto('/admin/roles');
      await expect(page.getByRole('heading', { level: 1, name: words.rolesTitle })).toBeVisible();
      const item = (name: string) =>
        page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
      for (const name of [role, `${role}-copy`]) {
        await expect(item(name)).toContainText(words.create);
        await expect(item(name)).toContainText(words.assign);
      }
    });

    await test.step('the next copy gets the next free name', async () => {
      // The next copy gets the next free name.
      await page.goto(`/admin/roles/${role}`);
      await expect(page.getByLabel(words.copyName)).toHaveValue(`${role}-copy-2`);
    });
  });
}
