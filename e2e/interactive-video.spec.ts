import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { codeFor } from './mail/mailbox';
import { newAddress, signIn } from './support';

/**
 * Interactive video on the learner page (docs/guide/modules-and-pages.md), in the real browser with
 * a real media file: playback pauses at each timestamp, the referenced questions show in a region
 * that takes focus, 'Verdergaan' plays on to the next timestamp. A stop passed by seeking forward
 * still shows; a handled stop does not show again after seeking back; a timestamp after the end of
 * the media shows when it ends.
 *
 * The media is a WAV made here (6 seconds of a tone; Chromium plays it in a <video>), uploaded by
 * the admin through /api/uploads; the module and its page are made through the tRPC API with the
 * admin's token. The learner is a fresh participant account.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A mono 16-bit PCM WAV of `seconds` seconds of a 440 Hz tone: a valid RIFF header and samples. */
function toneWav(seconds: number, rate = 8000): Buffer {
  const samples = seconds * rate;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 6000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // size of the fmt chunk
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

async function trpc<T>(request: APIRequestContext, token: string, procedure: string, input: unknown) {
  const response = await request.post(`/trpc/${procedure}`, {
    headers: { authorization: `Bearer ${token}`, 'x-language': 'en' },
    data: input,
  });
  expect(response.status(), `${procedure}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

const questions = {
  first: 'Which method protects against STIs?',
  second: 'Why does consent matter?',
  late: 'What will you do next?',
};

async function adminToken(request: APIRequestContext) {
  const signedIn = await request.post('/auth/sign-in', {
    data: { email: admin.email, password: admin.password },
  });
  expect(signedIn.ok()).toBe(true);
  return ((await signedIn.json()) as { idToken: string }).idToken;
}

/** Admin: uploads the WAV (6 seconds), answers its address. */
async function uploadedTone(request: APIRequestContext, baseURL: string) {
  return await test.step(
    'upload a 6 second tone',
    async () => {
      const uploaded = await request.post('/api/uploads', {
        headers: { authorization: `Bearer ${await adminToken(request)}` },
        multipart: { file: { name: `lecture-${unique()}.wav`, mimeType: 'audio/wav', buffer: toneWav(6) } },
      });
      expect(uploaded.status()).toBe(201);
      const { url } = (await uploaded.json()) as { url: string };
      const media = await request.get(url);
      expect(media.headers()['content-type']).toBe('audio/wav');
      return new URL(url, baseURL).href;
    },
    { box: true },
  );
}

const option = (label: string, value: string, score: number) => ({ label, value, score });

/**
 * An interactive page playing `url`, with three questions at 00:02, 00:04 and 01:00 (or at `stops`).
 * Without videoTime, the default watch time: 4 minutes. The last timestamp lies after the end of the
 * uploaded media.
 */
const pageInput = (
  name: string,
  url: string,
  videoTime?: number,
  stops = [
    { hh: 0, mm: 0, ss: 4, references: ['consent'] },
    { hh: 0, mm: 0, ss: 2, references: ['protection'] },
    { hh: 0, mm: 1, ss: 0, references: ['next'] },
  ],
) => ({
  name,
  type: 'interactive',
  content: [
    {
      type: 'radio',
      questionType: 'single',
      name: 'protection',
      label: questions.first,
      schema: {},
      options: [option('Condoms', 'condoms', 1), option('The pill', 'pill', 0)],
    },
    { type: 'textarea', questionType: 'open', name: 'consent', label: questions.second, schema: {} },
    { type: 'textarea', questionType: 'open', name: 'next', label: questions.late, schema: {} },
  ],
  interactiveVideo: { url, ...(videoTime === undefined ? {} : { videoTime }), timestamps: stops },
});

/**
 * Admin: a module with one interactive page playing `url`, with three questions at 00:02, 00:04
 * and 01:00; answers their paths.
 */
async function interactivePage(request: APIRequestContext, url: string, videoTime?: number) {
  return await test.step(
    'an administrator makes a module with an interactive page',
    async () => {
      const idToken = await adminToken(request);
      const id = unique();

      const { path: modulePath } = await trpc<{ path: string }>(request, idToken, 'module.create', {
        module: { name: `Video module ${id}`, language: 'nl' },
      });
      const { path: pagePath } = await trpc<{ path: string }>(request, idToken, 'page.create', {
        parentType: 'module',
        parentPath: modulePath,
        page: pageInput(`Video ${id}`, url, videoTime),
      });
      return { modulePath, pagePath };
    },
    { box: true },
  );
}

/** A participant without any role, signed in on `page`. */
async function signedInLearner(page: Page, request: APIRequestContext) {
  await test.step(
    'sign up and sign in as a new participant',
    async () => {
      const person = { email: newAddress('viewer'), password: 'viewer-password-123' };
      expect((await request.post('/auth/sign-up', { data: { name: 'Vera Viewer', ...person } })).ok()).toBe(
        true,
      );
      const verified = await request.post('/auth/verify', {
        data: { email: person.email, code: await codeFor(person.email) },
      });
      expect(verified.ok()).toBe(true);
      await signIn(page, person);
    },
    { box: true },
  );
}

const mediaState = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) => ({
    time: element.currentTime,
    paused: element.paused,
    ended: element.ended,
  }));

test('an interactive video pauses at each timestamp, shows its questions, and goes on with Verdergaan', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await test.step('make the interactive page and open it as a participant', async () => {
    const { modulePath, pagePath } = await interactivePage(request, await uploadedTone(request, baseURL!));
    await signedInLearner(page, request);
    await page.goto(`/module/${modulePath}/page/${pagePath}`);
  });

  const { stop, anyStop, video } =
    await test.step('the player says its watch time and loads the media', async () => {
      const player = page.getByRole('region', { name: 'Interactieve video' });
      await expect(player).toBeVisible();
      await expect(player.getByText('Kijktijd: 4 min')).toBeVisible();
      await expect(player.getByText('De video pauzeert 3 keer voor vragen.')).toBeVisible();
      const stop = (time: string) => page.getByRole('region', { name: `Vragen op ${time}` });
      const anyStop = page.getByRole('region', { name: /^Vragen op / });
      await expect(anyStop).toHaveCount(0);

      const video = player.locator('video');
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.duration)).toBe(6);
      return { stop, anyStop, video };
    });

  await test.step('play with the keyboard: it pauses at 00:02 with the first question', async () => {
    // Play with the keyboard on the player's own controls (a user gesture).
    await video.focus();
    await page.keyboard.press('Space');

    // 00:02: paused, the first question shown and focused, the others not.
    await expect(stop('00:02')).toBeVisible({ timeout: 10_000 });
    await expect(stop('00:02')).toBeFocused();
    await expect(stop('00:02').getByText(questions.first)).toBeVisible();
    await expect(stop('00:02').getByText(questions.second)).toHaveCount(0);
    const pausedAt = await mediaState(video);
    expect(pausedAt.paused).toBe(true);
    expect(pausedAt.time).toBeGreaterThanOrEqual(2);
    expect(pausedAt.time).toBeLessThan(3);
    await page.waitForTimeout(700);
    expect((await mediaState(video)).time).toBe(pausedAt.time);
    const axe = await new AxeBuilder({ page })
      .include('.interactive-video')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    expect(
      axe.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
  });

  const earlier =
    await test.step('continue with the keyboard: the question passed stays under the video', async () => {
      // 'Verdergaan' with the keyboard: playback goes on, focus back on the video.
      await stop('00:02').getByRole('button', { name: 'Verdergaan' }).focus();
      await page.keyboard.press('Enter');
      await expect(anyStop).toHaveCount(0);
      await expect(video).toBeFocused();
      await expect.poll(async () => (await mediaState(video)).paused).toBe(false);
      // The question passed stays at hand under the video, with its time.
      const earlier = page.getByRole('region', { name: 'Vragen tot nu toe' });
      await expect(earlier.getByRole('heading', { level: 3, name: 'Op 00:02' })).toBeVisible();
      await expect(earlier.getByText(questions.first)).toBeVisible();
      return earlier;
    });

  await test.step('the second question stops the media at 00:04', async () => {
    // 00:04: the second question.
    await expect(stop('00:04')).toBeVisible({ timeout: 10_000 });
    await expect(stop('00:04')).toBeFocused();
    await expect(stop('00:04').getByText(questions.second)).toBeVisible();
    await expect(stop('00:04').getByText(questions.first)).toHaveCount(0);
    const secondPause = await mediaState(video);
    expect(secondPause.paused).toBe(true);
    expect(secondPause.time).toBeGreaterThanOrEqual(4);
    expect(secondPause.time).toBeLessThan(5);
  });

  await test.step('continue with the mouse: the stop after the end shows when the media ends', async () => {
    // With the mouse this time; the media plays to its end, then the timestamp after the end shows.
    await stop('00:04').getByRole('button', { name: 'Verdergaan' }).click();
    await expect(stop('01:00')).toBeVisible({ timeout: 10_000 });
    await expect(stop('01:00').getByText(questions.late)).toBeVisible();
    expect((await mediaState(video)).ended).toBe(true);
    await stop('01:00').getByRole('button', { name: 'Verdergaan' }).click();
    await expect(anyStop).toHaveCount(0);
    // Continuing after the end does not start the media over.
    expect((await mediaState(video)).ended).toBe(true);
    await expect(earlier.getByRole('heading', { level: 3 })).toHaveText(['Op 00:02', 'Op 00:04', 'Op 01:00']);
  });

  await test.step('seek back and watch again: no stop shows a second time', async () => {
    // Seeking back and watching again: the handled stops do not interrupt a second time.
    await video.evaluate((element: HTMLVideoElement) => {
      element.currentTime = 1;
    });
    await expect.poll(async () => (await mediaState(video)).time).toBe(1);
    await video.focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await mediaState(video)).ended, { timeout: 15_000 }).toBe(true);
    await expect(anyStop).toHaveCount(0);
  });
});

test('seeking forward past several timestamps shows each one passed, in order, before playing on', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await test.step('make the interactive page and open it as a participant', async () => {
    const { modulePath, pagePath } = await interactivePage(request, await uploadedTone(request, baseURL!));
    await signedInLearner(page, request);
    await page.goto(`/module/${modulePath}/page/${pagePath}`);
  });

  const player = page.getByRole('region', { name: 'Interactieve video' });
  const video = player.locator('video');
  const stop = (time: string) => page.getByRole('region', { name: `Vragen op ${time}` });
  const anyStop = page.getByRole('region', { name: /^Vragen op / });
  await test.step('play, then jump past two stops', async () => {
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.duration)).toBe(6);

    // Start playing, then jump to 00:05, past the stops at 00:02 and 00:04.
    await video.focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await mediaState(video)).paused).toBe(false);
    await video.evaluate((element: HTMLVideoElement) => {
      element.currentTime = 5;
    });
  });

  const jumped = await test.step('the first stop passed shows, where the learner jumped to', async () => {
    // The first stop passed shows, where the learner jumped to (the media seeks: /files answers ranges).
    await expect(stop('00:02')).toBeVisible({ timeout: 10_000 });
    await expect(stop('00:02').getByText(questions.first)).toBeVisible();
    const jumped = await mediaState(video);
    expect(jumped.paused).toBe(true);
    expect(jumped.time).toBeGreaterThanOrEqual(5);
    await stop('00:02').getByRole('button', { name: 'Verdergaan' }).click();
    return jumped;
  });

  await test.step('the next stop passed follows at once', async () => {
    // The next passed stop follows at once, without playing in between.
    await expect(stop('00:04')).toBeVisible();
    await expect(stop('00:04')).toBeFocused();
    await expect(stop('00:04').getByText(questions.second)).toBeVisible();
    expect(await mediaState(video)).toMatchObject({ paused: true, time: jumped.time });
    await stop('00:04').getByRole('button', { name: 'Verdergaan' }).click();
  });

  await test.step('it plays on to the end and the last stop', async () => {
    // Then it plays on from where the learner jumped to, to the end and the last stop.
    await expect(anyStop).toHaveCount(0);
    const resumed = await mediaState(video);
    expect(resumed.time).toBeGreaterThanOrEqual(5);
    await expect(stop('01:00')).toBeVisible({ timeout: 10_000 });
  });
});

test('players the page cannot pause list the questions under the video with their times', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { vimeo, youTube } =
    await test.step('make a Vimeo page and a YouTube page, and sign in as a participant', async () => {
      const vimeo = await interactivePage(request, 'https://vimeo.com/76979871', 600);
      const youTube = await interactivePage(request, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
      // The YouTube player script cannot be reached (this runs offline; made certain here).
      await page.route('https://www.youtube.com/iframe_api', (route) => route.abort());
      await signedInLearner(page, request);
      return { vimeo, youTube };
    });

  for (const [created, watchTime] of [
    [vimeo, 'Kijktijd: 10 min'],
    [youTube, 'Kijktijd: 4 min'],
  ] as const) {
    await test.step(`the page with '${watchTime}' lists its questions under the video`, async () => {
      await page.goto(`/module/${created.modulePath}/page/${created.pagePath}`);
      const player = page.getByRole('region', { name: 'Interactieve video' });
      await expect(player.getByText(watchTime)).toBeVisible();
      await expect(player.locator('iframe')).toHaveCount(1);
      const list = player.getByRole('region', { name: 'Vragen bij de video' });
      await expect(list.getByRole('heading', { level: 3 })).toHaveText(['Op 00:02', 'Op 00:04', 'Op 01:00']);
      const items = list.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
      await expect(items.nth(0).getByText(questions.first)).toBeVisible();
      await expect(items.nth(1).getByText(questions.second)).toBeVisible();
      await expect(items.nth(2).getByText(questions.late)).toBeVisible();
      await expect(page.getByRole('region', { name: /^Vragen op / })).toHaveCount(0);
      await expect(player.getByText(/pauzeert/)).toHaveCount(0);
    });
  }
});

test("a draft of a live interactive page previews its video as learners will meet it, pausing at the draft's stops", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const url = await uploadedTone(request, baseURL!);
  const { pagePath } = await interactivePage(request, url);
  await test.step('the author keeps new timestamps as a draft: one stop at 00:01 for both early questions', async () => {
    await trpc(request, await adminToken(request), 'page.saveDraft', {
      path: pagePath,
      page: pageInput(`Video draft ${unique()}`, url, undefined, [
        { hh: 0, mm: 0, ss: 1, references: ['protection', 'consent'] },
      ]),
    });
  });

  await signIn(page, admin, `/admin/pages/${pagePath}`);
  const preview = await test.step('the preview shows the draft video with one stop', async () => {
    await page.getByRole('button', { name: 'Bekijken als deelnemer' }).click();
    const preview = page.getByRole('region', { name: /Het concept zoals een deelnemer het ziet/ });
    const player = preview.getByRole('region', { name: 'Interactieve video' });
    await expect(player.getByText('De video pauzeert één keer voor vragen.')).toBeVisible();
    // Questions at a stop wait for it; the one without a stop reads under the video.
    await expect(preview.getByText(questions.first)).toHaveCount(0);
    await expect(preview.getByText(questions.late)).toBeVisible();
    return preview;
  });

  await test.step("played, it pauses at the draft's 00:01 on its questions, read-only", async () => {
    const video = preview.locator('video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.duration)).toBe(6);
    await video.focus();
    await page.keyboard.press('Space');
    const stop = preview.getByRole('region', { name: 'Vragen op 00:01' });
    await expect(stop).toBeVisible({ timeout: 10_000 });
    await expect(stop).toBeFocused();
    expect((await mediaState(video)).paused).toBe(true);
    await expect(stop.getByText(questions.first)).toBeVisible();
    await expect(stop.getByText(questions.second)).toBeVisible();
    await expect(stop.getByRole('radio', { name: 'Condoms' })).toBeDisabled();
  });
});
