import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

const texts = {
  nl: {
    usedIn: 'Gebruikt in',
    all: 'Alle modules',
    none: 'Nergens: in geen enkele cursus of sectie',
    nowhere: 'Nergens',
    in: 'in',
  },
  en: {
    usedIn: 'Used in',
    all: 'All modules',
    none: 'Nowhere: in no course or section',
    nowhere: 'Nowhere',
    in: 'in',
  },
} as const;

/**
 * /admin/modules filters by where modules are used (under a course, a section, or
 * top level) and says where each one is: a course keeps its own modules and its sections', 'none'
 * those linked nowhere. Two courses of the same name read with their paths. The filter is in the
 * address, so a reload keeps it.
 */
for (const language of ['nl', 'en'] as const) {
  test(`an admin filters the modules by course and by none, and sees where each is used (${language})`, async ({
    page,
    request,
  }) => {
    const words = texts[language];
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const { courseName, course, twin, section, modules } =
      await test.step('make two courses of the same name, a section and three modules', async () => {
        const token = await tokenOf(request, admin);
        const courseName = `Filter course ${stamp}`;
        const course = (
          await trpc<{ path: string }>(request, token, 'course.create', {
            course: { name: courseName, language },
          })
        ).path;
        const twin = (
          await trpc<{ path: string }>(request, token, 'course.create', {
            course: { name: courseName, language },
          })
        ).path;
        const section = (
          await trpc<{ path: string }>(request, token, 'section.create', {
            parentType: 'course',
            parentPath: course,
            section: { name: `Week ${stamp}`, language },
          })
        ).path;
        const modules = {
          direct: `Direct ${stamp}`,
          inSection: `In section ${stamp}`,
          loose: `Loose ${stamp}`,
        };
        const paths: Record<keyof typeof modules, string> = { direct: '', inSection: '', loose: '' };
        for (const key of Object.keys(modules) as (keyof typeof modules)[]) {
          paths[key] = (
            await trpc<{ path: string }>(request, token, 'module.create', {
              module: { name: modules[key], language },
            })
          ).path;
        }
        const link = (parentType: string, parentPath: string, itemPath: string) =>
          trpc(request, token, 'link.addItemToParent', {
            parentType,
            parentPath,
            itemType: 'module',
            itemPath,
          });
        await link('course', course, paths.direct);
        await link('section', section, paths.inSection);
        await link('course', twin, paths.inSection);
        return { courseName, course, twin, section, modules };
      });

    const row = await test.step('open the module list: where each module is used', async () => {
      await signIn(page, admin);
      await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
      await page.goto('/admin/modules');
      const row = (name: string) =>
        page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
      const usedIn = (name: string) => row(name).locator(`td[data-label="${words.usedIn}"]`);
      await expect(row(modules.loose)).toBeVisible();
      await expect(usedIn(modules.loose)).toHaveText(words.nowhere);
      await expect(usedIn(modules.direct)).toHaveText(`${courseName} (${course})`);
      await expect(usedIn(modules.inSection)).toHaveText(
        `${courseName} (${twin}), Week ${stamp} (${words.in} ${courseName} (${course}))`,
      );
      return row;
    });

    await test.step('filter by a course, and reload', async () => {
      // A course: its own modules and its sections'; the twin course reads with its path.
      const filter = page.getByLabel(words.usedIn, { exact: true });
      await filter.selectOption({ label: `${courseName} (${course})` });
      await expect(page).toHaveURL(new RegExp(`/admin/modules\\?course=${course}$`));
      await expect(row(modules.direct)).toBeVisible();
      await expect(row(modules.inSection)).toBeVisible();
      await expect(row(modules.loose)).toHaveCount(0);
      await page.reload();
      await expect(page.getByLabel(words.usedIn, { exact: true })).toHaveValue(`course:${course}`);
      await expect(row(modules.direct)).toBeVisible();
      await expect(row(modules.loose)).toHaveCount(0);
      await screenshots(page, `module-filters-course-${language}`);
    });

    await test.step('filter by used nowhere', async () => {
      // Used nowhere.
      await page.getByLabel(words.usedIn, { exact: true }).selectOption({ label: words.none });
      await expect(page).toHaveURL(/\/admin\/modules\?usedIn=none$/);
      await expect(row(modules.loose)).toBeVisible();
      await expect(row(modules.direct)).toHaveCount(0);
      await expect(row(modules.inSection)).toHaveCount(0);
    });

    await test.step('filter by a section, then back to all', async () => {
      // A section, and back to all.
      await page.getByLabel(words.usedIn, { exact: true }).selectOption({ value: `section:${section}` });
      await expect(row(modules.inSection)).toBeVisible();
      await expect(row(modules.direct)).toHaveCount(0);
      await page.getByLabel(words.usedIn, { exact: true }).selectOption({ label: words.all });
      await expect(page).toHaveURL(/\/admin\/modules$/);
      await expect(row(modules.loose)).toBeVisible();
      await screenshots(page, `module-filters-all-${language}`);
    });
  });
}
