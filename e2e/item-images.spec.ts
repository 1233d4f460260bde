import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

/** Sign-in speaks Dutch first; then the interface language is English, as picked in the footer. */
async function inEnglish(page: Page, path: string) {
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto(path);
}

/**
 * Images with their alternative text (docs/guide/building-a-course.md#images-and-uploads): an
 * author gives a course an image (uploaded in the course form, with its alternative text); a
 * participant on a phone sees it on the course's card and page, and the browser fetched a small
 * sized copy, never the original upload.
 */
test('a course image uploaded by its author reaches a participant on a phone as a small copy', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const { name, course, original } = await test.step('make a course and a large image', async () => {
    const adminToken = await tokenOf(request, admin);
    const name = `Beeldcursus ${stamp}`;
    // Unpublished until its image is saved: its form saves at once (a published course's keeps a draft).
    const course = await trpc<{ path: string }>(request, adminToken, 'course.create', {
      published: false,
      course: { name, language: 'en', public: true },
    });
    // A 2400 × 1600 photo-like image: far larger than any copy a phone needs.
    const original = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: { r: 20, g: 110, b: 160 } },
    })
      .composite([
        {
          input: await sharp({ create: { width: 800, height: 800, channels: 3, background: '#f5b700' } })
            .png()
            .toBuffer(),
          left: 800,
          top: 400,
        },
      ])
      .jpeg({ quality: 92 })
      .toBuffer();
    return { name, course, original };
  });

  const { imageGroup, uploadId } = await test.step('upload the image in the course form', async () => {
    await signIn(page, admin);
    await inEnglish(page, `/admin/courses/${course.path}`);
    const imageGroup = page.getByRole('group', { name: 'Image', exact: true });
    await expect(imageGroup.getByText('No image yet.')).toBeVisible();
    await imageGroup.getByLabel('Upload an image').setInputFiles({
      name: 'River delta.jpg',
      mimeType: 'image/jpeg',
      buffer: original,
    });
    const preview = imageGroup.locator('.image-field__preview img');
    await expect(preview).toBeVisible();
    await expect(imageGroup.getByText('River-delta.jpg')).toBeVisible();
    const uploadId = /\/files\/([0-9a-f-]{36})\//.exec((await preview.getAttribute('src')) ?? '')?.[1];
    expect(uploadId).toBeTruthy();
    return { imageGroup, uploadId };
  });

  await test.step('save the course, after the missing description is refused', async () => {
    // Saving without a description is refused next to the field.
    await page.getByRole('button', { name: 'Save course' }).click();
    await expect(imageGroup.getByText('Describe what the image shows.')).toBeVisible();
    await imageGroup.getByLabel('Alternative text').fill('A river delta seen from above');
    await page.getByRole('button', { name: 'Save course' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The course is saved.' })).toBeVisible();
    await screenshots(page, 'course-image-form');
    await trpc(request, await tokenOf(request, admin), 'course.publish', { path: course.path });
  });

  await test.step('wait for the sized copies', async () => {
    // The participant comes once the sized copies exist (until then the upload itself stands in).
    await expect
      .poll(
        async () =>
          ((await (await request.get(`/api/uploads/${uploadId}/derivatives`)).json()) as { done: boolean })
            .done,
        {
          timeout: 60_000,
        },
      )
      .toBe(true);
  });

  const { phone, learner, fetched, card } =
    await test.step('a participant on a phone sees the image on the course card as a small copy', async () => {
      const participant = await newAccount(request, 'images', `Ines ${stamp}`);
      const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'nl-BE' });
      const learner = await phone.newPage();
      const fetched: string[] = [];
      learner.on('request', (sent) => {
        if (sent.url().includes(`/files/${uploadId}/`)) fetched.push(new URL(sent.url()).pathname);
      });
      await signIn(learner, participant.account);
      await inEnglish(learner, '/course');
      const card = learner.locator('.course-card').filter({ hasText: name });
      const cardImage = card.getByRole('img', { name: 'A river delta seen from above' });
      await cardImage.scrollIntoViewIfNeeded();
      await expect(cardImage).toBeVisible();
      await expect
        .poll(() =>
          cardImage.evaluate(
            (image: HTMLImageElement) => image.complete && new URL(image.currentSrc).pathname,
          ),
        )
        .toBe(`/files/${uploadId}/sizes/aside.webp`);
      await learner.screenshot({ path: test.info().outputPath('course-image-card-360.png'), fullPage: true });
      return { phone, learner, fetched, card };
    });

  await test.step('open the course: its header shows the small copy too', async () => {
    await card.getByRole('link', { name }).click();
    const header = learner
      .locator('.item-header')
      .getByRole('img', { name: 'A river delta seen from above' });
    await expect(header).toBeVisible();
    await expect
      .poll(() =>
        header.evaluate((image: HTMLImageElement) => image.complete && new URL(image.currentSrc).pathname),
      )
      .toBe(`/files/${uploadId}/sizes/aside.webp`);
    await learner.screenshot({ path: test.info().outputPath('course-image-page-360.png'), fullPage: true });
  });

  expect(fetched.length).toBeGreaterThan(0);
  expect(
    fetched.every((path) => path === `/files/${uploadId}/sizes/aside.webp`),
    fetched.join(', '),
  ).toBe(true);
  await phone.close();
});
