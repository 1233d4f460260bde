import { expect, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { procedures, signIn } from './support';

/** The answer to the next tracking.update call whose input names `type`. */
const tracked = (page: Page, type: string) =>
  page.waitForResponse(
    (response) =>
      procedures(response.url()).includes('tracking.update') &&
      (response.request().postData() ?? '').includes(`"type":"${type}"`),
  );

test('a signed-in person’s course, document and section views land in their log', async ({
  page,
  request,
}) => {
  // The demo document lives on the internet, which the test machine does not reach.
  await test.step('sign in on a course page: the course view is tracked', async () => {
    await page.context().route('https://www.unfpa.org/**', (route) => route.abort());
    const course = tracked(page, 'courses');
    await signIn(page, admin, '/course/srgr-basis');
    expect((await course).ok()).toBe(true);
  });

  await test.step('open a document of the course: tracked', async () => {
    const file = tracked(page, 'files');
    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: 'ICPD-actieprogramma (PDF)' }).click();
    expect((await file).ok()).toBe(true);
    await (await popup).close();
  });

  await test.step('open a section of the course: tracked', async () => {
    const section = tracked(page, 'sections');
    await page.locator('a[href="/course/srgr-basis/section/kick-off"]').first().click();
    expect((await section).ok()).toBe(true);
  });

  await test.step("the person's log holds all three", async () => {
    const signedIn = await request.post('/auth/sign-in', {
      data: { email: admin.email, password: admin.password },
    });
    const { idToken } = (await signedIn.json()) as { idToken: string };
    const headers = { authorization: `Bearer ${idToken}` };
    const me = (await (await request.get('/trpc/user.me', { headers })).json()) as {
      result: { data: { _id: string } };
    };
    const input = encodeURIComponent(JSON.stringify({ user: me.result.data._id }));
    const log = (await (await request.get(`/trpc/tracking.log?input=${input}`, { headers })).json()) as {
      result: { data: { tracking: Record<string, { path: string }[]> } };
    };
    const paths = (category: string) => log.result.data.tracking[category]!.map((entry) => entry.path);
    expect(paths('courses')).toContain('srgr-basis');
    expect(paths('files')).toContain('icpd-actieprogramma');
    expect(paths('sections')).toContain('kick-off');
  });
});

test('a visitor who is not signed in is not tracked', async ({ page }) => {
  let calls = 0;
  page.on('request', (sent) => {
    if (procedures(sent.url()).includes('tracking.update')) calls += 1;
  });
  await page.goto('/course/srgr-basis');
  await expect(page.getByRole('link', { name: 'ICPD-actieprogramma (PDF)' })).toBeVisible();
  await page.locator('a[href="/course/srgr-basis/section/kick-off"]').first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Kick-off' }).first()).toBeVisible();
  expect(calls).toBe(0);
});
