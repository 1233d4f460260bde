import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { admin } from './accounts';
import { horizontalOverflow, type Language, signIn } from './support';

/** A name no other run or test uses. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The error under a field, after its hint when it has one. */
const fieldError = (message: string) => new RegExp(`${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .png()
    .toBuffer();

const texts = {
  nl: {
    newFile: 'Nieuw document',
    create: 'Document aanmaken',
    name: 'Naam',
    file: 'Bestand',
    addSize: 'Formaat toevoegen',
    upload: 'Uploaden',
    fileRequired: 'Kies een bestand.',
    labelRequired: 'Geef een label op.',
    widthRequired: 'Geef een breedte op.',
    heightRequired: 'Geef een hoogte op.',
    label: 'Label',
    width: 'Breedte (px)',
    height: 'Hoogte (px)',
    quality: 'Kwaliteit',
    uploaded: 'is geüpload.',
    sizesReady: 'Formaten klaar: full, main, aside, blocklist, profile, preview, hero.',
    addMarkdown: '+ Tekst (Markdown)',
    text: 'Tekst',
    insertImage: 'Afbeelding invoegen',
    insert: 'Invoegen',
    imageRequired: 'Kies een afbeelding.',
    imageUrl: 'Adres van de afbeelding',
    chooseImage: 'Afbeelding kiezen en uploaden',
    alt: 'Alternatieve tekst',
    size: 'Grootte',
  },
  en: {
    newFile: 'New file',
    create: 'Create file',
    name: 'Name',
    file: 'File',
    addSize: 'Add a size',
    upload: 'Upload',
    fileRequired: 'Choose a file.',
    labelRequired: 'Enter a label.',
    widthRequired: 'Enter a width.',
    heightRequired: 'Enter a height.',
    label: 'Label',
    width: 'Width (px)',
    height: 'Height (px)',
    quality: 'Quality',
    uploaded: 'has been uploaded.',
    sizesReady: 'Sizes ready: full, main, aside, blocklist, profile, preview, hero.',
    addMarkdown: '+ Text (Markdown)',
    text: 'Text',
    insertImage: 'Insert image',
    insert: 'Insert',
    imageRequired: 'Choose an image.',
    imageUrl: 'Image address',
    chooseImage: 'Choose and upload an image',
    alt: 'Alternative text',
    size: 'Size',
  },
} as const;

async function useLanguage(page: Page, language: Language) {
  await signIn(page, admin, '/admin');
  await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
}

for (const language of ['nl', 'en'] as const) {
  const say = texts[language];

  test(`${language}: an uploaded image with an extra size becomes a file; missing file and size fields are named`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const id = unique();
    await test.step('open the new file form and upload nothing: a file is asked for', async () => {
      await useLanguage(page, language);
      await page.goto('/admin/files/new');
      await expect(page.getByRole('heading', { level: 1, name: say.newFile })).toBeVisible();

      await page.getByRole('button', { name: say.upload, exact: true }).click();
      await expect(page.getByLabel(say.file, { exact: true })).toHaveAccessibleDescription(
        fieldError(say.fileRequired),
      );
    });

    await test.step('choose an image and add an empty size: its fields are asked for', async () => {
      await page.getByLabel(say.file, { exact: true }).setInputFiles({
        name: `poster-${id}.png`,
        mimeType: 'image/png',
        buffer: await pngOf(1200, 800),
      });
      await expect(page.getByLabel(say.quality)).toHaveValue('60');
      await page.getByLabel(say.quality).selectOption('75');
      await page.getByRole('button', { name: say.addSize }).click();
      await page.getByRole('button', { name: say.upload, exact: true }).click();
      await expect(page.getByLabel(say.label, { exact: true })).toHaveAccessibleDescription(
        fieldError(say.labelRequired),
      );
      await expect(page.getByLabel(say.width)).toHaveAccessibleDescription(fieldError(say.widthRequired));
      await expect(page.getByLabel(say.height)).toHaveAccessibleDescription(fieldError(say.heightRequired));
    });

    await test.step('fill in the size and upload with Enter', async () => {
      await page.getByLabel(say.label, { exact: true }).fill('hero');
      await page.getByLabel(say.width).fill('600');
      await page.getByLabel(say.height).fill('300');
      // Enter in a size field uploads; it never submits the document form around it.
      await page.getByLabel(say.height).press('Enter');
      await expect(page.getByText(`poster-${id}.png ${say.uploaded}`)).toBeVisible();
      await expect(page.getByLabel('URL')).toHaveValue(
        new RegExp(`^/files/[0-9a-f-]{36}/poster-${id}\\.png$`),
      );
      await expect(page.getByLabel(say.name, { exact: true })).toHaveValue(`poster-${id}.png`);
      await expect(page.getByText(say.sizesReady)).toBeVisible({ timeout: 30_000 });
    });

    const url = await test.step('the image and its extra size are served', async () => {
      const url = await page.getByLabel('URL').inputValue();
      const served = await page.request.get(url);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toBe('image/png');
      expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      const hero = await page.request.get(url.replace(/[^/]+$/, 'sizes/hero.webp'));
      const meta = await sharp(await hero.body()).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 450, 300]);
      return url;
    });

    await test.step('save the file and open it again', async () => {
      await page.getByLabel(say.name, { exact: true }).fill(`Poster ${id}`);
      await page.getByRole('button', { name: say.create }).click();
      await expect(page).toHaveURL(/\/admin\/files$/);
      await page.getByRole('link', { name: `Poster ${id}` }).click();
      await expect(page.getByLabel('URL')).toHaveValue(url);
    });
  });

  test(`${language}: the markdown editor inserts an uploaded image at the cursor, and asks for one first`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const text = await test.step('open a new page and type a text', async () => {
      await useLanguage(page, language);
      await page.goto('/admin/pages/new?module=srgr-begrippen');
      await page.getByRole('button', { name: say.addMarkdown }).click();
      const text = page.getByLabel(say.text, { exact: true });
      await text.fill('Voor\n\nNa');
      // Cursor after "Voor".
      await text.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(4, 4));
      return text;
    });

    const dialog =
      await test.step('open the insert dialog and insert nothing: an image is asked for', async () => {
        await page.getByRole('button', { name: say.insertImage }).click();
        const dialog = page.getByRole('dialog', { name: say.insertImage });
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: say.insert, exact: true }).click();
        await expect(dialog.getByLabel(say.imageUrl)).toHaveAccessibleDescription(
          fieldError(say.imageRequired),
        );
        return dialog;
      });

    await test.step('upload an image and insert it at the cursor', async () => {
      await dialog.getByLabel(say.chooseImage).setInputFiles({
        name: 'clinic.png',
        mimeType: 'image/png',
        buffer: await pngOf(400, 300),
      });
      await expect(dialog.getByLabel(say.imageUrl)).toHaveValue(/^\/files\/[0-9a-f-]{36}\/clinic\.png$/);
      await expect(dialog.getByLabel(say.imageUrl)).not.toHaveAccessibleDescription(
        fieldError(say.imageRequired),
      );
      await dialog.getByLabel(say.alt).fill('A clinic');
      await dialog.getByLabel(say.size).selectOption('large');
      // Keyboard: Enter in the alt text inserts.
      await dialog.getByLabel(say.alt).press('Enter');
      await expect(dialog).toBeHidden();
      const url = await text.inputValue();
      expect(url).toMatch(/^Voor\n!\[A clinic\]\(\/files\/[0-9a-f-]{36}\/clinic\.png "large"\)\n\nNa$/);
      await expect(page.locator('.markdown-editor__preview img[alt="A clinic"]')).toBeVisible();
    });

    await test.step('Esc closes the dialog', async () => {
      // Esc closes the dialog and gives focus back to its button.
      await page.getByRole('button', { name: say.insertImage }).click();
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: say.insertImage })).toBeFocused();
    });
  });
}

test.describe('on a 375px phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the upload control and the insert dialog do not scroll sideways', async ({ page }) => {
    await signIn(page, admin, '/admin/files/new');
    await page.getByRole('button', { name: 'Formaat toevoegen' }).click();
    expect(await horizontalOverflow(page)).toBe(0);
    await page.goto('/admin/pages/new?module=srgr-begrippen');
    await page.getByRole('button', { name: '+ Tekst (Markdown)' }).click();
    await page.getByRole('button', { name: 'Afbeelding invoegen' }).click();
    await expect(page.getByRole('dialog', { name: 'Afbeelding invoegen' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
  });
});

test('the upload control with its messages and the open insert dialog have no serious axe violations', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const check = async (where: string) => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  };
  await test.step('check the upload control with its messages', async () => {
    await signIn(page, admin, '/admin/files/new');
    await page.getByRole('button', { name: 'Formaat toevoegen' }).click();
    await page.getByRole('button', { name: 'Uploaden', exact: true }).click();
    await expect(page.getByText('Kies een bestand.')).toBeVisible();
    await check('files/new');
  });
  await test.step('check the open insert dialog', async () => {
    await page.goto('/admin/pages/new?module=srgr-begrippen');
    await page.getByRole('button', { name: '+ Tekst (Markdown)' }).click();
    await page.getByRole('button', { name: 'Afbeelding invoegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Afbeelding invoegen' });
    await dialog.getByRole('button', { name: 'Invoegen', exact: true }).click();
    await expect(dialog.getByText('Kies een afbeelding.')).toBeVisible();
    await check('insert image dialog');
  });
});
