import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { horizontalOverflow, signIn } from './support';

/**
 * Captions on an interactive video (docs/guide/modules-and-pages.md#captions), in the real browser
 * with a real media file: an author attaches a Dutch and an English WebVTT file in the page editor
 * by keyboard (a broken one is refused at its field), and publishes; a participant whose interface
 * is Dutch sees the Dutch captions showing, switches to English in the caption menu, and the video
 * still pauses at its stop with its question while captions show.
 *
 * The media is a WAV made here (6 seconds of a tone; Chromium plays it in a <video>), uploaded
 * through /api/uploads as e2e/interactive-video.spec.ts does.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A mono 16-bit PCM WAV of `seconds` seconds of a 440 Hz tone. */
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
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const captions = {
  nl: 'WEBVTT\n\n00:00.000 --> 00:06.000\nWelkom bij de les over toestemming.\n',
  en: 'WEBVTT\n\n00:00.000 --> 00:06.000\nWelcome to the lesson on consent.\n',
};
const question = 'Wat betekent toestemming voor jou?';

const vttFile = (name: string, text: string) => ({ name, mimeType: 'text/vtt', buffer: Buffer.from(text) });

async function axeClean(page: Page, selector: string) {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

/** Admin: a module with an interactive page playing a 6 second tone, one stop at 00:02. */
async function interactivePage(request: APIRequestContext) {
  const token = await tokenOf(request, admin);
  const uploaded = await request.post('/api/uploads', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: `lecture-${unique()}.wav`, mimeType: 'audio/wav', buffer: toneWav(6) } },
  });
  expect(uploaded.status()).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  const id = unique();
  const { path: modulePath } = await trpc<{ path: string }>(request, token, 'module.create', {
    module: { name: `Ondertitels ${id}`, language: 'nl' },
  });
  const { path: pagePath } = await trpc<{ path: string }>(request, token, 'page.create', {
    parentType: 'module',
    parentPath: modulePath,
    page: {
      name: `Toestemming ${id}`,
      type: 'interactive',
      content: [{ type: 'textarea', questionType: 'open', name: 'consent', label: question, schema: {} }],
      interactiveVideo: { url, timestamps: [{ hh: 0, mm: 0, ss: 2, references: ['consent'] }] },
    },
  });
  return { modulePath, pagePath };
}

/** The video's text tracks: language, mode and the text of the cues showing now. */
const textTracks = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement) =>
    [...element.textTracks].map((track) => ({
      language: track.language,
      mode: track.mode,
      cues: [...(track.activeCues ?? [])].map((cue) => (cue as VTTCue).text),
    })),
  );

test('an author attaches Dutch and English captions; a Dutch learner sees them, switches, and the stop still pauses', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { modulePath, pagePath } = await test.step('make an interactive page', () =>
    interactivePage(request));

  await test.step('the author attaches captions by keyboard; a broken file is refused at its field', async () => {
    await signIn(page, admin, `/admin/pages/${pagePath}`);
    const editor = page.getByRole('group', { name: 'Ondertiteling' });
    const dutch = editor.getByLabel('Ondertitelbestand Nederlands');
    await dutch.focus();
    await expect(dutch).toBeFocused();
    await dutch.setInputFiles(vttFile('kapot.vtt', '1\n00:00:01,000 --> 00:00:02,000\nHallo\n'));
    await expect(
      editor.getByText('Dit is geen WebVTT-bestand: de eerste regel moet WEBVTT zijn.'),
    ).toBeVisible();
    await expect(dutch).toHaveAttribute('aria-invalid', 'true');
    await dutch.setInputFiles(vttFile('les-nl.vtt', captions.nl));
    await expect(
      editor.getByText('Nu: les-nl.vtt. Kies een ander bestand om het te vervangen.'),
    ).toBeVisible();
    await expect(dutch).not.toHaveAttribute('aria-invalid', 'true');
    const english = editor.getByLabel('Ondertitelbestand English');
    await english.focus();
    await english.setInputFiles(vttFile('les-en.vtt', captions.en));
    await expect(
      editor.getByText('Nu: les-en.vtt. Kies een ander bestand om het te vervangen.'),
    ).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Ondertiteling English verwijderen' })).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Ondertiteling Français verwijderen' })).toHaveCount(0);
    await axeClean(page, '.captions-editor');
    await editor.screenshot({ path: '/tmp/captions-editor-1280.png' });
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await editor.screenshot({ path: '/tmp/captions-editor-360.png' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The module is published: the change is a draft, then published.
    const save = page.getByRole('button', { name: 'Concept opslaan' });
    await save.focus();
    await page.keyboard.press('Enter');
    const publish = page.getByRole('button', { name: 'Wijzigingen publiceren' });
    await expect(publish).toBeVisible();
    await publish.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: 'Wijzigingen publiceren' }).click();
    await expect(page.getByText('De wijzigingen zijn gepubliceerd: deelnemers zien ze nu.')).toBeVisible();
  });

  const learner = await newAccount(request, 'captions', 'Lotte Luisteraar');
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, learner.account, `/module/${modulePath}/page/${pagePath}`);
  const player = page.getByRole('region', { name: 'Interactieve video' });
  const video = player.locator('video');
  const menu = player.getByRole('combobox', { name: 'Ondertiteling' });

  await test.step('a Dutch learner sees the Dutch captions showing', async () => {
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.duration)).toBe(6);
    await expect(menu).toHaveValue('nl');
    await expect(menu.getByRole('option')).toHaveText(['Uit', 'Nederlands', 'English']);
    await video.evaluate((element: HTMLVideoElement) => {
      element.currentTime = 1;
    });
    await expect
      .poll(() => textTracks(video))
      .toEqual([
        { language: 'nl', mode: 'showing', cues: ['Welkom bij de les over toestemming.'] },
        { language: 'en', mode: 'disabled', cues: [] },
      ]);
    await axeClean(page, '.interactive-video');
    await page.screenshot({ path: '/tmp/captions-learner-nl-1280.png', fullPage: true });
  });

  await test.step('the learner switches to English with the keyboard', async () => {
    await menu.focus();
    await page.keyboard.press('ArrowDown');
    await expect(menu).toHaveValue('en');
    await expect
      .poll(() => textTracks(video))
      .toEqual([
        { language: 'nl', mode: 'disabled', cues: [] },
        { language: 'en', mode: 'showing', cues: ['Welcome to the lesson on consent.'] },
      ]);
  });

  await test.step('with captions on, the video pauses at 00:02 and shows its question', async () => {
    await video.focus();
    await page.keyboard.press('Space');
    const stop = page.getByRole('region', { name: 'Vragen op 00:02' });
    await expect(stop).toBeVisible({ timeout: 15_000 });
    await expect(stop).toBeFocused();
    await expect(stop.getByText(question)).toBeVisible();
    const state = await video.evaluate((element: HTMLVideoElement) => ({
      paused: element.paused,
      time: element.currentTime,
    }));
    expect(state.paused).toBe(true);
    expect(state.time).toBeGreaterThanOrEqual(2);
    expect(state.time).toBeLessThan(3);
    expect((await textTracks(video))[1]).toEqual({
      language: 'en',
      mode: 'showing',
      cues: ['Welcome to the lesson on consent.'],
    });
    await axeClean(page, '.interactive-video');
    await page.screenshot({ path: '/tmp/captions-learner-stop-1280.png', fullPage: true });
  });

  await test.step('at 360 px the caption menu fits and still works by keyboard', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await menu.focus();
    await page.keyboard.press('Home');
    await expect(menu).toHaveValue('off');
    await expect
      .poll(async () => (await textTracks(video)).map((track) => track.mode))
      .toEqual(['disabled', 'disabled']);
    await player.screenshot({ path: '/tmp/captions-learner-360.png' });
  });
});
