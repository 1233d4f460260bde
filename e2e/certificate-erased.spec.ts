import { type APIRequestContext, expect, test } from '@playwright/test';
import { admin } from './accounts';
import { newAddress } from './support';

/**
 * A certificate whose holder was erased: the public verification page says so, in the visitor's
 * language, and shows neither the name nor what the certificate was for.
 */

async function bearer(request: APIRequestContext, account: { email: string; password: string }) {
  const signedIn = await request.post('/auth/sign-in', { data: account });
  expect(signedIn.ok()).toBe(true);
  return { authorization: `Bearer ${((await signedIn.json()) as { idToken: string }).idToken}` };
}

test('the verification page of an erased holder says erased, without the name', async ({
  browser,
  request,
}) => {
  const { name, code } =
    await test.step('an administrator gives a user a certificate, then erases the user', async () => {
      const headers = await bearer(request, admin);
      const call = async (procedure: string, data: object) => {
        const answer = await request.post(`/trpc/${procedure}`, { data, headers });
        expect(answer.ok(), await answer.text()).toBe(true);
        return ((await answer.json()) as { result: { data: Record<string, unknown> } }).result.data;
      };
      const path = `erased-${Date.now().toString(36)}`;
      await call('course.create', { path, course: { name: 'Erased holders course', language: 'en' } });
      await call('certificate.configureCourse', {
        path,
        config: { timed: '', content: { header: 'Certificate', body: 'has followed' } },
      });
      const name = `Erik Erased ${Date.now().toString(36)}`;
      const created = await call('user.create', { name, email: newAddress('erased'), language: 'en' });
      const userId = created._id as string;
      const { code } = (await call('certificate.addToUser', { _id: userId, course: path })) as {
        code: string;
      };
      await call('user.delete', { _id: userId });
      return { name, code };
    });

  for (const [locale, text] of [
    [
      'nl-BE',
      'Dit certificaat werd hier uitgereikt, maar het account van de houder werd intussen verwijderd',
    ],
    ['en-GB', "This certificate was issued here, but its holder's account has since been deleted"],
  ] as const) {
    await test.step(`a visitor in ${locale} reads that the holder was erased`, async () => {
      const visitor = await browser.newContext({ locale });
      const page = await visitor.newPage();
      await page.goto(`/certificate/${code}`);
      await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByText(code)).toBeVisible();
      await expect(page.getByText(name)).toHaveCount(0);
      await expect(page.getByText('Erased holders course')).toHaveCount(0);
      await visitor.close();
    });
  }
});
