import { expect, test } from '@playwright/test';
import { newAccount } from './api';

/**
 * A text page as a participant reads it, now that micromark writes its Markdown: the
 * heading, paragraphs and lists render at 1280 and 360 px without sideways scrolling, and the
 * keyboard reaches the page's links in order.
 */
const page1 = '/course/srgr-basis/module/srgr-begrippen/page/wat-is-srgr';

for (const width of [1280, 360]) {
  test(`a Markdown page at ${width} px reads as text and works by keyboard`, async ({
    browser,
    request,
  }, testInfo) => {
    const { account } = await newAccount(request, 'markdown', 'Mia Markdown');
    const context = await browser.newContext({ locale: 'nl-BE', viewport: { width, height: 900 } });
    const signedIn = await context.request.post('/auth/sign-in', {
      data: account,
      headers: { 'x-session': 'cookie' },
    });
    expect(signedIn.ok()).toBe(true);
    const page = await context.newPage();
    await page.goto(page1);
    const text = page.locator('.page-content .prose').first();
    await expect(
      page.getByRole('heading', { name: 'Seksuele en reproductieve gezondheid en rechten' }),
    ).toBeVisible();
    await expect(text.locator('p').first()).toBeVisible();
    expect(await text.locator('script, iframe, [onerror]').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`markdown-page-${width}.png`), fullPage: true });
    // Keyboard alone: Tab moves focus onto the page's links and controls, each visibly focused.
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.tagName);
    expect(['A', 'BUTTON', 'INPUT', 'SUMMARY']).toContain(focused);
    await context.close();
  });
}
