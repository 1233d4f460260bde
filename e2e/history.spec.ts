import { expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * A history a person can read: an admin adds a teacher to a course and reorders its sections;
 * the course's history says who was added as teacher by whom, and the section order before and
 * after. In Dutch (the teacher added through the course's Teachers view) and in English (by the
 * API), at 1280 and 360 px.
 */

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A course with two sections, its teacher-to-be, and the sections put in the other order. */
async function courseWithTwoSections(
  request: Parameters<typeof tokenOf>[0],
  language: 'nl' | 'en',
  words: { course: string; week: string; teacher: string },
) {
  return await test.step(
    'make a course with two sections and a teacher-to-be',
    async () => {
      const id = stamp();
      const adminToken = await tokenOf(request, admin);
      const teacher = await newAccount(request, `history-teacher-${language}`, `${words.teacher} ${id}`);
      await trpc(request, adminToken, 'user.setRoles', { _id: teacher.id, roles: ['teacher'] });
      const course = await trpc<{ path: string }>(request, adminToken, 'course.create', {
        course: { name: `${words.course} ${id}`, language },
      });
      const sections: { path: string; name: string }[] = [];
      for (const number of [1, 2]) {
        const name = `${words.week} ${number} ${id}`;
        const section = await trpc<{ path: string }>(request, adminToken, 'section.create', {
          parentType: 'course',
          parentPath: course.path,
          section: { name, language },
        });
        sections.push({ path: section.path, name });
      }
      // The second section first: an old order (1, 2) and a new one (2, 1).
      await trpc(request, adminToken, 'section.order', {
        path: course.path,
        sections: [sections[1]!.path, sections[0]!.path],
      });
      return { adminToken, teacher, course: { path: course.path, name: `${words.course} ${id}` }, sections };
    },
    { box: true },
  );
}

const historyOf = (page: Page, title: string) => page.getByRole('complementary', { name: title });

test('in Dutch: the history names the teacher added and the admin, and a section reorder from old to new', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { teacher, course, sections } = await courseWithTwoSections(request, 'nl', {
    course: 'Geschiedeniscursus',
    week: 'Week',
    teacher: 'Tina Lesgever',
  });
  await test.step("add the teacher from the course's Teachers view", async () => {
    await signIn(page, admin, `/admin/courses/${course.path}/link-teachers`);
    await page.getByRole('button', { name: `Als lesgever toevoegen: ${teacher.name}` }).click();
    await expect(
      page.getByRole('button', { name: `Als lesgever verwijderen: ${teacher.name}` }),
    ).toBeVisible();
  });

  await test.step('the history names the teacher added, the administrator and the section reorder', async () => {
    await page.goto(`/admin/courses/${course.path}`);
    const history = historyOf(page, 'Geschiedenis');
    const added = history
      .getByRole('listitem')
      .filter({ hasText: `${teacher.name} toegevoegd als lesgever van cursus ‘${course.name}’` });
    await expect(added).toContainText(`door jou (${admin.name})`);

    const reorder = history
      .getByRole('listitem')
      .filter({ hasText: `Secties van cursus ‘${course.name}’ herschikt` });
    await expect(reorder).toContainText(`Voordien: ${sections[0]!.name}, ${sections[1]!.name}`);
    await expect(reorder).toContainText(`Nadien: ${sections[1]!.name}, ${sections[0]!.name}`);
    // No raw event names anywhere.
    await expect(history).not.toContainText(/Course[A-Z]\w+|Section[A-Z]\w+/);
    await added.scrollIntoViewIfNeeded();
    await screenshots(page, 'history-nl');
  });
});

test('in English: the history names the teacher added and the admin, and a section reorder from old to new', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { adminToken, teacher, course, sections } = await courseWithTwoSections(request, 'en', {
    course: 'History course',
    week: 'Week',
    teacher: 'Tina Teacher',
  });
  await trpc(request, adminToken, 'course.addOwner', { path: course.path, userId: teacher.id });

  await test.step('the history in English names the teacher added, the administrator and the section reorder', async () => {
    await signIn(page, admin, '/admin');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto(`/admin/courses/${course.path}`);
    const history = historyOf(page, 'History');
    const added = history
      .getByRole('listitem')
      .filter({ hasText: `${teacher.name} added as teacher of course “${course.name}”` });
    await expect(added).toContainText(`by you (${admin.name})`);
    const reorder = history
      .getByRole('listitem')
      .filter({ hasText: `Sections of course “${course.name}” reordered` });
    await expect(reorder).toContainText(`Before: ${sections[0]!.name}, ${sections[1]!.name}`);
    await expect(reorder).toContainText(`After: ${sections[1]!.name}, ${sections[0]!.name}`);
    await expect(history).not.toContainText(/Course[A-Z]\w+|Section[A-Z]\w+/);
    await screenshots(page, 'history-en');
  });
});
