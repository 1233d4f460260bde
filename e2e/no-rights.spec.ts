import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { newAccount, tokenOf, trpc } from './api';
import { screenshots, signIn } from './support';

const texts = {
  nl: { noRights: 'Je hebt geen rechten hiervoor.', failure: 'Er ging iets mis', retry: 'Opnieuw proberen' },
  en: { noRights: 'You have no rights for this.', failure: 'Something went wrong', retry: 'Try again' },
} as const;

/**
 * A refusal for want of rights (403) is not a failure: a teacher who opens the editor of a
 * question page in a module that is not theirs reads that they have no rights for it, with a way
 * back, and no 'Try again' that could never work.
 */
for (const language of ['nl', 'en'] as const) {
  test(`a teacher without rights reads the no-rights text (${language})`, async ({ page, request }) => {
    const words = texts[language];
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const { teacher, question } =
      await test.step("an administrator makes a question page in a module that is not the teacher's", async () => {
        const adminToken = await tokenOf(request, admin);
        const teacher = await newAccount(request, 'no-rights', `Tom Teacher ${stamp}`);
        await trpc(request, adminToken, 'user.setRoles', { _id: teacher.id, roles: ['teacher'] });
        const modulePath = `andermans-${stamp}`;
        await trpc(request, adminToken, 'module.create', {
          path: modulePath,
          module: { name: `Andermans module ${stamp}`, language: 'nl', public: true },
        });
        const question = await trpc<{ path: string }>(request, adminToken, 'page.create', {
          parentType: 'module',
          parentPath: modulePath,
          page: {
            name: `Vraag ${stamp}`,
            type: 'question',
            content: [
              {
                type: 'radio',
                questionType: 'single',
                name: 'keuze',
                label: 'Welke methode beschermt ook tegen soa?',
                options: [
                  { value: 'condoom', label: 'Condoom', score: 1 },
                  { value: 'pil', label: 'Pil', score: 0 },
                ],
              },
            ],
          },
        });
        return { teacher, question };
      });

    await test.step('the teacher opens its editor: no rights, and no Try again', async () => {
      await signIn(page, teacher.account);
      await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
      // A question page of a module that is not theirs: its answer key is refused (403).
      await page.goto(`/admin/pages/${question.path}`);
      await expect(page.getByText(words.noRights)).toBeVisible();
      await expect(page.getByText(words.failure, { exact: false })).toHaveCount(0);
      await expect(page.getByRole('button', { name: words.retry })).toHaveCount(0);
      await screenshots(page, `no-rights-${language}`);
    });
  });
}
