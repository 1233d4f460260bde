import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * Groups within a course (docs/guide/users-and-roles.md): three participants of one course, two in
 * group 'Antwerpen' and one in 'Kigali', answer an open question. The module's results, the course's
 * To grade queue and the course's certificates each narrow to one group, at 1280 and 360 px.
 */
test("a course's groups narrow its results, its grading queue and its certificates", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const people = [
    { name: `Amira ${stamp}`, group: 'Antwerpen' },
    { name: `Bert ${stamp}`, group: 'Antwerpen' },
    { name: `Kagabo ${stamp}`, group: 'Kigali' },
  ];
  const { modulePath, coursePath } =
    await test.step('a course with a module; three grouped participants answer', async () => {
      const adminToken = await tokenOf(request, admin);
      const modulePath = `groepen-${stamp}`;
      await trpc(request, adminToken, 'module.create', {
        path: modulePath,
        module: { name: `Groepen ${stamp}`, language: 'nl', public: true },
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
              label: 'Waarom?',
              schema: { maxScore: 2 },
            },
          ],
        },
      });
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
      for (const [index, person] of people.entries()) {
        const learner = await newAccount(request, `groups-${index}`, person.name);
        await trpc(request, adminToken, 'user.link', {
          _id: learner.id,
          itemType: 'course',
          itemPath: course.path,
          linked: true,
        });
        await trpc(request, adminToken, 'user.setGroup', {
          userIds: [learner.id],
          coursePath: course.path,
          group: person.group,
        });
        await trpc(request, learner.token, 'result.save', {
          module: modulePath,
          page: page.path,
          result: { answers: { waarom: `Antwoord van ${person.name}.` } },
        });
      }
      return { modulePath, coursePath: course.path };
    });

  const shows = async (names: string[]) => {
    for (const person of people) {
      const row = page.getByRole('row', { name: new RegExp(person.name) });
      await expect(row).toHaveCount(names.includes(person.name) ? 1 : 0);
    }
  };
  const inGroup = (group: string) =>
    people.filter((person) => person.group === group).map(({ name }) => name);

  await test.step("the module's results for group Antwerpen", async () => {
    await signIn(page, admin, `/admin/modules/${modulePath}/results`);
    await shows(people.map(({ name }) => name));
    await page.getByLabel('Groep binnen een cursus').fill('Antwerpen');
    await page.getByLabel('Groep binnen een cursus').press('Enter');
    await shows(inGroup('Antwerpen'));
    await screenshots(page, 'groups-results');
  });

  await test.step("the course's To grade queue for group Kigali", async () => {
    await page.goto(`/admin/courses/${coursePath}/to-grade`);
    await expect(page.getByText('3 antwoorden te beoordelen, de oudste eerst')).toBeVisible();
    await page.getByLabel('Groep').selectOption('Kigali');
    await expect(page.getByText('1 antwoord te beoordelen, de oudste eerst')).toBeVisible();
    await shows(inGroup('Kigali'));
    await screenshots(page, 'groups-to-grade');
  });

  await test.step("the course's certificates for group Antwerpen", async () => {
    await page.goto(`/admin/courses/${coursePath}/course-certificates`);
    await shows(people.map(({ name }) => name));
    await expect(page.getByRole('status').filter({ hasText: '3 deelnemers getoond' })).toBeVisible();
    await page.getByLabel('Groep').selectOption('Antwerpen');
    await shows(inGroup('Antwerpen'));
    await expect(page.getByRole('status').filter({ hasText: '2 deelnemers getoond' })).toBeVisible();
    await screenshots(page, 'groups-certificates');
  });
});
