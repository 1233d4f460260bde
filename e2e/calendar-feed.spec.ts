import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ICAL from 'ical.js';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { horizontalOverflow, noSeriousProblems, signIn } from './support';

/**
 * The private calendar feed and reminder mails from the profile (docs/guide/live-classrooms.md), by
 * keyboard only: a learner of a course with a live session makes the feed address, a calendar app
 * (here ical.js) reads the session from it, a new address stops the old one, revoking stops it too,
 * and the reminder choice stays after a reload. Screenshots at 1280 and 360 px, axe on every state.
 */

const minute = 60_000;

/** Full-page screenshots at both widths (also under FEED_SHOTS when set), nothing sideways at 360 px. */
async function shots(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    if (process.env.FEED_SHOTS)
      await page.screenshot({ path: `${process.env.FEED_SHOTS}-${name}-${width}.png`, fullPage: true });
    if (width === 360) expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await noSeriousProblems(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The feed as a calendar app fetches it: no session, only the address. */
async function fetchFeed(request: APIRequestContext, url: string) {
  return request.get(new URL(url).pathname, { headers: {} });
}

/** The events of the feed as a calendar app reads them, with ical.js (RFC 5545). */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      zone: event.startDate.zone?.tzid,
      allDay: event.startDate.isDate,
    };
  });
}

/** Presses Enter on a button reached by keyboard focus, as a keyboard user does. */
async function press(page: Page, name: string, key = 'Enter') {
  const button = page.getByRole('button', { name, exact: true });
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press(key);
}

for (const width of [1280, 360]) {
  test(`the private calendar feed and reminders at ${width} px, by keyboard`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const stamp = `${Date.now().toString(36)}${width}`;
    // Whole minutes: the feed speaks in seconds, UTC.
    const start = new Date(Math.floor((Date.now() + 3 * 24 * 60 * minute) / minute) * minute);
    const end = new Date(start.getTime() + 90 * minute);

    const learner =
      await test.step('a closed course with a live section, a learner linked to it', async () => {
        const adminToken = await tokenOf(request, admin);
        const course = await trpc<{ path: string }>(request, adminToken, 'course.create', {
          course: { name: `Feed course ${stamp}`, language: 'en', public: false },
        });
        await trpc(request, adminToken, 'section.create', {
          parentType: 'course',
          parentPath: course.path,
          section: {
            name: `Live week ${stamp}`,
            language: 'en',
            classroom: {
              name: 'Kick-off',
              type: 'zoom',
              meetingId: '876 5432 1098',
              pwd: 'feed-secret',
              startdate: start.toISOString(),
              enddate: end.toISOString(),
              extraInfo: '',
              breakoutroomCountdown: 0,
              breakoutrooms: [],
            },
          },
        });
        const learner = await newAccount(request, 'feed-learner', `Fiona Feed ${stamp}`);
        await trpc(request, adminToken, 'user.link', {
          _id: learner.id,
          itemType: 'course',
          itemPath: course.path,
          linked: true,
        });
        return learner;
      });

    const context = await browser.newContext({ locale: 'en-GB', viewport: { width, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await signIn(page, learner.account, '/user');
    const panel = page.getByRole('region', { name: 'Live sessions in your calendar' });
    const address = panel.getByRole('textbox', { name: 'Your feed address' });

    await test.step('the header keeps brand, search and menu on one row', async () => {
      const header = page.getByRole('banner');
      const brand = await header.getByRole('link', { name: /Home$/ }).boundingBox();
      const buttons = width === 360 ? ['Search', 'Menu'] : ['Search'];
      for (const name of buttons) {
        const box = await header.getByRole('button', { name, exact: true }).boundingBox();
        // One row: the button sits level with the brand; a target of at least 24 by 24 px.
        expect(
          Math.abs((box?.y ?? 0) + (box?.height ?? 0) / 2 - ((brand?.y ?? 0) + (brand?.height ?? 0) / 2)),
        ).toBeLessThan(4);
        expect(box?.width).toBeGreaterThanOrEqual(24);
        expect(box?.height).toBeGreaterThanOrEqual(24);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      }
    });

    const first = await test.step('make the feed address and copy it', async () => {
      await expect(panel.getByText('You have no calendar feed yet.')).toBeVisible();
      await shots(page, 'none');
      await press(page, 'Make a feed address');
      await expect(address).toBeVisible();
      const url = await address.inputValue();
      expect(url).toMatch(/\/api\/calendar\/feed\/[\w-]+\.ics$/);
      await expect(panel.getByText(/^Your calendar feed works since /)).toBeVisible();
      await press(page, 'Copy address');
      await expect(panel.getByText('Address copied.')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      await shots(page, 'made');
      return url;
    });

    await test.step('a calendar app reads the live session from it', async () => {
      const response = await fetchFeed(request, first);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^text\/calendar/);
      const events = eventsOf(await response.text());
      expect(events).toContainEqual({
        summary: `Live week ${stamp}: Kick-off`,
        start: start.toISOString(),
        zone: 'UTC',
        allDay: false,
      });
    });

    const second = await test.step('a new address stops the old one', async () => {
      await press(page, 'Make a new address');
      await expect(address).not.toHaveValue(first);
      // The button keeps the focus while the new address comes.
      await expect(page.getByRole('button', { name: 'Make a new address' })).toBeFocused();
      const url = await address.inputValue();
      expect(url).toMatch(/\/api\/calendar\/feed\/[\w-]+\.ics$/);
      expect((await fetchFeed(request, first)).status()).toBe(404);
      expect((await fetchFeed(request, url)).status()).toBe(200);
      return url;
    });

    await test.step('revoking asks first, Cancel keeps it, confirming stops it', async () => {
      await press(page, 'Revoke feed');
      const dialog = page.getByRole('dialog', { name: 'Revoke the calendar feed?' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await shots(page, 'confirm');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Revoke feed', exact: true })).toBeFocused();
      expect((await fetchFeed(request, second)).status()).toBe(200);

      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Revoke feed' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(panel.getByText('The calendar feed is revoked.')).toBeVisible();
      await expect(panel.getByText('You have no calendar feed yet.')).toBeVisible();
      await expect(address).toBeHidden();
      await expect(page.getByRole('button', { name: 'Make a feed address' })).toBeFocused();
      expect((await fetchFeed(request, second)).status()).toBe(404);
      await shots(page, 'revoked');
    });

    await test.step('reminders by mail: on, and still on after a reload', async () => {
      const reminders = panel.getByRole('checkbox', { name: 'Mail me before a live session' });
      await expect(reminders).not.toBeChecked();
      await expect(reminders).toHaveAccessibleDescription(/1 day and 1 hour before/);
      await reminders.focus();
      await page.keyboard.press('Space');
      await expect(panel.getByText('You get reminders.')).toBeVisible();
      await expect(reminders).toBeChecked();
      await shots(page, 'reminders');
      await page.reload();
      await expect(reminders).toBeChecked();
      await expect(reminders).toBeEnabled();
    });

    await context.close();
  });
}
