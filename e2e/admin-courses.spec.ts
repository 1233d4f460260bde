import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { admin } from './accounts';
import { horizontalOverflow, signIn } from './support';

/** A field's error as its input's description (the error text follows a warning sign). */
const fieldError = (text: string) => new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** The names of the sections in the course's ordered list, top to bottom. */
const sectionOrder = (page: Page) =>
  page.getByRole('list', { name: /Secties in volgorde|Sections in order/ }).locator('.content-row__name');

/** Drags a row by its handle onto another row with the mouse, in small steps as a hand would. */
async function dragByMouse(page: Page, handle: Locator, target: Locator) {
  // A mouse cannot drag what lies below the fold.
  await target.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(to.x + from.width / 2, to.y + to.height / 4, { steps: 15 });
  await page.mouse.up();
}

test('a course with two sections: validation in Dutch next to the fields, reordering by mouse and keyboard kept after a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  const course = `Cursus ${id}`;
  await test.step('open the new course form and submit it empty: the required fields', async () => {
    await signIn(page, admin, '/admin/courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Cursussen' })).toBeVisible();
    await page.getByRole('link', { name: 'Nieuwe cursus' }).click();
    await expect(page).toHaveURL(/\/admin\/courses\/new-course$/);

    // Nothing filled in: name and language are required, said next to each field.
    await page.getByRole('button', { name: 'Cursus aanmaken' }).click();
    await expect(page.getByLabel('Naam', { exact: true })).toHaveAccessibleDescription(
      fieldError('Dit veld is verplicht.'),
    );
    await expect(page.getByRole('group', { name: 'Taal' })).toContainText('Kies een taal.');
  });

  const coursePath =
    await test.step('create the course, after an end date before the start is refused', async () => {
      // The end before the start: the contract text's warning
      // (docs/adr/0009-contract-texts-stay-verbatim.md), next to the end date.
      await page.getByLabel('Naam', { exact: true }).fill(course);
      await page.getByRole('radio', { name: 'Nederlands' }).check();
      await page.getByLabel('Startdatum').fill('10/05/2027');
      await page.getByLabel('Einddatum').fill('01/05/2027');
      await page.getByRole('button', { name: 'Cursus aanmaken' }).click();
      await expect(page.getByLabel('Einddatum')).toHaveAccessibleDescription(
        fieldError('The enddate cannot be earlier than the startdate.'),
      );
      await expect(page.getByLabel('Naam', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');

      await page.getByLabel('Einddatum').fill('20/05/2027');
      await page.getByRole('button', { name: 'Cursus aanmaken' }).click();
      await expect(page.getByRole('heading', { level: 1, name: course })).toBeVisible();
      await expect(page.getByText('De cursus is aangemaakt.')).toBeVisible();
      const coursePath = new URL(page.url()).pathname.split('/').pop();
      return coursePath;
    });

  await test.step('add two sections, after an empty one is refused', async () => {
    // Its sections: none yet.
    await page.getByRole('link', { name: 'Secties', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/courses/${coursePath}/sections$`));
    await expect(page.getByText('Geen secties')).toBeVisible();

    // A section needs a name and a language.
    await page.getByRole('link', { name: 'Nieuwe sectie' }).click();
    await page.getByRole('button', { name: 'Sectie aanmaken' }).click();
    await expect(page.getByLabel('Naam', { exact: true })).toHaveAccessibleDescription(
      fieldError('Dit veld is verplicht.'),
    );
    await expect(page.getByRole('group', { name: 'Taal' })).toContainText('Kies een taal.');
    for (const name of ['Eerste sectie', 'Tweede sectie']) {
      if (!page.url().includes('/sections/new'))
        await page.getByRole('link', { name: 'Nieuwe sectie' }).click();
      await page.getByLabel('Naam', { exact: true }).fill(name);
      await page.getByRole('radio', { name: 'Nederlands' }).check();
      await page.getByRole('button', { name: 'Sectie aanmaken' }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/courses/${coursePath}/sections$`));
      await expect(sectionOrder(page).filter({ hasText: name })).toBeVisible();
    }
    await expect(sectionOrder(page)).toHaveText(['Eerste sectie', 'Tweede sectie']);
  });

  await test.step('drag the second section above the first, and reload', async () => {
    // By mouse: the second section dragged above the first.
    await dragByMouse(
      page,
      page.getByRole('button', { name: 'Tweede sectie verplaatsen' }),
      page.locator('.sortable__item').first(),
    );
    await expect(sectionOrder(page)).toHaveText(['Tweede sectie', 'Eerste sectie']);
    await expect(page.getByText('De nieuwe volgorde is bewaard.')).toBeVisible();
    await page.reload();
    await expect(sectionOrder(page)).toHaveText(['Tweede sectie', 'Eerste sectie']);
  });

  await test.step('move it back down by keyboard, and reload', async () => {
    // By keyboard: space picks the first row up, arrow down moves it, space drops it.
    await page.getByRole('button', { name: 'Tweede sectie verplaatsen' }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(400);
    await page.keyboard.press('Space');
    await expect(sectionOrder(page)).toHaveText(['Eerste sectie', 'Tweede sectie']);
    await expect(page.getByText('De nieuwe volgorde is bewaard.')).toBeVisible();
    await page.reload();
    await expect(sectionOrder(page)).toHaveText(['Eerste sectie', 'Tweede sectie']);
  });
});

test.describe('in English', () => {
  test('validation in English; history shows an edit and the as-of view the earlier name; unpublish; delete after confirming', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const id = unique();
    const first = `Course ${id}`;
    const renamed = `Renamed course ${id}`;
    // Signed in (the login page speaks Dutch), then the interface in English.
    await test.step('create a course in English, after the required fields and an early end date are refused', async () => {
      await signIn(page, admin, '/admin');
      await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.goto('/admin/courses/new-course');
      await expect(page.getByRole('heading', { level: 1, name: 'New course' })).toBeVisible();
      await page.getByRole('button', { name: 'Create course' }).click();
      await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
        fieldError('This field is required.'),
      );
      await expect(page.getByRole('group', { name: 'Language' })).toContainText('Choose a language.');
      await page.getByLabel('Name', { exact: true }).fill(first);
      await page.getByRole('radio', { name: 'English' }).check();
      await page.getByLabel('Start date').fill('02/03/2027');
      await page.getByLabel('End date').fill('01/03/2027');
      await page.getByRole('button', { name: 'Create course' }).click();
      await expect(page.getByLabel('End date')).toHaveAccessibleDescription(
        fieldError('The enddate cannot be earlier than the startdate.'),
      );
      await page.getByLabel('End date').fill('');
      await page.getByRole('button', { name: 'Create course' }).click();
      await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
    });

    await test.step('unpublish the course', async () => {
      // Unpublish, from the course's page; unpublished, its form saves at once (a published
      // course's form keeps a draft).
      await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
      await expect(page.getByText(`“${first}” is no longer published.`)).toBeVisible();
      await expect(page.getByText('Unpublished', { exact: true }).first()).toBeVisible();
    });

    const history = await test.step('rename the course: the history says who changed what', async () => {
      // An edit: the history says who changed the name from what to what.
      await page.getByLabel('Name', { exact: true }).fill(renamed);
      await page.getByRole('button', { name: 'Save course' }).click();
      await expect(page.getByText('The course is saved.')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
      const history = page.getByRole('complementary', { name: 'History' });
      await expect(history.getByText(`Course “${renamed}” changed by you (${admin.name})`)).toBeVisible();
      await expect(history).toContainText(`Name: ${first} → ${renamed}`);
      await expect(history).toContainText(`you (${admin.name})`);
      return history;
    });

    await test.step('show the course as it was when created', async () => {
      // As it was when created: the earlier name.
      const created = history.getByRole('listitem').filter({ hasText: /^Course “.*” created by/ });
      await created.getByRole('button', { name: 'Show as it was then' }).click();
      const asOf = history.getByRole('region', { name: /^As at / });
      await expect(asOf).toContainText(first);
      await expect(asOf).not.toContainText(renamed);
    });

    await test.step('duplicate the course', async () => {
      // Duplicate (the create rule): a dialog asks about the modules, copying them unless told
      // otherwise; the copy opens, named '… (copy)'.
      await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Duplicate “${renamed}”` });
      await expect(dialog.getByRole('radio', { name: 'Copy the modules (recommended)' })).toBeChecked();
      await dialog.getByRole('radio', { name: 'Share the same modules' }).check();
      await expect(dialog.getByText(/Both courses then use the very same modules/)).toBeVisible();
      await dialog.getByRole('radio', { name: 'Copy the modules (recommended)' }).check();
      await dialog.getByRole('button', { name: 'Duplicate', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: `${renamed} (copy)` })).toBeVisible();
      await expect(
        page.getByText(
          'The copy is created, with copies of the sections. It is unpublished: learners see it once you publish it.',
        ),
      ).toBeVisible();
    });

    await test.step('delete the course from the list, after confirming', async () => {
      // Delete from the list, after confirming.
      await page.getByRole('link', { name: 'All courses' }).click();
      const row = page.getByRole('listitem').filter({ hasText: renamed }).filter({ hasNotText: '(copy)' });
      await expect(row.getByText('Unpublished', { exact: true })).toBeVisible();
      await row.getByRole('button', { name: `Delete course: ${renamed}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete course' });
      await expect(dialog).toContainText(`Are you sure you want to delete the course “${renamed}”?`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(row).toBeVisible();
      await row.getByRole('button', { name: `Delete course: ${renamed}` }).click();
      await dialog.getByRole('button', { name: 'Delete course' }).click();
      await expect(page.getByText(`“${renamed}” is deleted.`)).toBeVisible();
      await expect(page.getByRole('heading', { name: renamed, exact: true })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: `${renamed} (copy)`, exact: true })).toBeVisible();
    });
  });
});

test("a course's files, modules, teachers and a translation; translations listed by group", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  const course = `Bestanden ${id}`;
  const tabs = await test.step('create a course', async () => {
    await signIn(page, admin, '/admin/courses/new-course');
    await page.getByLabel('Naam', { exact: true }).fill(course);
    await page.getByRole('radio', { name: 'Nederlands' }).check();
    await page.getByRole('button', { name: 'Cursus aanmaken' }).click();
    await expect(page.getByRole('heading', { level: 1, name: course })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Onderdelen van de cursus' });
    return tabs;
  });

  await test.step('create a file from the course, after the required fields are refused', async () => {
    // Files of the course: none, then a new one made from there is linked at once.
    await tabs.getByRole('link', { name: 'Documenten', exact: true }).click();
    await expect(page.getByText('Geen documenten')).toBeVisible();
    await page.getByRole('link', { name: 'Nieuw document' }).click();
    await page.getByRole('button', { name: 'Document aanmaken' }).click();
    await expect(page.getByLabel('Naam', { exact: true })).toHaveAccessibleDescription(
      fieldError('Dit veld is verplicht.'),
    );
    await expect(page.getByLabel('URL')).toHaveAccessibleDescription(fieldError('Dit veld is verplicht.'));
    await page.getByLabel('Naam', { exact: true }).fill(`Gids ${id}`);
    await page.getByLabel('URL').fill('https://example.org/gids.pdf');
    await page.getByRole('button', { name: 'Document aanmaken' }).click();
    await expect(page).toHaveURL(/\/files$/);
    await expect(page.getByRole('link', { name: `Gids ${id}` })).toBeVisible();
    await expect(page.getByText('PDF', { exact: true })).toBeVisible();
  });

  await test.step('unlink the file, then link it again', async () => {
    // Unlinked after confirming; the file itself stays and can be linked again.
    await page.getByRole('button', { name: `Loskoppelen: Gids ${id}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Loskoppelen' }).click();
    await expect(page.getByText('Geen documenten')).toBeVisible();
    await page.getByRole('link', { name: 'Bestaande documenten koppelen' }).click();
    await page.getByRole('checkbox', { name: `Gids ${id}` }).check();
    await page.getByRole('button', { name: /Gekozen documenten koppelen/ }).click();
    await expect(page.getByRole('link', { name: `Gids ${id}` })).toBeVisible();
  });

  await test.step('open the Modules and Teachers tabs', async () => {
    // Modules: none linked yet, and the way to link existing ones.
    await tabs.getByRole('link', { name: 'Modules', exact: true }).click();
    await expect(page.getByText('geen modules', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bestaande modules koppelen' })).toHaveAttribute(
      'href',
      /\/admin\/modules\/link-existing\?course=/,
    );

    // Teachers: holders of the teacher role, or the empty state.
    await tabs.getByRole('link', { name: 'Lesgevers', exact: true }).click();
    await expect(
      page
        .getByText('Geen lesgevers')
        .or(page.getByRole('button', { name: /^Als lesgever toevoegen/ }).first()),
    ).toBeVisible();
  });

  await test.step('translate the course to English', async () => {
    // Translate: the form starts from the original with the language cleared.
    await tabs.getByRole('link', { name: 'Cursus', exact: true }).click();
    await page.getByRole('link', { name: 'Vertalen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cursus vertalen' })).toBeVisible();
    await expect(page.getByLabel('Naam', { exact: true })).toHaveValue(course);
    await expect(page.getByRole('radio', { name: 'Nederlands' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Vertaling aanmaken' }).click();
    await expect(page.getByRole('group', { name: 'Taal' })).toContainText('Kies een taal.');
    await page.getByLabel('Naam', { exact: true }).fill(`Files ${id}`);
    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('button', { name: 'Vertaling aanmaken' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Files ${id}` })).toBeVisible();
  });

  await test.step('the translations list shows both in one group', async () => {
    await page.goto('/admin/translations');
    const group = page.getByRole('listitem').filter({ hasText: `Cursus: ${course}` });
    await expect(group.getByRole('link', { name: course })).toBeVisible();
    await expect(group.getByRole('link', { name: `Files ${id}` })).toBeVisible();
  });
});

test('a section with a live classroom: the breakout room needs its Jitsi URL; times and rooms are kept', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = unique();
  const coursePath = await test.step('create a course', async () => {
    await signIn(page, admin, '/admin/courses/new-course');
    await page.getByLabel('Naam', { exact: true }).fill(`Live ${id}`);
    await page.getByRole('radio', { name: 'Nederlands' }).check();
    await page.getByRole('button', { name: 'Cursus aanmaken' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Live ${id}` })).toBeVisible();
    const coursePath = new URL(page.url()).pathname.split('/').pop();
    return coursePath;
  });
  await test.step('create a section with a live classroom, after its breakout room without Jitsi URL is refused', async () => {
    await page.goto(`/admin/sections/new?course=${coursePath}`);
    await page.getByLabel('Naam', { exact: true }).fill('Live sessie');
    await page.getByRole('radio', { name: 'Nederlands' }).check();
    await page.getByRole('checkbox', { name: 'Deze sectie heeft een live klas' }).check();
    await page.getByLabel('Naam van de klas').fill('Plenaire sessie');
    await page.getByLabel('Type').selectOption('jitsi');
    await page.getByLabel('Begin (optioneel)', { exact: true }).fill('01/06/2027 14:00');
    await page.getByRole('button', { name: 'Opname toevoegen' }).click();
    await page.getByLabel('URL van opname 1').fill('https://example.org/opname-1');
    await page.getByRole('button', { name: 'Breakout room toevoegen' }).click();
    await page.getByLabel('Naam van breakout room 1').fill('Groep A');
    await page.getByRole('button', { name: 'Sectie aanmaken' }).click();
    await expect(page.getByLabel('Jitsi-URL')).toHaveAccessibleDescription(
      fieldError('De Jitsi-URL is verplicht.'),
    );
    await page.getByLabel('Jitsi-URL').fill('https://meet.jit.si/groep-a');
    await page.getByRole('button', { name: 'Sectie aanmaken' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/courses/${coursePath}/sections$`));
  });

  await test.step('open the section: its times and rooms are kept', async () => {
    await page.getByRole('link', { name: 'Live sessie', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Live sessie' })).toBeVisible();
    await expect(page.getByLabel('Naam van de klas')).toHaveValue('Plenaire sessie');
    await expect(page.getByLabel('Type')).toHaveValue('jitsi');
    await expect(page.getByLabel('Begin (optioneel)', { exact: true })).toHaveValue('01/06/2027 14:00');
    await expect(page.getByLabel('URL van opname 1')).toHaveValue('https://example.org/opname-1');
    await expect(page.getByLabel('Jitsi-URL')).toHaveValue('https://meet.jit.si/groep-a');
    await expect(page.getByLabel('Nummer')).toHaveValue('1');
  });
});

test('a file in French: name and url required next to the fields; delete after confirming', async ({
  page,
}) => {
  const id = unique();
  await test.step('create a file in French, after the required fields are refused', async () => {
    await signIn(page, admin, '/admin');
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.goto('/admin/files/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Nouveau document' })).toBeVisible();
    await page.getByRole('button', { name: 'Créer le document' }).click();
    await expect(page.getByLabel('Nom', { exact: true })).toHaveAccessibleDescription(
      fieldError('Ce champ est obligatoire.'),
    );
    await expect(page.getByLabel('URL')).toHaveAccessibleDescription(fieldError('Ce champ est obligatoire.'));
    await page.getByLabel('Nom', { exact: true }).fill(`Fiche ${id}`);
    await page.getByLabel('URL').fill('https://example.org/fiche.pdf');
    await page.getByRole('button', { name: 'Créer le document' }).click();
    await expect(page).toHaveURL(/\/admin\/files$/);
  });
  await test.step('delete the file after confirming', async () => {
    await page.getByRole('link', { name: `Fiche ${id}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Fiche ${id}` })).toBeVisible();
    await page.getByRole('button', { name: 'Supprimer le document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer le document' });
    await expect(dialog).toContainText(`Êtes-vous sûr de vouloir supprimer le document « Fiche ${id} » ?`);
    await dialog.getByRole('button', { name: 'Supprimer le document' }).click();
    await expect(page).toHaveURL(/\/admin\/files$/);
    await expect(page.getByRole('link', { name: `Fiche ${id}` })).toHaveCount(0);
  });
});

test.describe('on a 375px phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the course screens do not scroll sideways', async ({ page }) => {
    await signIn(page, admin, '/admin/courses');
    for (const path of [
      '/admin/courses',
      '/admin/courses/new-course',
      '/admin/sections/new?course=x',
      '/admin/files',
      '/admin/files/new',
      '/admin/translations',
      '/admin/link-teachers',
      '/admin/courses/srhr-in-humanitarian-settings',
      '/admin/courses/srhr-in-humanitarian-settings/sections',
      '/admin/courses/srhr-in-humanitarian-settings/modules',
    ]) {
      await test.step(`check ${path}`, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await horizontalOverflow(page), path).toBe(0);
      });
    }
  });
});

test('the course screens have no serious axe violations', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, admin, '/admin/courses');
  for (const path of [
    '/admin/courses',
    '/admin/courses/new-course',
    '/admin/courses/srhr-in-humanitarian-settings',
    '/admin/courses/srhr-in-humanitarian-settings/sections',
    '/admin/files/new',
    '/admin/translations',
  ]) {
    await test.step(`check ${path}`, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    });
  }
});
