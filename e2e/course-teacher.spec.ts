import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * A course's owner teaches the modules it lists (docs/guide/users-and-roles.md): from their course
 * they reach a module they neither own nor may edit, see the results of the course's participants,
 * score an open answer, and cannot edit the module. At 1280 and 360 px, in Dutch.
 */

test("a course's owner scores in a module of their course without editing it", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const { teacher, modulePath, page, course, adminToken } =
    await test.step('an administrator makes a module in a section of a course the teacher owns', async () => {
      const adminToken = await tokenOf(request, admin);
      const teacher = await newAccount(request, 'course-teacher', `Cato Cursus ${stamp}`);
      await trpc(request, adminToken, 'user.setRoles', { _id: teacher.id, roles: ['teacher'] });

      // The admin's module, in a section of a course whose owner the teacher is.
      const modulePath = `gedeeld-${stamp}`;
      await trpc(request, adminToken, 'module.create', {
        path: modulePath,
        module: { name: `Gedeelde module ${stamp}`, language: 'nl', public: true },
      });
      const page = await trpc<{ path: string }>(request, adminToken, 'page.create', {
        parentType: 'module',
        parentPath: modulePath,
        page: {
          name: `Reflectie ${stamp}`,
          type: 'question',
          content: [
            {
              type: 'textarea',
              questionType: 'open',
              name: 'waarom',
              label: 'Waarom is toestemming belangrijk?',
              schema: { maxScore: 4 },
            },
          ],
        },
      });
      await trpc(request, adminToken, 'module.publish', { path: modulePath });
      const course = await trpc<{ path: string }>(request, adminToken, 'course.create', {
        course: { name: `Cursus ${stamp}`, language: 'nl' },
      });
      const section = await trpc<{ path: string }>(request, adminToken, 'section.create', {
        parentType: 'course',
        parentPath: course.path,
        section: { name: `Week 1 ${stamp}`, language: 'nl' },
      });
      await trpc(request, adminToken, 'link.addItemToParent', {
        parentType: 'section',
        parentPath: section.path,
        itemType: 'module',
        itemPath: modulePath,
      });
      await trpc(request, adminToken, 'course.addOwner', { path: course.path, userId: teacher.id });
      return { teacher, modulePath, page, course, adminToken };
    });

  const participant = await test.step('a participant of the course answers the open question', async () => {
    const participant = await newAccount(request, 'course-learner', `Lena Leerling ${stamp}`);
    // A course's teacher reaches the participants linked to that course, not every learner.
    await trpc(request, adminToken, 'user.link', {
      _id: participant.id,
      itemType: 'course',
      itemPath: course.path,
      linked: true,
    });
    await trpc(request, participant.token, 'result.save', {
      module: modulePath,
      page: page.path,
      result: { answers: { waarom: 'Omdat het lichaam van jezelf is.' } },
    });
    return participant;
  });

  const { context, staff, row } =
    await test.step('the teacher opens the module: its results, but no edit form', async () => {
      // The teacher opens the module from the admin screens: results, but no edit form.
      const context = await browser.newContext({ locale: 'nl-BE', viewport: { width: 1280, height: 900 } });
      const staff = await context.newPage();
      await signIn(staff, teacher.account, `/admin/modules/${modulePath}`);
      await expect(staff.getByRole('heading', { level: 1, name: `Gedeelde module ${stamp}` })).toBeVisible();
      await expect(staff.getByRole('button', { name: 'Opslaan' })).toHaveCount(0);
      await expect(staff.getByRole('link', { name: 'Certificaat', exact: true })).toHaveCount(0);
      await staff.getByRole('link', { name: 'Resultaten' }).click();
      const row = staff.getByRole('row', { name: new RegExp(participant.name) });
      await expect(row).toContainText('0 / 4');
      await screenshots(staff, 'course-teacher-results');
      return { context, staff, row };
    });

  await test.step('score the open answer', async () => {
    await row.getByRole('link', { name: participant.name }).click();
    await expect(
      staff.getByRole('heading', { level: 1, name: `Resultaat van ${participant.name}` }),
    ).toBeVisible();
    await expect(staff.getByText('Omdat het lichaam van jezelf is.')).toBeVisible();
    await staff.getByLabel('Score (0 tot 4)').fill('3');
    await staff.getByLabel('Feedback').fill('Mooi verwoord.');
    await staff.getByRole('button', { name: 'Scores en feedback opslaan' }).click();
    await expect(staff.getByText('De scores en feedback zijn opgeslagen.')).toBeVisible();
    await expect(staff.getByRole('status').filter({ hasText: 'Totaal: 3 / 4 (75 %)' })).toBeVisible();
    await screenshots(staff, 'course-teacher-participant');
  });

  await test.step("the module's pages cannot be edited", async () => {
    // Editing the module's pages stays with its owners.
    await staff.goto(`/admin/modules/${modulePath}/pages`);
    await expect(staff.getByRole('link', { name: /Nieuwe pagina/ })).toHaveCount(0);
    await context.close();
  });
});
