import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { codeFor } from './mail/mailbox';
import { horizontalOverflow, newAddress, rememberLanguage, rewriteProcedure, signIn } from './support';

/**
 * The learner's side: the home page (featured courses and modules; for signed-in users
 * the welcome text, intro image and latest module), the course view with its sections in timing
 * order (past disabled, next open) and its team, in Dutch and English, at 360 px, by keyboard and
 * without serious axe violations.
 */

const mainCourse = { path: 'srgr-basis', name: 'Seksuele en reproductieve gezondheid en rechten: de basis' };
/** A demo course without owners, so without a Team tab. */
const courseWithoutTeam = { path: 'srhr-in-humanitarian-settings', name: 'SRHR in humanitarian settings' };
const onHomeCourse = 'SRHR in humanitarian settings';
const onHomeModule = 'Begrippen van SRGR';
const notOnHomeModule = 'Internationale kaders (met voortgangsblokkering)';
const sections = {
  past: 'Kick-off',
  live: 'Live vragenuur',
  next: 'Internationale kaders',
  future: 'Praktijk in projecten',
};
/** The live section's classroom (seeded to run from 10 minutes before the demo's start). */
const liveClassroom = 'Vragenuur';

const texts = {
  nl: {
    language: 'Taal',
    featuredCourses: 'Uitgelichte cursussen',
    featuredModules: 'Uitgelichte modules',
    signInForModules: 'Meld je aan om de modules te zien',
    welcome: 'Welkom op het leerplatform over seksuele en reproductieve gezondheid en rechten.',
    latest: 'Verder waar je gebleven was',
    noActivity: 'Je bent nog niet aan een module begonnen.',
    lastActive: /^Laatst actief op \d{2}\/\d{2}\/\d{4}$/,
    tabs: 'Onderdelen van de cursus',
    sections: 'Sessies',
    openSection: 'Bekijk de sessie',
    past: 'Afgelopen',
    live: 'Nu live',
    join: 'Neem deel aan',
    next: 'Volgende',
    future: 'Gepland',
    team: 'Team',
    anonymous: 'Anonieme gebruiker',
    certificate: 'Je certificaat',
    noSuchTab: 'Deze cursus heeft dit tabblad niet.',
    noSuchSection: 'Deze sessie bestaat niet.',
  },
  en: {
    language: 'Language',
    featuredCourses: 'Featured courses',
    featuredModules: 'Featured modules',
    signInForModules: 'Sign in to see the modules',
    welcome: 'Welcome to the learning platform on sexual and reproductive health and rights.',
    latest: 'Continue where you left off',
    noActivity: 'You have not started a module yet.',
    lastActive: /^Last active on \d{2}\/\d{2}\/\d{4}$/,
    tabs: 'Course parts',
    sections: 'Sessions',
    openSection: 'Open the session',
    past: 'Past',
    live: 'Live now',
    join: 'Join',
    next: 'Next',
    future: 'Upcoming',
    team: 'Team',
    anonymous: 'Anonymous User',
    certificate: 'Your Certificate',
    noSuchTab: 'This course does not have this tab.',
    noSuchSection: 'This session does not exist.',
  },
} as const;
type Language = keyof typeof texts;
const languages: Language[] = ['nl', 'en'];

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A verified account made the way a visitor makes one: sign-up, then the mailed code. */
async function newAccount(request: APIRequestContext, name: string, profession = '') {
  const account = { name, email: newAddress('learner'), password: 'learner-password-123' };
  const signUp = await request.post('/auth/sign-up', {
    data: { name, email: account.email, password: account.password, profession },
  });
  expect(signUp.ok()).toBe(true);
  const verified = await request.post('/auth/verify', {
    data: { email: account.email, code: await codeFor(account.email) },
  });
  expect(verified.ok()).toBe(true);
  return account;
}

/** The account's ID token, as the client gets it when signing in. */
async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/auth/sign-in', {
    data: { email: account.email, password: account.password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { idToken: string }).idToken;
}

async function trpc<T>(
  request: APIRequestContext,
  token: string,
  procedure: string,
  input: unknown,
  kind: 'query' | 'mutation',
): Promise<T> {
  const headers = { authorization: `Bearer ${token}` };
  const response =
    kind === 'query'
      ? await request.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, {
          headers,
        })
      : await request.post(`/trpc/${procedure}`, { headers, data: input });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** Signs in (the helper speaks Dutch), then picks the interface language in the footer. */
async function signInAs(page: Page, account: { email: string; password: string }, language: Language) {
  await signIn(page, account);
  if (language !== 'nl') await page.getByLabel(texts.nl.language).selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

async function expectNoSeriousAxeViolations(page: Page, where: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const sectionToggle = (page: Page, name: string) =>
  page
    .getByRole('region', { name: /^(Sessies|Sessions)$/ })
    .getByRole('button', { name: new RegExp(`^${name}`) });

for (const language of languages) {
  const text = texts[language];

  test(`home in ${language}: the courses flagged for the home page, and signing in for the modules, nothing personal when signed out`, async ({
    page,
  }) => {
    await rememberLanguage(page, language);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const courses = page.getByRole('region', { name: text.featuredCourses });
    await expect(courses.getByRole('link', { name: onHomeCourse })).toBeVisible();
    await expect(courses.getByRole('link', { name: mainCourse.name })).toBeVisible();
    // Modules are for registered users: no cards, an offer to sign in (and come back) instead.
    const modules = page.getByRole('region', { name: text.featuredModules });
    await expect(modules.getByRole('article')).toHaveCount(0);
    await expect(modules.getByRole('link', { name: text.signInForModules })).toHaveAttribute(
      'href',
      '/login',
    );

    await expect(page.getByText(text.welcome)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: text.latest })).toHaveCount(0);
    await expect(page.locator('.hero__image')).toHaveCount(0);
  });

  test(`home in ${language}, signed in: the welcome text with the intro image, then the module last worked on`, async ({
    page,
    request,
  }) => {
    const learner = await test.step('sign up and sign in', async () => {
      const learner = await newAccount(request, `Lea Learner ${unique()}`);
      await signInAs(page, learner, language);
      return learner;
    });
    const latest =
      await test.step('open the home page: the welcome text, the featured modules and no activity yet', async () => {
        await page.goto('/');
        await expect(page.getByText(text.welcome)).toBeVisible();
        const modules = page.getByRole('region', { name: text.featuredModules });
        await expect(modules.getByRole('link', { name: onHomeModule })).toBeVisible();
        await expect(modules.getByRole('link', { name: notOnHomeModule })).toHaveCount(0);
        // A small card keeps the module's info within 128 characters.
        const info = await modules
          .getByRole('article')
          .filter({ hasText: onHomeModule })
          .locator('.card__text')
          .innerText();
        expect(info.length).toBeLessThanOrEqual(128);
        await expect(page.locator('.hero__image')).toBeVisible();
        const latest = page.getByRole('region', { name: text.latest });
        await expect(latest.getByText(text.noActivity)).toBeVisible();
        return latest;
      });

    await test.step('answer and check a question of the home page module', async () => {
      // The learner answers a question of the home page's module and checks it (as the page view's
      // 'Check answer' does: the question has limited attempts, and a mere draft is no answer yet).
      const token = await tokenOf(request, learner);
      const module = await trpc<{ pages: { path: string; name: string }[] }>(
        request,
        token,
        'module.byPath',
        { path: 'srgr-begrippen' },
        'query',
      );
      const questions = module.pages.find((entry) => entry.name === 'Test je kennis');
      expect(questions).toBeDefined();
      await trpc(
        request,
        token,
        'result.save',
        {
          module: 'srgr-begrippen',
          page: questions!.path,
          result: { answers: { jaar: 'o1' }, confirm: ['jaar'] },
        },
        'mutation',
      );
    });

    await test.step('reload: the module last worked on is shown, and opens', async () => {
      await page.reload();
      await expect(latest.getByRole('link', { name: onHomeModule })).toBeVisible();
      await expect(latest.locator('.module-card__footer')).toHaveText(text.lastActive);
      await expect(latest.getByText(text.noActivity)).toHaveCount(0);
      await expectNoSeriousAxeViolations(page, `/ (${language}, signed in)`);
      await latest.getByRole('link', { name: onHomeModule }).click();
      await expect(page).toHaveURL(/\/module\/srgr-begrippen$/);
    });
  });

  test(`course in ${language}: sections in timing order, the past one disabled, the live and next ones open, by keyboard`, async ({
    page,
  }) => {
    const tabs = await test.step('open the course and read its tabs', async () => {
      await rememberLanguage(page, language);
      await page.goto(`/course/${mainCourse.path}`);
      await expect(page.getByRole('heading', { level: 1, name: mainCourse.name })).toBeVisible();

      // The tabs: Info, then the sections by classroom start (a team tab may follow).
      const tabs = page.getByRole('navigation', { name: text.tabs }).getByRole('link');
      await expect(tabs.nth(0)).toHaveText('Info');
      await expect(tabs.nth(1)).toHaveText(`${sections.past} (${text.past})`);
      await expect(tabs.nth(2)).toHaveText(sections.live);
      await expect(tabs.nth(3)).toHaveText(sections.next);
      await expect(tabs.nth(4)).toHaveText(sections.future);
      return tabs;
    });

    const { past, live, next, future } = await test.step('read the sections in timing order', async () => {
      await expect(page.getByRole('heading', { level: 2, name: text.sections })).toBeVisible();
      const past = sectionToggle(page, sections.past);
      const live = sectionToggle(page, sections.live);
      const next = sectionToggle(page, sections.next);
      const future = sectionToggle(page, sections.future);
      await expect(past).toBeVisible();
      await expect(past).toHaveAttribute('aria-disabled', 'true');
      await expect(past).toHaveAttribute('aria-expanded', 'false');
      await expect(past).toContainText(text.past);
      await expect(live).toHaveAttribute('aria-expanded', 'true');
      await expect(live).toContainText(text.live);
      await expect(next).toHaveAttribute('aria-expanded', 'true');
      await expect(next).toContainText(text.next);
      await expect(page.getByText('Cairo 1994, Beijing 1995')).toBeVisible();
      await expect(future).toHaveAttribute('aria-expanded', 'false');
      await expect(future).toContainText(text.future);
      await expect(page.getByText('Casussen uit partnerlanden')).toBeHidden();
      return { past, live, next, future };
    });

    await test.step('open and close the sections with the keyboard alone', async () => {
      // Keyboard alone: the past section stays closed, the future one opens and closes.
      await past.focus();
      await page.keyboard.press('Enter');
      await expect(past).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press('Tab');
      await expect(live).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: `${text.join} ${liveClassroom}` })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: `${text.openSection}: ${sections.live}` })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(next).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: `${text.openSection}: ${sections.next}` })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(future).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(future).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByText('Casussen uit partnerlanden')).toBeVisible();
      await page.keyboard.press('Space');
      await expect(future).toHaveAttribute('aria-expanded', 'false');
    });

    await test.step("open the next session's tab by keyboard", async () => {
      // The next session's own tab, reached from its panel by keyboard.
      await next.focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/course/${mainCourse.path}/section/internationale-kaders$`));
      await expect(page.getByRole('heading', { level: 2, name: sections.next })).toBeVisible();
      await expect(page.locator('.section-panel__timing')).toHaveText(text.next);
      await expect(tabs.nth(3)).toHaveAttribute('aria-current', 'page');
    });

    await test.step("open the past session's tab", async () => {
      // A past section keeps its own tab (its recordings live there).
      await tabs.nth(1).click();
      await expect(page.getByRole('heading', { level: 2, name: sections.past })).toBeVisible();
      await expect(page.locator('.section-panel__timing')).toHaveText(text.past);
    });
  });

  test(`in ${language}: the Team or Your Certificate address of a course without that tab answers as a missing tab`, async ({
    page,
  }, testInfo) => {
    await rememberLanguage(page, language);
    // Which tabs the course offers depends on what other tests did to it (the team test makes the
    // main course a team), so only the tab whose address is opened is checked to be absent.
    const missing = async (path: string, course: { name: string }, says: string, absentTab?: string) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: course.name })).toBeVisible();
      await expect(page.locator('.status--not-found').getByRole('heading', { level: 2 })).toHaveText(says);
      const tabs = page.getByRole('navigation', { name: text.tabs });
      await expect(tabs.getByRole('link', { name: 'Info', exact: true })).toBeVisible();
      // No tab is current, and the missing one is not offered.
      await expect(tabs.locator('[aria-current="page"]')).toHaveCount(0);
      if (absentTab) await expect(tabs.getByRole('link', { name: absentTab, exact: true })).toHaveCount(0);
    };
    await test.step('open an unknown section', async () => {
      // An unknown section is the model: the course, its tabs, and a not-found text for the panel.
      await missing(`/course/${mainCourse.path}/section/no-such-session`, mainCourse, text.noSuchSection);
    });
    await test.step('open the Team address of a course without owners', async () => {
      // A course without owners has no Team tab; its address says so instead of showing an empty team.
      await missing(`/course/${courseWithoutTeam.path}/team`, courseWithoutTeam, text.noSuchTab, text.team);
      await expect(page.getByRole('heading', { level: 2, name: text.team })).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath(`missing-team-tab-${language}.png`) });
    });
    await test.step('open the certificate address signed out', async () => {
      // Signed out, nobody holds a certificate: no Your Certificate tab either.
      await missing(`/course/${mainCourse.path}/certificate`, mainCourse, text.noSuchTab, text.certificate);
      await expect(page.getByRole('heading', { level: 2, name: text.certificate })).toHaveCount(0);
    });
  });
}

test('a signed-out visitor sees no module cards on a course, is sent to sign in for a module and comes back; a missing one does not exist', async ({
  page,
  request,
}) => {
  const learner = await test.step('open the course signed out: no module cards', async () => {
    await rememberLanguage(page, 'nl');
    const learner = await newAccount(request, `Vera Visitor ${unique()}`);
    // The course info is for everyone; its modules offer to sign in instead of cards.
    await page.goto(`/course/${mainCourse.path}`);
    await expect(page.getByRole('heading', { level: 1, name: mainCourse.name })).toBeVisible();
    await expect(page.locator('.module-card')).toHaveCount(0);
    return learner;
  });

  await test.step('open a module: sign in, then back to the module', async () => {
    // Opening an existing module leads to sign-in, then back to the module (nested under the course).
    const moduleAddress = `/course/${mainCourse.path}/module/srgr-begrippen`;
    await page.goto(moduleAddress);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(moduleAddress)}`);
    await page.getByLabel('E-mailadres').fill(learner.email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
    await expect(page).toHaveURL(moduleAddress);
    await expect(page.getByRole('heading', { level: 1, name: onHomeModule })).toBeVisible();
  });

  await test.step('sign out and open a module that does not exist', async () => {
    // Signed out again, a module that does not exist still says so, without a detour to sign in.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/module/no-such-module');
    await expect(page.getByRole('heading', { name: 'Oeps, deze module bestaat niet.' })).toBeVisible();
    await expect(page).toHaveURL('/module/no-such-module');
  });
});

test('signed in without the course certificate, its address answers as a missing tab', async ({
  page,
  request,
}) => {
  const learner = await newAccount(request, `Nina Nocert ${unique()}`);
  await signIn(page, learner, `/course/${mainCourse.path}/certificate`);
  await expect(page).toHaveURL(new RegExp(`/course/${mainCourse.path}/certificate$`));
  await expect(page.getByRole('heading', { level: 1, name: mainCourse.name })).toBeVisible();
  await expect(page.locator('.status--not-found').getByRole('heading', { level: 2 })).toHaveText(
    texts.nl.noSuchTab,
  );
  await expect(page.getByRole('heading', { level: 2, name: texts.nl.certificate })).toHaveCount(0);
  const tabs = page.getByRole('navigation', { name: texts.nl.tabs });
  await expect(tabs.getByRole('link', { name: texts.nl.certificate })).toHaveCount(0);
});

test.describe('the course team', () => {
  test.describe.configure({ mode: 'serial' });
  const id = unique();
  const teacher = {
    name: `Tess Teacher ${id}`,
    // Unique per run: a repeated run links more teachers to the same course.
    profession: `Vroedvrouw ${id}`,
    description: `Twintig jaar moedergezondheid (${id}).`,
  };
  const hidden = { name: `Hidden Teacher ${id}`, profession: `Arts ${id}` };

  test('an admin links two teachers as owners of the demo course through the admin screens', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    for (const person of [teacher, hidden]) {
      await test.step(`make ${person.name} a teacher`, async () => {
        const account = await newAccount(request, person.name, person.profession);
        const token = await tokenOf(request, account);
        // Each teacher fills in their profile; the second one asks for full privacy.
        await trpc(
          request,
          token,
          'user.updateProfile',
          {
            name: person.name,
            profession: person.profession,
            description: 'description' in person ? person.description : '',
            fullPrivacy: person === hidden,
            language: 'nl',
          },
          'mutation',
        );
        const me = await trpc<{ _id: string }>(request, token, 'user.me', undefined, 'query');

        if (person === teacher) await signIn(page, admin, `/admin/users/${me._id}`);
        else await page.goto(`/admin/users/${me._id}`);
        const roles = page.getByRole('region', { name: 'Rollen' });
        await roles.getByLabel('teacher', { exact: true }).check();
        await roles.getByRole('button', { name: 'Rollen bewaren' }).click();
        await expect(roles.getByText('De rollen zijn bewaard.')).toBeVisible();
      });
    }

    await test.step('link both teachers to the course', async () => {
      await page.goto('/admin/link-teachers');
      await page.getByLabel('Cursus', { exact: true }).selectOption({ label: mainCourse.name });
      for (const person of [teacher, hidden]) {
        await page.getByRole('button', { name: `Als lesgever toevoegen: ${person.name}` }).click();
        await expect(
          page.getByRole('button', { name: `Als lesgever verwijderen: ${person.name}` }),
        ).toBeVisible();
      }
    });
  });

  for (const language of languages) {
    const text = texts[language];

    test(`in ${language}: the team tab, the team panel open on a wide window, and full privacy kept`, async ({
      page,
    }) => {
      const tabs = await test.step('open the course: the team on the Info tab', async () => {
        await rememberLanguage(page, language);
        await page.goto(`/course/${mainCourse.path}`);
        const tabs = page.getByRole('navigation', { name: text.tabs });
        await expect(tabs.getByRole('link', { name: text.team, exact: true })).toBeVisible();

        // On the Info tab: the team as avatars, and the team panel, open at this width (1280 px).
        const avatars = page.getByRole('list', { name: text.team });
        await expect(avatars.getByRole('listitem').filter({ hasText: teacher.name })).toHaveCount(1);
        const panel = page.locator('details.team-panel');
        await expect(panel).toHaveAttribute('open', '');
        await expect(panel.getByRole('heading', { level: 3, name: teacher.name })).toBeVisible();
        await expect(panel.getByText(teacher.profession, { exact: true })).toBeVisible();
        await expect(panel.getByText(teacher.description)).toBeVisible();
        await expect(panel.getByRole('heading', { level: 3, name: text.anonymous }).first()).toBeVisible();
        await expect(page.getByText(hidden.name)).toHaveCount(0);
        await expect(page.getByText(hidden.profession, { exact: true })).toHaveCount(0);
        return tabs;
      });

      await test.step('open the Team tab', async () => {
        await tabs.getByRole('link', { name: text.team, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/course/${mainCourse.path}/team$`));
        await expect(tabs.getByRole('link', { name: text.team, exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await expect(page.getByRole('heading', { level: 2, name: text.team })).toBeVisible();
        await expect(page.getByRole('heading', { level: 3, name: teacher.name })).toBeVisible();
        await expect(page.getByText(teacher.description)).toBeVisible();
        await expect(page.getByRole('heading', { level: 3, name: text.anonymous }).first()).toBeVisible();
        await expect(page.getByText(hidden.name)).toHaveCount(0);
      });
    });
  }

  test('the team panel opens by default from 480 px wide, and by keyboard on narrower windows', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 480, height: 800 });
    await page.goto(`/course/${mainCourse.path}`);
    await expect(page.locator('details.team-panel')).toHaveAttribute('open', '');

    await page.setViewportSize({ width: 479, height: 800 });
    await page.reload();
    const panel = page.locator('details.team-panel');
    await expect(panel.getByRole('heading', { level: 2, name: 'Team' })).toBeVisible();
    await expect(panel).not.toHaveAttribute('open', '');
    await expect(panel.getByRole('heading', { level: 3, name: teacher.name })).toBeHidden();
    await panel.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(panel).toHaveAttribute('open', '');
    await expect(panel.getByRole('heading', { level: 3, name: teacher.name })).toBeVisible();
  });

  test('with the team hidden (showTeam off), the Team tab is gone and its address answers as a missing tab', async ({
    page,
  }) => {
    await rewriteProcedure(page, 'course.byPath', (course) => ({ ...course, showTeam: false }));
    await page.goto(`/course/${mainCourse.path}/team`);
    await expect(page.getByRole('heading', { level: 1, name: mainCourse.name })).toBeVisible();
    await expect(page.locator('.status--not-found').getByRole('heading', { level: 2 })).toHaveText(
      texts.nl.noSuchTab,
    );
    await expect(page.getByRole('heading', { level: 3, name: teacher.name })).toHaveCount(0);
    const tabs = page.getByRole('navigation', { name: texts.nl.tabs });
    await expect(tabs.getByRole('link', { name: texts.nl.team, exact: true })).toHaveCount(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('on a wide window the course tabs, Team included, sit on one line', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/course/${mainCourse.path}`);
    const tabs = page.getByRole('navigation', { name: texts.nl.tabs }).getByRole('link');
    await expect(tabs).toHaveCount(6);
    await expect(tabs.last()).toHaveText(texts.nl.team);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const tops = await tabs.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    await page.screenshot({ path: testInfo.outputPath('course-tabs-1280.png') });
  });

  test.describe('at 360 px', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('every course tab is on screen (they wrap, none hides sideways) and the keyboard reaches each in turn', async ({
      page,
    }, testInfo) => {
      const tabs = await test.step('open the course: every tab on screen', async () => {
        await page.goto(`/course/${mainCourse.path}`);
        const nav = page.getByRole('navigation', { name: texts.nl.tabs });
        const tabs = nav.getByRole('link');
        // Info, the four sessions and Team.
        await expect(tabs).toHaveCount(6);
        await expect(tabs.last()).toHaveText(texts.nl.team);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await page.screenshot({ path: testInfo.outputPath('course-tabs-360.png') });
        for (const tab of await tabs.all()) {
          await expect(tab).toBeInViewport({ ratio: 1 });
          const box = await tab.boundingBox();
          expect(box!.x).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width).toBeLessThanOrEqual(360);
        }
        expect(await horizontalOverflow(page)).toBe(0);
        return tabs;
      });

      await test.step('walk the tabs by keyboard and open Team', async () => {
        // By keyboard: Tab walks from one tab to the next, and Enter opens the last one.
        await tabs.first().focus();
        for (let index = 1; index < 6; index++) {
          await page.keyboard.press('Tab');
          await expect(tabs.nth(index)).toBeFocused();
          await expect(tabs.nth(index)).toBeInViewport({ ratio: 1 });
        }
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(new RegExp(`/course/${mainCourse.path}/team$`));
        await expect(tabs.last()).toHaveAttribute('aria-current', 'page');
        await page.screenshot({ path: testInfo.outputPath('course-team-360.png') });
      });
    });

    test('home, course, section and team pages neither scroll sideways nor have serious axe violations', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      for (const path of [
        '/',
        `/course/${mainCourse.path}`,
        `/course/${mainCourse.path}/section/kick-off`,
        `/course/${mainCourse.path}/section/internationale-kaders`,
        `/course/${mainCourse.path}/team`,
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await horizontalOverflow(page), path).toBe(0);
        await expectNoSeriousAxeViolations(page, path);
      }
    });
  });

  test('the course pages have no serious axe violations on a wide window', async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of [`/course/${mainCourse.path}`, `/course/${mainCourse.path}/team`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousAxeViolations(page, path);
    }
  });
});
