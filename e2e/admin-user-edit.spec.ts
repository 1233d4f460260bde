import { expect, test } from '@playwright/test';
import { pdfText } from '../tests/pdf-text';
import { admin } from './accounts';
import { tokenOf, trpc } from './api';
import { newAddress, screenshots, signIn } from './support';

const texts = {
  nl: {
    edit: 'Aanpassen',
    name: 'Naam',
    save: 'Profiel bewaren',
    saved: 'De gegevens van deze gebruiker zijn bewaard.',
    required: 'Dit veld is verplicht.',
    profession: 'Beroep',
    changed: (name: string) => `Profiel van ${name} gewijzigd door jou (${admin.name})`,
  },
  en: {
    edit: 'Edit',
    name: 'Name',
    save: 'Save profile',
    saved: "This user's details are saved.",
    required: 'This field is required.',
    profession: 'Profession',
    changed: (name: string) => `Profile of ${name} changed by you (${admin.name})`,
  },
} as const;

/**
 * An admin corrects a participant's name on the user's page: refused empty next to the
 * field, saved, told in the user's history (who, not what: no personal data there), and the course certificate's PDF prints the new name.
 */
for (const language of ['nl', 'en'] as const) {
  test(`an admin corrects a user's name and the certificate shows it (${language})`, async ({
    page,
    request,
  }) => {
    const words = texts[language];
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const token = await tokenOf(request, admin);
    const { user, code } = await test.step('make a course certificate for a user', async () => {
      const course = await trpc<{ path: string }>(request, token, 'course.create', {
        course: { name: `Naamcursus ${stamp}`, language },
      });
      await trpc(request, token, 'certificate.configureCourse', {
        path: course.path,
        config: { timed: '', content: { header: 'Certificaat', body: 'heeft gevolgd' } },
      });
      const user = await trpc<{ _id: string }>(request, token, 'user.create', {
        name: `Lukas Dvorak ${stamp}`,
        email: newAddress('rename'),
        language,
      });
      const { code } = await trpc<{ code: string }>(request, token, 'certificate.addToUser', {
        _id: user._id,
        course: course.path,
      });
      return { user, code };
    });

    const name = await test.step("open the user's page and edit the profile", async () => {
      await signIn(page, admin);
      await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
      await page.goto(`/admin/users/${user._id}`);
      await page.getByRole('button', { name: words.edit, exact: true }).click();
      const name = page.getByLabel(words.name, { exact: true });
      await expect(name).toHaveValue(`Lukas Dvorak ${stamp}`);
      await expect(page.getByLabel(new RegExp(`^${words.profession}`))).toBeVisible();
      return name;
    });
    await test.step('save an empty name: refused next to the field', async () => {
      await name.fill('');
      await page.getByRole('button', { name: words.save }).click();
      await expect(name).toHaveAccessibleDescription(new RegExp(words.required.replace('.', '\\.')));
    });
    const corrected =
      await test.step('save the corrected name: the history says who changed it', async () => {
        const corrected = `Łukasz Dvořák ${stamp}`;
        await name.fill(corrected);
        await page.getByRole('button', { name: words.save }).click();
        await expect(page.getByText(words.saved)).toBeVisible();
        await expect(page.getByRole('heading', { level: 1, name: corrected })).toBeVisible();
        // The history says who changed the profile, never the personal data itself.
        await expect(page.getByRole('complementary')).toContainText(words.changed(corrected));
        await screenshots(page, `admin-user-edit-${language}`);
        return corrected;
      });

    await test.step('the certificate PDF shows the corrected name', async () => {
      // The PDF is for its holder and the platform's admins.
      const pdf = await request.get(`/api/certificates/${code}.pdf`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(pdf.ok(), await pdf.text()).toBe(true);
      expect(await pdfText(await pdf.body())).toContain(corrected);
    });
  });
}
