import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { type LtiPlatform, startLtiPlatform } from '../tests/support/lti-platform';
import { admin } from './accounts';
import { horizontalOverflow, noSeriousProblems, signIn } from './support';

/**
 * LTI 1.3 (docs/integrating/lti.md) against the stand-in platform of tests/support/lti-platform.ts,
 * by keyboard: an administrator reads this tool's addresses under Admin → LTI and registers the
 * stand-in with the form (at 1280 and 360 px, axe on each); a teacher's Deep Linking launch lists
 * the published modules and sends the chosen one back; a learner's launch lands signed in on the
 * module, and the score of an answer reaches the stand-in's gradebook; once the administrator has
 * removed the platform (after confirming), a launch ends on the tool's error page.
 *
 * The stand-in runs in this process on 127.0.0.1: the tool's PUBLIC_URL is the browser's base URL
 * (e2e/server-env.ts), so the launch URL the tool names is the one the stand-in posts to, and the
 * tool and the stand-in are one site for the browser's SameSite rules, as on http they must be.
 */

/** The demo module a launch opens: published, with scorable questions (server/demo/demo-content.ts). */
const demoModule = { path: 'srgr-begrippen', name: 'Begrippen van SRGR', questions: 'Test je kennis' };

/** Full-page screenshots at both widths, nothing sideways at 360 px, axe at each. */
async function shots(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    if (width === 360) expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await noSeriousProblems(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Focuses a control and presses a key on it, as a keyboard user does. */
async function press(page: Page, control: Locator, key = 'Enter') {
  await control.focus();
  await expect(control).toBeFocused();
  await page.keyboard.press(key);
}

/** Types into a field after focusing it, by keyboard. */
async function type(page: Page, field: Locator, text: string) {
  await field.focus();
  await expect(field).toBeFocused();
  await page.keyboard.type(text);
}

/** A browser of its own, signed out, in Dutch, as someone arriving from their learning platform. */
async function freshPage(browser: Browser, width: number) {
  const context = await browser.newContext({ locale: 'nl-BE', viewport: { width, height: 800 } });
  return { context, page: await context.newPage() };
}

test('a learning platform registered under Admin → LTI links a module, launches a learner into it, gets the score, and launches nothing once removed', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const toolBase = new URL(baseURL ?? '').origin;
  const lms: LtiPlatform = await startLtiPlatform({ toolBase });
  const name = `Stand-in Moodle ${Date.now().toString(36)}`;
  const adminContext = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  await adminContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  try {
    const page = await adminContext.newPage();
    await signIn(page, admin, '/admin');

    await test.step('Admin → LTI by keyboard: the tool’s four addresses (one copied) and the list', async () => {
      const nav = page.getByRole('navigation', { name: 'Administration', exact: true });
      await press(page, nav.getByRole('link', { name: 'LTI', exact: true }));
      await expect(page).toHaveURL(/\/admin\/lti$/);
      await expect(page.getByRole('heading', { level: 1, name: 'LTI' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'LTI', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const tool = page.getByRole('region', { name: 'This tool’s addresses' });
      await expect(tool.getByRole('textbox', { name: 'Tool URL and redirection URI' })).toHaveValue(
        `${toolBase}/lti/launch`,
      );
      await expect(tool.getByRole('textbox', { name: 'Login initiation URL' })).toHaveValue(
        `${toolBase}/lti/login`,
      );
      await expect(tool.getByRole('textbox', { name: 'Public keyset URL' })).toHaveValue(
        `${toolBase}/lti/jwks`,
      );
      await expect(
        tool.getByRole('textbox', { name: 'URL to choose a module or course (Deep Linking)' }),
      ).toHaveValue(`${toolBase}/lti/launch`);
      // Each says where Moodle and Canvas ask for it.
      await expect(tool.getByRole('textbox', { name: 'Login initiation URL' })).toHaveAccessibleDescription(
        /Initiate login URL.*OpenID Connect Initiation Url/,
      );
      await press(page, tool.getByRole('button', { name: 'Copy: Public keyset URL' }));
      await expect(tool.getByRole('status')).toHaveText('Copied: Public keyset URL.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${toolBase}/lti/jwks`);
      const list = page.getByRole('region', { name: 'Registered learning platforms' });
      await expect(
        list.getByText('No learning platform registered yet.').or(list.getByRole('table')),
      ).toBeVisible();
      await shots(page, 'list-before');
    });

    const form = {
      name: page.getByRole('textbox', { name: 'Name', exact: true }),
      issuer: page.getByRole('textbox', { name: 'Issuer (platform ID)' }),
      clientId: page.getByRole('textbox', { name: 'Client ID' }),
      deploymentIds: page.getByRole('textbox', { name: 'Deployment IDs (optional)' }),
      authLoginUrl: page.getByRole('textbox', { name: 'Authentication request URL' }),
      tokenUrl: page.getByRole('textbox', { name: 'Access token URL' }),
      jwksUrl: page.getByRole('textbox', { name: 'The platform’s public keyset URL' }),
      register: page.getByRole('button', { name: 'Register platform' }),
    };
    const row = page.getByRole('row', { name: new RegExp(name) });

    await test.step('register the stand-in with the form, by keyboard', async () => {
      await press(page, page.getByRole('link', { name: 'Register a platform' }));
      await expect(page).toHaveURL(/\/admin\/lti\/new$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Register a learning platform' }),
      ).toBeVisible();
      // Nothing filled in: the form says so at the fields, without asking the server.
      await press(page, form.register);
      await expect(form.name).toBeFocused();
      await expect(form.name).toHaveAccessibleDescription(/This field is required\./);
      await expect(form.jwksUrl).toHaveAttribute('aria-invalid', 'true');

      await type(page, form.name, name);
      await type(page, form.issuer, lms.issuer);
      await type(page, form.clientId, lms.clientId);
      await type(page, form.deploymentIds, lms.deploymentId);
      // An address without its scheme is refused at its field before anything is sent.
      await type(page, form.authLoginUrl, lms.authLoginUrl.replace(/^http:\/\//, ''));
      await type(page, form.tokenUrl, lms.tokenUrl);
      await type(page, form.jwksUrl, lms.jwksUrl);
      await press(page, form.register);
      await expect(form.authLoginUrl).toBeFocused();
      await expect(form.authLoginUrl).toHaveAccessibleDescription(/Enter a valid web address\./);
      await page.keyboard.press('Control+A');
      await page.keyboard.type(lms.authLoginUrl);
      await shots(page, 'form-filled');

      await press(page, form.register);
      await expect(page).toHaveURL(/\/admin\/lti$/);
      await expect(page.getByText(`‘${name}’ is registered.`)).toBeVisible();
      await expect(row.getByRole('rowheader')).toBeFocused();
      await expect(row).toContainText(lms.issuer);
      await expect(row).toContainText(lms.clientId);
      await expect(row).toContainText(lms.deploymentId);
      await expect(row).toContainText('Active');
      await expect(page.getByRole('button', { name: `Remove ‘${name}’` })).toBeVisible();
      await shots(page, 'list-registered');
    });

    await test.step('the same issuer and client id a second time: refused at the client id', async () => {
      await press(page, page.getByRole('link', { name: 'Register a platform' }));
      await form.name.fill(`${name} again`);
      await form.issuer.fill(lms.issuer);
      await form.clientId.fill(lms.clientId);
      await form.authLoginUrl.fill(lms.authLoginUrl);
      await form.tokenUrl.fill(lms.tokenUrl);
      await form.jwksUrl.fill(lms.jwksUrl);
      await press(page, form.register);
      await expect(form.clientId).toBeFocused();
      await expect(form.clientId).toHaveAccessibleDescription(
        /This learning platform is already registered with this client ID\./,
      );
      await shots(page, 'form-refused');
      await press(page, page.getByRole('link', { name: 'Cancel' }));
      await expect(page).toHaveURL(/\/admin\/lti$/);
      await expect(page.getByRole('row', { name: new RegExp(`${name} again`) })).toHaveCount(0);
    });

    await test.step('Deep Linking: a teacher chooses the module by keyboard and it goes back', async () => {
      const { context, page: teacher } = await freshPage(browser, 1280);
      await teacher.goto(
        lms.launchPageUrl({
          user: { sub: 'teacher-e2e', name: 'Tess Teacher', roles: ['Instructor'] },
          kind: 'deep-linking',
          targetLinkUri: `${toolBase}/lti/launch`,
        }),
      );
      await expect(
        teacher.getByRole('heading', { level: 1, name: 'Kies wat je leerplatform opent' }),
      ).toBeVisible();
      await expect(teacher).toHaveURL(`${toolBase}/lti/launch`);
      const modules = teacher.getByRole('group', { name: 'Modules' });
      const choice = modules.getByRole('radio', { name: `${demoModule.name} (nl)` });
      await expect(choice).toBeVisible();
      await teacher.screenshot({ path: test.info().outputPath('deep-link-choice-1280.png'), fullPage: true });
      await teacher.setViewportSize({ width: 360, height: 800 });
      await teacher.screenshot({ path: test.info().outputPath('deep-link-choice-360.png'), fullPage: true });
      expect(await horizontalOverflow(teacher)).toBeLessThanOrEqual(0);
      await noSeriousProblems(teacher);

      await press(teacher, choice, 'Space');
      await expect(choice).toBeChecked();
      await teacher.keyboard.press('Tab');
      await expect(teacher.getByRole('button', { name: 'Koppelen' })).toBeFocused();
      await teacher.keyboard.press('Enter');

      // Back on the platform: its return page names what it received.
      await expect(teacher.getByRole('heading', { level: 1, name: 'Deep link received:' })).toBeVisible();
      await expect(teacher.getByRole('listitem')).toHaveText(
        `${demoModule.name} ${toolBase}/module/${demoModule.path}`,
      );
      expect(lms.deepLinks).toHaveLength(1);
      const items = lms.deepLinks[0]?.claims['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'];
      expect(items).toEqual([
        expect.objectContaining({
          type: 'ltiResourceLink',
          title: demoModule.name,
          url: `${toolBase}/module/${demoModule.path}`,
        }),
      ]);
      await context.close();
    });

    await test.step('a learner’s launch lands signed in on the module; an answer’s score goes back', async () => {
      const { context, page: learner } = await freshPage(browser, 360);
      await learner.goto(
        lms.launchPageUrl({
          user: { sub: 'learner-e2e', name: 'Lea Learner', roles: ['Learner'] },
          kind: 'resource',
          targetLinkUri: `${toolBase}/module/${demoModule.path}`,
        }),
      );
      await expect(learner).toHaveURL(`${toolBase}/module/${demoModule.path}`);
      await expect(learner.getByRole('heading', { level: 1, name: demoModule.name })).toBeVisible();
      const questions = learner.getByRole('link', { name: demoModule.questions });
      await expect(questions).toBeVisible();
      await learner.screenshot({ path: test.info().outputPath('learner-landed-360.png'), fullPage: true });
      expect(await horizontalOverflow(learner)).toBeLessThanOrEqual(0);
      await noSeriousProblems(learner);

      await press(learner, questions);
      await expect(learner.getByRole('heading', { level: 1, name: demoModule.questions })).toBeVisible();
      const year = learner.getByRole('group', { name: /ICPD-conferentie/ });
      const yearBox = learner.locator('.question').filter({ has: year });
      await press(learner, year.getByLabel('1994'), 'Space');
      await expect(year.getByLabel('1994')).toBeChecked();
      await expect(
        learner.getByRole('status').filter({ hasText: 'Je antwoorden zijn bewaard.' }),
      ).toBeVisible();
      await learner.keyboard.press('Tab');
      await expect(
        yearBox.getByRole('button', { name: 'Controleer mijn antwoord', exact: true }),
      ).toBeFocused();
      await learner.keyboard.press('Enter');
      await expect(yearBox.getByText('Vergrendeld')).toBeVisible();

      // The score job sends the module's score to the line item of the launch.
      const scoreOf = () =>
        lms.scores
          .map(({ body }) => body as { userId?: unknown; scoreGiven?: unknown; scoreMaximum?: unknown })
          .filter(
            (body) =>
              body.userId === 'learner-e2e' &&
              typeof body.scoreGiven === 'number' &&
              typeof body.scoreMaximum === 'number',
          )
          .map((body) => ({
            scoreGiven: body.scoreGiven as number,
            scoreMaximum: body.scoreMaximum as number,
          }))
          .at(-1);
      await expect
        .poll(() => scoreOf()?.scoreGiven ?? null, {
          message: 'a score for learner-e2e at the stand-in',
          timeout: 60_000,
        })
        .toBeGreaterThanOrEqual(1);
      const score = scoreOf();
      expect(score?.scoreMaximum).toBeGreaterThan(score?.scoreGiven ?? 0);
      expect(lms.scores.every(({ lineItemUrl }) => lineItemUrl === lms.lineItemUrl)).toBe(true);
      await context.close();
    });

    await test.step('removing the platform asks first (Escape keeps it), then launches stop', async () => {
      await page.reload();
      await expect(row).toContainText('Active');
      const remove = page.getByRole('button', { name: `Remove ‘${name}’` });
      await press(page, remove);
      const dialog = page.getByRole('dialog', { name: 'Remove this learning platform?' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`‘${name}’ stops at once: it opens nothing here any more`);
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await shots(page, 'confirm');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(remove).toBeFocused();

      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Remove', exact: true })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`‘${name}’ is removed.`)).toBeVisible();
      await expect(row).toContainText('Removed');
      await expect(remove).toHaveCount(0);
      await expect(row.getByRole('rowheader')).toBeFocused();
      await shots(page, 'list-removed');

      const { context, page: learner } = await freshPage(browser, 360);
      await learner.goto(
        lms.launchPageUrl({
          user: { sub: 'learner-e2e', name: 'Lea Learner', roles: ['Learner'] },
          kind: 'resource',
          targetLinkUri: `${toolBase}/module/${demoModule.path}`,
        }),
      );
      await expect(
        learner.getByRole('heading', { level: 1, name: 'Openen vanuit je leerplatform is niet gelukt' }),
      ).toBeVisible();
      await expect(learner.getByRole('alert')).toHaveText(
        'Je leerplatform is hier niet geregistreerd. Vraag een beheerder om het te registreren.',
      );
      await expect(learner).toHaveURL(`${toolBase}/lti/login`);
      await learner.screenshot({ path: test.info().outputPath('removed-launch-360.png'), fullPage: true });
      await context.close();
    });
  } finally {
    await adminContext.close();
    await lms.close();
  }
});
