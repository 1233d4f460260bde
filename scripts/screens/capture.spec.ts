import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { admin } from '../../e2e/accounts';
import { codeFor } from '../../e2e/mail/mailbox';
import { signIn } from '../../e2e/support';

/**
 * Full-page screenshots of the main screens at a desktop and a phone width, for comparing two
 * builds pixel by pixel (scripts/screens/compare.ts, docs/development/styles.md). Everything shown
 * is the demo content and accounts with fixed names and addresses, so two runs show the same
 * pixels; what still moves with the clock (dates and times in lists and histories) is masked.
 */
const outDir = path.resolve(process.env.SCREENS_DIR ?? 'test-results/screens/latest');

const widths = [
  { width: 1280, height: 900 },
  { width: 360, height: 780 },
];

/** A learner with a fixed name and address: each run starts on a fresh database. */
const learner = { name: 'Lena Lerner', email: 'screens-learner@example.org', password: 'screens-password-1' };

const course = 'srgr-basis';
const module = 'srgr-begrippen';

type Who = 'visitor' | 'learner' | 'admin';

interface Screen {
  name: string;
  who: Who;
  url: () => string;
  heading: string | RegExp;
}

/** The question page's address, read from the module's list of pages. */
let questionPage = '';

const screens: Screen[] = [
  { name: 'home', who: 'visitor', url: () => '/', heading: /./ },
  { name: 'login', who: 'visitor', url: () => '/login', heading: 'Aanmelden' },
  { name: 'course', who: 'learner', url: () => `/course/${course}`, heading: /de basis/ },
  {
    name: 'module',
    who: 'learner',
    url: () => `/course/${course}/module/${module}`,
    heading: 'Begrippen van SRGR',
  },
  {
    name: 'question-page',
    who: 'learner',
    url: () => `/course/${course}/module/${module}/page/${questionPage}`,
    heading: /./,
  },
  { name: 'profile', who: 'learner', url: () => '/user', heading: /./ },
  { name: 'admin-courses', who: 'admin', url: () => '/admin/courses', heading: /./ },
  { name: 'admin-course-edit', who: 'admin', url: () => `/admin/courses/${course}`, heading: /de basis/ },
  { name: 'admin-module-edit', who: 'admin', url: () => `/admin/modules/${module}`, heading: /./ },
  { name: 'admin-page-editor', who: 'admin', url: () => `/admin/pages/${questionPage}`, heading: /./ },
  { name: 'admin-users', who: 'admin', url: () => '/admin/users', heading: /./ },
  { name: 'admin-roles', who: 'admin', url: () => '/admin/roles', heading: /./ },
];

/** Texts that change with the clock from one run to the next (the demo's live session starts at its start). */
const moving = (page: Page) => [
  page.locator('time'),
  page.locator('.history__meta'),
  page.locator('.section-item__when'),
];

async function settle(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((image) =>
        image.complete ? undefined : new Promise((done) => image.addEventListener('loadend', done)),
      ),
    );
  });
}

async function makeLearner(page: Page) {
  const signedUp = await page.request.post('/auth/sign-up', { data: learner });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  const verified = await page.request.post('/auth/verify', {
    data: { email: learner.email, code: await codeFor(learner.email) },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
}

test('screenshots of the main screens', async ({ browser }) => {
  test.setTimeout(300_000);
  fs.mkdirSync(outDir, { recursive: true });
  for (const who of ['visitor', 'learner', 'admin'] as const) {
    const context = await browser.newContext({ locale: 'nl-BE', serviceWorkers: 'block' });
    const page = await context.newPage();
    if (who === 'learner') {
      await makeLearner(page);
      await signIn(page, learner, `/course/${course}/module/${module}`);
      const link = page.getByRole('link', { name: 'Test je kennis' }).first();
      questionPage = ((await link.getAttribute('href')) ?? '').split('/page/')[1] ?? '';
      expect(questionPage, 'the question page of the module').not.toBe('');
    }
    if (who === 'admin') await signIn(page, admin, '/admin');
    for (const screen of screens.filter((each) => each.who === who)) {
      for (const size of widths) {
        await test.step(`${screen.name} at ${size.width} px`, async () => {
          await page.setViewportSize(size);
          await page.goto(screen.url());
          await settle(page, screen.heading);
          await page.screenshot({
            path: path.join(outDir, `${screen.name}-${size.width}.png`),
            fullPage: true,
            animations: 'disabled',
            caret: 'hide',
            mask: moving(page),
          });
        });
      }
    }
    await context.close();
  }
});
