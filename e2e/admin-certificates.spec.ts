import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

const texts = {
  nl: {
    screen: 'Cursuscertificaten',
    course: 'Cursus',
    participantsOf: (name: string) => `Deelnemers van ${name}`,
    config: 'Certificaatinstellingen',
    chooser: 'Cursus of module',
    header: 'Hoofding',
  },
  en: {
    screen: 'Course certificates',
    course: 'Course',
    participantsOf: (name: string) => `Participants of ${name}`,
    config: 'Certificate settings',
    chooser: 'Course or module',
    header: 'Header',
  },
} as const;

for (const language of ['nl', 'en'] as const) {
  test(`choosing a course on the course certificates screen stays on it, and /admin/certificate-config opens a module's config (${language})`, async ({
    page,
    request,
  }) => {
    const words = texts[language];
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const { course, module } = await test.step('make a course and a module', async () => {
      const token = await tokenOf(request, admin);
      const course = await trpc<{ path: string }>(request, token, 'course.create', {
        course: { name: `Certificaten ${language} ${stamp}`, language },
      });
      const module = await trpc<{ path: string }>(request, token, 'module.create', {
        module: { name: `Certificaatmodule ${language} ${stamp}`, language },
      });
      return { course, module };
    });

    await test.step('choose the course on the course certificates screen, and reload', async () => {
      await signIn(page, admin);
      await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
      await page.goto('/admin/users/course-certificates');
      await expect(page.getByRole('heading', { level: 1, name: words.screen })).toBeVisible();
      await page.getByLabel(words.course, { exact: true }).selectOption(course.path);
      await expect(page).toHaveURL(`/admin/users/course-certificates?course=${course.path}`);
      await expect(page.getByRole('heading', { level: 1, name: words.screen })).toBeVisible();
      await expect(
        page.getByRole('heading', {
          level: 2,
          name: words.participantsOf(`Certificaten ${language} ${stamp}`),
        }),
      ).toBeVisible();
      await page.reload();
      await expect(page.getByLabel(words.course, { exact: true })).toHaveValue(course.path);
    });

    await test.step('open the certificate settings and choose the module', async () => {
      await page
        .getByRole('navigation', { name: 'Administration' })
        .or(page.getByRole('navigation', { name: 'Beheer' }))
        .getByRole('link', { name: words.config })
        .click();
      await expect(page).toHaveURL('/admin/certificate-config');
      await expect(page.getByRole('heading', { level: 1, name: words.config })).toBeVisible();
      await page.getByLabel(words.chooser).selectOption(`module:${module.path}`);
      await expect(page).toHaveURL(`/admin/certificate-config?module=${module.path}`);
      await expect(page.getByRole('textbox', { name: new RegExp(`^${words.header}`) })).toBeVisible();
      await screenshots(page, `certificate-config-${language}`);
    });
  });
}
