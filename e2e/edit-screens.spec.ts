import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * One edit-screen frame: course, section, module, page and file screens show the way back,
 * the name, one action bar, the form beside the history, and time travel from the history (a
 * moment typed as DD/MM/YYYY HH:mm, or 'show as it was then' on an entry). Here the file, whose
 * as-of view is new, shows its earlier name after a rename.
 */
test('every edit screen has the same frame, and a file shows its earlier name as it was then', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const { course, section, module, modulePage, file } =
    await test.step('make a course, a section, a module, a page and a renamed file', async () => {
      const token = await tokenOf(request, admin);
      const course = await trpc<{ path: string }>(request, token, 'course.create', {
        course: { name: `Kadercursus ${id}`, language: 'nl' },
      });
      const section = await trpc<{ path: string }>(request, token, 'section.create', {
        parentType: 'course',
        parentPath: course.path,
        section: { name: `Kadersectie ${id}`, language: 'nl' },
      });
      const module = await trpc<{ path: string }>(request, token, 'module.create', {
        module: { name: `Kadermodule ${id}`, language: 'nl' },
      });
      const modulePage = await trpc<{ path: string }>(request, token, 'page.create', {
        parentType: 'module',
        parentPath: module.path,
        page: { name: `Kaderpagina ${id}`, type: 'markdown' },
      });
      const file = await trpc<{ path: string }>(request, token, 'file.create', {
        file: { name: `Folder ${id}`, url: 'https://example.org/folder.pdf' },
      });
      await trpc(request, token, 'file.update', {
        path: file.path,
        file: { name: `Brochure ${id}`, url: 'https://example.org/folder.pdf' },
      });
      return { course, section, module, modulePage, file };
    });

  const screens = [
    { href: `/admin/courses/${course.path}`, name: `Kadercursus ${id}`, back: 'Alle cursussen' },
    { href: `/admin/sections/${section.path}`, name: `Kadersectie ${id}`, back: 'Secties van de cursus' },
    { href: `/admin/modules/${module.path}`, name: `Kadermodule ${id}`, back: 'Alle modules' },
    { href: `/admin/pages/${modulePage.path}`, name: `Kaderpagina ${id}`, back: `Kadermodule ${id}` },
    { href: `/admin/files/${file.path}`, name: `Brochure ${id}`, back: 'Terug naar de documenten' },
  ];
  await signIn(page, admin, screens[0]!.href);
  for (const screen of screens) {
    await test.step(`open ${screen.href}: the common frame`, async () => {
      await page.goto(screen.href);
      await expect(page.getByRole('heading', { level: 1, name: screen.name })).toBeVisible();
      await expect(page.getByRole('link', { name: `← ${screen.back}` })).toBeVisible();
      await expect(page.locator('.action-bar')).toHaveCount(1);
      const history = page.getByRole('complementary', { name: 'Geschiedenis' });
      await expect(history.getByRole('listitem').first()).toBeVisible();
      await expect(history.getByLabel('Toon zoals het was op')).toBeVisible();
    });
  }

  const history = await test.step("show the file's first version", async () => {
    // The file's first version, from the entry of its creation.
    const history = page.getByRole('complementary', { name: 'Geschiedenis' });
    await history.getByRole('button', { name: 'Toon zoals het toen was' }).last().click();
    const then = history.getByRole('region', { name: /^Zoals op / });
    await expect(then).toContainText(`Folder ${id}`);
    await expect(then).not.toContainText(`Brochure ${id}`);
    await screenshots(page, 'edit-screen-file');
    await then.getByRole('button', { name: 'Verbergen' }).click();
    await expect(then).toHaveCount(0);
    return history;
  });

  await test.step('a moment before the file existed: it did not exist yet', async () => {
    // A moment before the file existed: it did not exist yet.
    await history.getByLabel('Toon zoals het was op').fill('01/01/2020 08:00');
    await history.getByRole('button', { name: 'Tonen', exact: true }).click();
    await expect(history.getByRole('region', { name: /^Zoals op / })).toContainText(
      'Op dat moment bestond het nog niet.',
    );
  });
});
