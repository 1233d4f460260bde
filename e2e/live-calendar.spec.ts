import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * A live session in every browser and every calendar (docs/guide/live-classrooms.md): a learner in
 * Chromium on a Zoom classroom reads 'Not supported.' with Zoom's own app and web client under it,
 * and downloads the .ics of the live session from the section's page. In Dutch, at 1280 and 360 px.
 */

const minute = 60_000;
const at = (offset: number) => new Date(Math.floor((Date.now() + offset) / minute) * minute);
const utc = (moment: Date) =>
  moment
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

test('a Zoom session outside Firefox: the links into Zoom, and the session in the calendar', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const start = at(30 * minute);
  const end = at(120 * minute);
  const roomStart = at(60 * minute);

  const paths = await test.step('a closed course with a Zoom session, the learner linked to it', async () => {
    const adminToken = await tokenOf(request, admin);
    const course = await trpc<{ path: string }>(request, adminToken, 'course.create', {
      course: { name: `Agenda cursus ${stamp}`, language: 'nl', public: false },
    });
    const section = await trpc<{ path: string }>(request, adminToken, 'section.create', {
      parentType: 'course',
      parentPath: course.path,
      section: {
        name: `Zoomweek ${stamp}`,
        language: 'nl',
        classroom: {
          name: 'Zoomsessie',
          type: 'zoom',
          meetingId: '876 5432 1098',
          pwd: 'geheim&1',
          startdate: start.toISOString(),
          enddate: end.toISOString(),
          extraInfo: 'Lees vooraf: hoofdstuk 1, 2; en 3.',
          breakoutroomCountdown: 20,
          breakoutrooms: [
            {
              name: 'Casus A',
              roomNumber: 1,
              startdate: roomStart.toISOString(),
              jitsi: `https://meet.jit.si/agenda-${stamp}-a`,
              breakoutroomInteriorInfo: '',
            },
          ],
        },
      },
    });
    const learner = await newAccount(request, 'calendar-learner', `Karel Kalender ${stamp}`);
    await trpc(request, adminToken, 'user.link', {
      _id: learner.id,
      itemType: 'course',
      itemPath: course.path,
      linked: true,
    });
    return { course: course.path, section: section.path, learner };
  });

  const context = await browser.newContext({
    locale: 'nl-BE',
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await signIn(page, paths.learner.account);

  await test.step("Chromium: 'Not supported.' and the two links into Zoom", async () => {
    expect(await page.evaluate(() => navigator.userAgent)).not.toMatch(/firefox/i);
    await page.goto(`/course/${paths.course}/section/${paths.section}/classroom/Zoomsessie`);
    await expect(page.getByText('Not supported.')).toBeVisible();
    await expect(page.getByText('Deze Zoom-sessie opent alleen in Firefox.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Openen in de Zoom-app' })).toHaveAttribute(
      'href',
      'zoommtg://zoom.us/join?confno=87654321098&pwd=geheim%261',
    );
    const browserLink = page.getByRole('link', { name: 'Deelnemen vanuit je browser' });
    await expect(browserLink).toHaveAttribute('href', 'https://zoom.us/wc/join/87654321098?pwd=geheim%261');
    await expect(browserLink).toHaveAttribute('target', '_blank');
    // Keyboard first: the links are reached with Tab.
    await browserLink.focus();
    await expect(browserLink).toBeFocused();
    await screenshots(page, 'zoom-links');
  });

  await test.step('the section page: add the live session to the calendar', async () => {
    await page.goto(`/course/${paths.course}/section/${paths.section}`);
    const live = page.getByRole('button', { name: 'Zoomsessie toevoegen aan je agenda (.ics-bestand)' });
    await expect(live).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Casus A toevoegen aan je agenda (.ics-bestand)' }),
    ).toBeVisible();
    await screenshots(page, 'section-calendar');

    const downloading = page.waitForEvent('download');
    await live.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${paths.section}-live.ics`);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(lines).toContain(`DTSTART:${utc(start)}`);
    expect(lines).toContain(`DTEND:${utc(end)}`);
    expect(lines).toContain(`SUMMARY:Zoomweek ${stamp}: Zoomsessie`);
    const address = `/course/${paths.course}/section/${paths.section}/classroom/Zoomsessie`;
    expect(lines.find((line) => line.startsWith('URL:'))).toMatch(
      new RegExp(`^URL:https?://[^/]+${address}$`),
    );
    expect(lines.find((line) => line.startsWith('DESCRIPTION:'))).toContain(
      'Lees vooraf: hoofdstuk 1\\, 2\\; en 3.\\n\\n',
    );
    // The calendar file never holds the meeting's id or password.
    expect(text).not.toMatch(/87654321098|876 5432 1098|geheim/);
    // As a calendar app reads it (ical.js, a maintained RFC 5545 parser): the same moments, in UTC.
    const [event] = new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents('vevent')
      .map((component) => new ICAL.Event(component));
    expect(event!.startDate.zone?.tzid).toBe('UTC');
    expect(event!.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect(event!.endDate.toJSDate().toISOString()).toBe(end.toISOString());
    expect(event!.summary).toBe(`Zoomweek ${stamp}: Zoomsessie`);
  });

  await test.step('the breakout round in the calendar: from its start, for the countdown', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Casus A toevoegen aan je agenda (.ics-bestand)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${paths.section}-room-1.ics`);
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/\r\n[ \t]/g, '')
      .split('\r\n');
    expect(lines).toContain(`DTSTART:${utc(roomStart)}`);
    expect(lines).toContain(`DTEND:${utc(new Date(roomStart.getTime() + 20 * minute))}`);
    expect(lines).toContain(`SUMMARY:Zoomweek ${stamp}: Casus A`);
  });

  await context.close();
});
