import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * Translating a course links the translations its modules already have in the new language (and
 * makes the missing ones, unpublished): the French copy of the original's module is linked at once.
 */
test("translating a course links its modules' translations that exist in the new language (en)", async ({
  page,
  request,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const { token, course, french } =
    await test.step('make an English course with a module, and its French translation', async () => {
      const token = await tokenOf(request, admin);
      const course = await trpc<{ path: string }>(request, token, 'course.create', {
        course: { name: `Consent basics ${stamp}`, language: 'en' },
      });
      const module = await trpc<{ path: string }>(request, token, 'module.create', {
        module: { name: `Consent ${stamp}`, language: 'en' },
      });
      await trpc(request, token, 'link.addItemToParent', {
        parentType: 'course',
        parentPath: course.path,
        itemType: 'module',
        itemPath: module.path,
      });
      const french = await trpc<{ path: string }>(request, token, 'module.translate', {
        path: module.path,
        module: { name: `Consentement ${stamp}`, language: 'fr' },
      });
      return { token, course, french };
    });

  await test.step('translate the course to French', async () => {
    await signIn(page, admin);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto(`/admin/courses/new-course?translate=${course.path}`);
    await page.getByLabel('Name', { exact: true }).fill(`Le consentement ${stamp}`);
    await page.getByRole('radio', { name: 'Français' }).check();
    await page.getByRole('button', { name: 'Create translation' }).click();
  });

  await test.step('the French module is linked at once, and the screen says so', async () => {
    // The translation links the module's existing French translation instead of making another.
    await expect(page.getByText(`Existing translations linked: ${french.path}.`)).toBeVisible();
    await screenshots(page, 'translated-modules-linked');
    // Nothing is left to offer.
    await expect(page.getByRole('region', { name: 'Link the translated modules' })).toHaveCount(0);
  });

  await test.step('the translated course has the module linked', async () => {
    const path = new URL(page.url()).pathname.split('/').pop();
    const modules = await request.get(
      `/trpc/link.modulesOf?input=${encodeURIComponent(JSON.stringify({ parentType: 'course', parentPath: path, onAdmin: true }))}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const linked = ((await modules.json()) as { result: { data: { path: string }[] } }).result.data;
    expect(linked.map((item) => item.path)).toContain(french.path);
  });
});
