import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/**
 * Live classrooms (docs/guide/live-classrooms.md): a running session is 'live now' with a join
 * button; a Jitsi classroom embeds its room through the external API script (a stand-in served by
 * the test: the real one lives on meet.jit.si), and says so when the script does not load; Zoom
 * outside Firefox is 'Not supported.'; after the end the recordings show; the breakout countdown an
 * editor starts shows the same remaining time on every screen. In Dutch, at 1280 and 360 px.
 */

const minute = 60_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

/** Stands in for https://meet.jit.si/external_api.js: an iframe that says which room it joined. */
const standInScript = `
window.JitsiMeetExternalAPI = function (domain, options) {
  var frame = document.createElement('iframe');
  frame.setAttribute('data-domain', domain);
  frame.setAttribute('data-room', options.roomName);
  frame.setAttribute('data-display-name', options.userInfo.displayName);
  frame.style.height = options.height + 'px';
  frame.src = 'about:blank';
  options.parentNode.appendChild(frame);
  this.dispose = function () { frame.remove(); };
};`;

async function serveJitsi(page: Page, how: 'stand-in' | 'missing') {
  await page.route('https://meet.jit.si/external_api.js', (route) =>
    how === 'missing'
      ? route.abort('connectionrefused')
      : route.fulfill({ contentType: 'text/javascript', body: standInScript }),
  );
}

async function trackingLog(request: APIRequestContext, token: string, user: string) {
  const input = encodeURIComponent(JSON.stringify({ user }));
  const response = await request.get(`/trpc/tracking.log?input=${input}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { result: { data: { tracking: Record<string, { path: string }[]> } } })
    .result.data.tracking;
}

async function signedInPage(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext({ locale: 'nl-BE', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

/** A public course with a live Jitsi session (two breakout rooms), a Zoom one and a past one. */
async function liveCourse(request: Parameters<typeof tokenOf>[0], stamp: string) {
  const adminToken = await tokenOf(request, admin);
  const course = await trpc<{ path: string }>(request, adminToken, 'course.create', {
    course: { name: `Live cursus ${stamp}`, language: 'nl', public: true },
  });
  const section = (name: string, classroom: object) =>
    trpc<{ path: string }>(request, adminToken, 'section.create', {
      parentType: 'course',
      parentPath: course.path,
      section: { name, language: 'nl', classroom },
    });
  const live = await section(`Live week ${stamp}`, {
    name: 'Plenaire sessie',
    type: 'jitsi',
    meetingId: `srgr-live-${stamp}`,
    startdate: iso(-10 * minute),
    enddate: iso(120 * minute),
    extraInfo: 'Zet je camera aan als het kan.',
    breakoutroomCountdown: 15,
    breakoutroomInfo: 'Bespreek de casus in kleine groep.',
    breakoutrooms: [
      {
        name: 'Casus A',
        roomNumber: 1,
        startdate: null,
        jitsi: `https://meet.jit.si/srgr-${stamp}-a`,
        breakoutroomInteriorInfo: 'Lees eerst de casus.',
      },
      {
        name: 'Casus B',
        roomNumber: 2,
        startdate: null,
        jitsi: `https://meet.jit.si/srgr-${stamp}-b`,
        breakoutroomInteriorInfo: '',
      },
    ],
  });
  const zoom = await section(`Zoom week ${stamp}`, {
    name: 'Zoomsessie',
    type: 'zoom',
    meetingId: '123456789',
    pwd: 'geheim',
    startdate: iso(-5 * minute),
    enddate: iso(60 * minute),
  });
  const past = await section(`Vorige week ${stamp}`, {
    name: 'Terugblik',
    type: 'jitsi',
    startdate: iso(-3 * 24 * 60 * minute),
    enddate: iso(-3 * 24 * 60 * minute + 90 * minute),
    recordings: [
      { titel: 'Opname deel 1', url: 'https://example.org/opname-1.mp4' },
      { titel: 'Opname deel 2', url: 'https://example.org/opname-2.mp4' },
    ],
  });
  return { adminToken, course: course.path, live: live.path, zoom: zoom.path, past: past.path };
}

test('a live session: join the Jitsi classroom, Zoom not supported in Chromium, recordings after the end', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const { paths, learner, page } =
    await test.step('make a course with live sessions, and sign in as a learner', async () => {
      const paths = await liveCourse(request, stamp);
      const learner = await newAccount(request, 'classroom-learner', `Lotte Live ${stamp}`);
      const page = await signedInPage(browser, learner.account);
      return { paths, learner, page };
    });

  const liveItem = await test.step('open the course: the live session with its join button', async () => {
    // The course: the running session is highlighted and open, with a join button.
    await page.goto(`/course/${paths.course}`);
    const liveItem = page.locator('.section-item--live');
    await expect(liveItem).toHaveCount(2);
    await expect(liveItem.first().getByText('Nu live')).toBeVisible();
    await expect(liveItem.first().getByRole('link', { name: 'Neem deel aan Plenaire sessie' })).toBeVisible();
    await expect(page.locator('.section-item--past')).toContainText(`Vorige week ${stamp}`);
    await screenshots(page, 'course-live');
    return liveItem;
  });

  await test.step('join the Jitsi classroom', async () => {
    // The classroom embeds the room through the external API, under the learner's name.
    await serveJitsi(page, 'stand-in');
    await liveItem.first().getByRole('link', { name: 'Neem deel aan Plenaire sessie' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/course/${paths.course}/section/${paths.live}/classroom/Plenaire%20sessie$`),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Plenaire sessie' })).toBeVisible();
    const frame = page.locator('.live-frame iframe');
    await expect(frame).toHaveAttribute('data-room', `srgr-live-${stamp}`);
    await expect(frame).toHaveAttribute('data-domain', 'meet.jit.si');
    await expect(frame).toHaveAttribute('data-display-name', `Lotte Live ${stamp}`);
    await expect(page.getByText('GMT+1').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Room 1: Casus A' })).toBeVisible();
    await screenshots(page, 'classroom-jitsi');
  });

  await test.step('without the Jitsi script, the classroom says so', async () => {
    // Without the script: the spec's alert.
    const offline = await page.context().newPage();
    await serveJitsi(offline, 'missing');
    await offline.goto(`/course/${paths.course}/section/${paths.live}/classroom/Plenaire%20sessie`);
    await expect(offline.getByRole('alert')).toContainText('Jitsi Meet API script not loaded');
  });

  await test.step('a Zoom classroom is not supported in Chromium', async () => {
    // Zoom opens in Firefox only.
    await page.goto(`/course/${paths.course}/section/${paths.zoom}/classroom/Zoomsessie`);
    await expect(page.getByText('Not supported.')).toBeVisible();
    await expect(page.getByText('Deze Zoom-sessie opent alleen in Firefox.')).toBeVisible();
  });

  await test.step('after the end, the recordings show and one opens', async () => {
    // After the end: the live part is over and the recordings show, in order.
    await page.goto(`/course/${paths.course}/section/${paths.past}`);
    await expect(page.getByText('Het live gedeelte is voorbij.')).toBeVisible();
    await expect(page.locator('.recordings__list a')).toHaveText(['Opname deel 1', 'Opname deel 2']);
    const recording = page.waitForEvent('popup');
    const logged = page.waitForResponse((response) => response.url().includes('/trpc/tracking.update'));
    await page.getByRole('link', { name: 'Opname deel 2' }).click();
    await (await recording).close();
    expect((await logged).ok()).toBe(true);
  });

  await test.step("the classroom and the recording are in the learner's log", async () => {
    // Entering the classroom and following a recording land in the learner's log.
    const log = await trackingLog(request, learner.token, learner.id);
    expect(log.classrooms?.map((entry) => entry.path)).toContain(paths.live);
    expect(log.recordings?.map((entry) => entry.path)).toContain('https://example.org/opname-2.mp4');
    await expect(page.getByRole('link', { name: 'Neem deel' })).toHaveCount(0);
    await screenshots(page, 'section-past');
  });

  await test.step("a classroom name that is not the section's reads as not found", async () => {
    // A classroom name that is not the section's reads as not found.
    await page.goto(`/course/${paths.course}/section/${paths.live}/classroom/Andere%20sessie`);
    await expect(
      page.getByRole('heading', { name: 'Deze live sessie bestaat niet of je hebt er geen toegang toe.' }),
    ).toBeVisible();
  });
  await page.context().close();
});

test('the breakout countdown an editor starts shows the same remaining time in every room', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const { paths, roomA, roomB, first, second } =
    await test.step('make a course with live sessions, and sign in two participants', async () => {
      const paths = await liveCourse(request, stamp);
      const roomA = `/course/${paths.course}/section/${paths.live}/breakoutroom/1`;
      const roomB = `/course/${paths.course}/section/${paths.live}/breakoutroom/2`;
      const first = await signedInPage(
        browser,
        (await newAccount(request, 'breakout-a', `Bo Breakout ${stamp}`)).account,
      );
      const second = await signedInPage(
        browser,
        (await newAccount(request, 'breakout-b', `Bas Breakout ${stamp}`)).account,
      );
      return { paths, roomA, roomB, first, second };
    });
  await test.step('both participants open their breakout rooms', async () => {
    for (const [page, room] of [
      [first, roomA],
      [second, roomB],
    ] as const) {
      await serveJitsi(page, 'stand-in');
      await page.goto(room);
      await expect(page.getByText('De aftelling (15 minuten) is nog niet gestart.')).toBeVisible();
    }
    await expect(first.getByText('Lees eerst de casus.')).toBeVisible();
    await expect(first.locator('.live-frame iframe')).toHaveAttribute('data-room', `srgr-${stamp}-a`);
    // A participant has no start button.
    await expect(first.getByRole('button', { name: /Start de aftelling/ })).toHaveCount(0);
  });

  const editor = await test.step('the editor starts the countdown by keyboard', async () => {
    // The editor starts it from the section's admin screen.
    const editor = await signedInPage(browser, admin);
    await editor.goto(`/admin/sections/${paths.live}`);
    // Keyboard alone: the start button takes focus and Enter.
    await editor.getByRole('button', { name: 'Start de aftelling (15 minuten)' }).focus();
    await editor.keyboard.press('Enter');
    await expect(editor.getByTestId('countdown-remaining')).toBeVisible();
    await screenshots(editor, 'admin-countdown');
    return editor;
  });

  const shown = async (page: Page) => {
    const text = (await page.getByTestId('countdown-remaining').textContent()) ?? '';
    const [m, s] = text.split(':').map(Number);
    return m! * 60 + s!;
  };
  await test.step('both rooms show the same remaining time', async () => {
    for (const page of [first, second])
      await expect(page.getByTestId('countdown-remaining')).toBeVisible({ timeout: 10_000 });
    // Both screens agree to within a second (a page in the background repaints at most a second late).
    let a = 0;
    await expect
      .poll(
        async () => {
          const [x, y] = await Promise.all([shown(first), shown(second)]);
          a = x;
          return Math.abs(x - y);
        },
        { timeout: 3000 },
      )
      .toBeLessThanOrEqual(1);
    expect(a).toBeGreaterThan(14 * 60);
    expect(a).toBeLessThanOrEqual(15 * 60);
    await screenshots(first, 'breakout-countdown');
  });

  await test.step('a reload shows the same time', async () => {
    // A reload (or another instance) computes the same time from the stored start.
    await second.reload();
    await expect(second.getByTestId('countdown-remaining')).toBeVisible();
    expect(Math.abs((await shown(second)) - (await shown(first)))).toBeLessThanOrEqual(1);
  });

  await test.step('the editor stops the countdown after confirming: it is gone everywhere', async () => {
    // Stopping asks first, then the countdown is gone everywhere.
    // The confirmation opens on 'Annuleren' (the safe choice); Tab reaches the confirm button.
    await editor.getByRole('button', { name: 'Stop de aftelling' }).focus();
    await editor.keyboard.press('Enter');
    const dialog = editor.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Stop de aftelling' });
    for (
      let tab = 0;
      tab < 3 && !(await confirm.evaluate((button) => button === document.activeElement));
      tab++
    )
      await editor.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await editor.keyboard.press('Enter');
    for (const page of [first, second])
      await expect(page.getByText('De aftelling (15 minuten) is nog niet gestart.')).toBeVisible({
        timeout: 10_000,
      });
  });
  for (const page of [first, second, editor]) await page.context().close();
});
