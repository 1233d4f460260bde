import { type Browser, expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * The admin screens offer only what the server allows: three accounts walk a module's results, a
 * participant's result and the certificate screens, at 1280 and 360 px, in Dutch.
 * - A view-only account (a custom role with only `view`) reads every result, the history and the
 *   certificates, and is offered no score field, no other attempt, no certificate to assign.
 * - A teacher (the built-in role) who owns the module scores, gives another attempt and certifies
 *   every participant; on the course certificates, where they own no course, nothing is offered.
 * - A course's teacher (owner of a course listing the module, linked by the administrator) sees
 *   only the participants of that course, scores and certifies them, assigns the course's
 *   certificate, sees the course's history, and is told they may not change the module (no history
 *   panel of the module, which is not theirs to read).
 * No screen shows an error panel.
 */

const words = {
  resultsTab: 'Resultaten',
  readOnly: 'Je mag deze resultaten lezen, maar niet beoordelen',
  courseScope: 'je ziet alleen de deelnemers die gekoppeld zijn aan jouw cursussen',
  moduleCourseTeacher: 'Je geeft deze module via je cursus',
  score: 'Score (0 tot 4)',
  save: 'Scores en feedback opslaan',
  grant: 'Geef nog een poging',
  assignModule: 'Certificaat toekennen',
  revokeModule: 'Certificaat intrekken',
  noCertificate: 'Nog geen certificaat voor deze module.',
  certificatesReadOnly: 'Je mag deze certificaten bekijken, maar alleen de eigenaars',
  assignCourse: 'Toekennen',
  history: 'Geschiedenis',
  failure: /Er ging iets mis|er is een fout opgetreden|Je hebt geen rechten/i,
};

/** No red panel, no refusal where the screen promised something. */
async function expectNoErrorPanel(page: Page) {
  await expect(page.locator('.status--error, .alert--danger')).toHaveCount(0);
  await expect(page.getByText(words.failure)).toHaveCount(0);
}

async function signedIn(browser: Browser, account: { email: string; password: string }, next: string) {
  const context = await browser.newContext({ locale: 'nl-BE', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, account, next);
  return { context, page };
}

test('view-only, teacher and course-teacher accounts are offered only what they may do', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const moduleName = `Toestemming ${stamp}`;
  const modulePath = `rechten-${stamp}`;

  const world =
    await test.step('an administrator sets up the module, a course and three accounts', async () => {
      const adminToken = await tokenOf(request, admin);
      const role = `alleen-kijken-${stamp}`;
      await trpc(request, adminToken, 'role.create', { name: role, actions: { view: true } });
      const viewer = await newAccount(request, 'view-only', `Vera Kijker ${stamp}`);
      await trpc(request, adminToken, 'user.setRoles', { _id: viewer.id, roles: [role] });
      const teacher = await newAccount(request, 'owner-teacher', `Tine Eigenaar ${stamp}`);
      await trpc(request, adminToken, 'user.setRoles', { _id: teacher.id, roles: ['teacher'] });
      const courseTeacher = await newAccount(request, 'course-teacher', `Cas Cursus ${stamp}`);
      await trpc(request, adminToken, 'user.setRoles', { _id: courseTeacher.id, roles: ['teacher'] });

      await trpc(request, adminToken, 'module.create', {
        path: modulePath,
        module: { name: moduleName, language: 'nl', public: true },
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
            {
              type: 'radio',
              questionType: 'single',
              name: 'keuze',
              label: 'Welke methode beschermt ook tegen soa?',
              options: [
                { value: 'condoom', label: 'Condoom', score: 1 },
                { value: 'pil', label: 'Pil', score: 0 },
              ],
              schema: { attempts: 1 },
            },
          ],
        },
      });
      await trpc(request, adminToken, 'module.publish', { path: modulePath });
      await trpc(request, adminToken, 'module.addOwner', { path: modulePath, userId: teacher.id });

      const course = await trpc<{ path: string }>(request, adminToken, 'course.create', {
        course: { name: `Cursus rechten ${stamp}`, language: 'nl' },
      });
      await trpc(request, adminToken, 'link.addItemToParent', {
        parentType: 'course',
        parentPath: course.path,
        itemType: 'module',
        itemPath: modulePath,
      });
      await trpc(request, adminToken, 'course.addOwner', { path: course.path, userId: courseTeacher.id });

      // One participant of the course, one who came to the module on their own.
      const inCourse = await newAccount(request, 'in-course', `Lotte Cursist ${stamp}`);
      const onOwn = await newAccount(request, 'on-own', `Omar Zelfstandig ${stamp}`);
      await trpc(request, adminToken, 'user.link', {
        _id: inCourse.id,
        itemType: 'course',
        itemPath: course.path,
        linked: true,
      });
      for (const participant of [inCourse, onOwn]) {
        await trpc(request, participant.token, 'result.save', {
          module: modulePath,
          page: page.path,
          result: {
            answers: { waarom: 'Omdat het over je eigen lichaam gaat.', keuze: 'pil' },
            confirm: ['keuze'],
          },
        });
      }
      // The participant of the course already holds the module's certificate.
      await trpc(request, adminToken, 'certificate.certify', { module: modulePath, user: inCourse.id });
      return { viewer, teacher, courseTeacher, course, inCourse, onOwn };
    });
  const { viewer, teacher, courseTeacher, course, inCourse, onOwn } = world;
  const resultOf = (participant: { id: string }) =>
    `/admin/results/${encodeURIComponent(participant.id)}?module=${encodeURIComponent(modulePath)}`;

  await test.step('view-only: every result to read, nothing to score or assign', async () => {
    const { context, page } = await signedIn(browser, viewer.account, `/admin/modules/${modulePath}`);
    await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
    // The view right reads the module's history.
    await expect(page.getByRole('heading', { name: words.history })).toBeVisible();
    await expectNoErrorPanel(page);

    await page.getByRole('link', { name: words.resultsTab, exact: true }).click();
    await expect(page.getByText(words.readOnly)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(inCourse.name) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(onOwn.name) })).toBeVisible();
    await expectNoErrorPanel(page);
    await screenshots(page, 'rights-view-only-results');

    await page.goto(resultOf(inCourse));
    await expect(
      page.getByRole('heading', { level: 1, name: `Resultaat van ${inCourse.name}` }),
    ).toBeVisible();
    await expect(page.getByText('Omdat het over je eigen lichaam gaat.')).toBeVisible();
    await expect(page.getByText(words.readOnly)).toBeVisible();
    // Its certificate is shown as it is, never as missing, and not offered to revoke.
    await expect(page.getByText('Geldig', { exact: true })).toBeVisible();
    await expect(page.getByText(words.noCertificate)).toHaveCount(0);
    await expect(page.getByRole('button', { name: words.assignModule })).toHaveCount(0);
    await expect(page.getByRole('button', { name: words.revokeModule })).toHaveCount(0);
    await expect(page.getByLabel(words.score)).toHaveCount(0);
    await expect(page.getByRole('button', { name: words.save })).toHaveCount(0);
    await expect(page.getByRole('button', { name: words.grant })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: words.history })).toBeVisible();
    await expectNoErrorPanel(page);
    await screenshots(page, 'rights-view-only-participant');

    // The course's certificates: readable, with no button to assign or revoke.
    await page.goto(`/admin/courses/${course.path}/course-certificates`);
    await expect(page.getByText(words.certificatesReadOnly)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(inCourse.name) })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`^${words.assignCourse}`) })).toHaveCount(0);
    await expectNoErrorPanel(page);
    await screenshots(page, 'rights-view-only-course-certificates');
    await context.close();
  });

  await test.step("the module's owner (teacher role): scores, gives an attempt and certifies anyone", async () => {
    const { context, page } = await signedIn(
      browser,
      teacher.account,
      `/admin/modules/${modulePath}/results`,
    );
    await expect(page.getByRole('row', { name: new RegExp(inCourse.name) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(onOwn.name) })).toBeVisible();
    await expect(page.getByText(words.readOnly)).toHaveCount(0);
    await expect(page.getByText(words.courseScope)).toHaveCount(0);
    await expectNoErrorPanel(page);

    await page.goto(resultOf(onOwn));
    await expect(page.getByRole('heading', { level: 1, name: `Resultaat van ${onOwn.name}` })).toBeVisible();
    await expect(page.getByText(words.noCertificate)).toBeVisible();
    await expect(page.getByRole('button', { name: words.assignModule })).toBeVisible();
    await expect(page.getByLabel(words.score)).toBeVisible();
    await expect(page.getByRole('button', { name: words.save })).toBeVisible();
    await expect(page.getByRole('button', { name: words.grant })).toBeVisible();
    await expectNoErrorPanel(page);
    await screenshots(page, 'rights-teacher-participant');

    await page.getByLabel(words.score).fill('3');
    await page.getByRole('button', { name: words.save }).click();
    await expect(page.getByText('De scores en feedback zijn opgeslagen.')).toBeVisible();

    // They own no course: the course certificates offer them nothing to assign.
    await page.goto('/admin/users/course-certificates');
    await expect(page.getByRole('heading', { level: 1, name: 'Cursuscertificaten' })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`^${words.assignCourse}`) })).toHaveCount(0);
    await expectNoErrorPanel(page);
    await screenshots(page, 'rights-teacher-course-certificates');
    await context.close();
  });

  await test.step("the course's teacher: that course's participants only, scored and certified", async () => {
    const { context, page } = await signedIn(browser, courseTeacher.account, `/admin/modules/${modulePath}`);
    await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
    await expect(page.getByText(words.moduleCourseTeacher)).toBeVisible();
    // The module's history is not theirs to read: no panel, no refusal.
    await expect(page.getByRole('heading', { name: words.history })).toHaveCount(0);
    await expectNoErrorPanel(page);
    await screenshots(page, 'rights-course-teacher-module');

    await page.getByRole('link', { name: words.resultsTab, exact: true }).click();
    await expect(page.getByText(words.courseScope)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(inCourse.name) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(onOwn.name) })).toHaveCount(0);
    await expectNoErrorPanel(page);
    await screenshots(page, 'rights-course-teacher-results');

    await page.getByRole('link', { name: inCourse.name }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Resultaat van ${inCourse.name}` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: words.revokeModule })).toBeVisible();
    await expect(page.getByLabel(words.score)).toBeVisible();
    await expect(page.getByRole('button', { name: words.grant })).toBeVisible();
    await expectNoErrorPanel(page);
    await screenshots(page, 'rights-course-teacher-participant');

    await page.getByRole('button', { name: words.grant }).click();
    await expect(page.getByText('heeft een extra poging gekregen')).toBeVisible();
    await expectNoErrorPanel(page);

    // Their course: its history, and its certificate to assign.
    await page.goto(`/admin/courses/${course.path}`);
    await expect(page.getByRole('heading', { name: words.history })).toBeVisible();
    await page.goto(`/admin/courses/${course.path}/course-certificates`);
    await expect(page.getByText(words.certificatesReadOnly)).toHaveCount(0);
    await expect(
      page
        .getByRole('row', { name: new RegExp(inCourse.name) })
        .getByRole('button', { name: new RegExp(`^${words.assignCourse}`) }),
    ).toBeVisible();
    await expectNoErrorPanel(page);
    await screenshots(page, 'rights-course-teacher-course-certificates');
    await context.close();
  });

  await test.step("an administrator adds a course teacher who also owns the course's modules", async () => {
    const { context, page } = await signedIn(browser, admin, `/admin/courses/${course.path}/link-teachers`);
    await expect(page.getByText('Lesgevers van deze cursus (eigenaars) mogen de cursus')).toBeVisible();
    const alsoModules = page.getByLabel('Maak hen ook eigenaar van de modules van deze cursus');
    await expect(alsoModules).not.toBeChecked();
    await alsoModules.check();
    await page.getByRole('button', { name: `Als lesgever toevoegen: ${teacher.name}` }).click();
    const included = page.getByRole('status').filter({ hasText: 'is nu ook eigenaar van 1 module' });
    await expect(included).toContainText(moduleName);
    await expectNoErrorPanel(page);
    await screenshots(page, 'rights-admin-link-teachers');
    await context.close();
  });
});
