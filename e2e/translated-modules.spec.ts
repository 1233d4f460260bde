import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * Translating a course offers to link the modules that already exist in the new language:
 * the French copy of the original's module is ticked, one click links it, the offer then goes.
 */
test('translating a course offers its modules that exist in the new language (en)', async ({
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

  await test.step('link the offered French module', async () => {
    const offer = page.getByRole('region', { name: 'Link the translated modules' });
    await expect(offer).toBeVisible();
    const choice = offer.getByRole('checkbox', { name: new RegExp(`Consentement ${stamp}`) });
    await expect(choice).toBeChecked();
    await screenshots(page, 'translated-modules-offer');
    await offer.getByRole('button', { name: 'Link 1 module' }).click();
    await expect(page.getByText('1 module is linked.')).toBeVisible();
    await expect(offer.getByRole('checkbox')).toHaveCount(0);
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
