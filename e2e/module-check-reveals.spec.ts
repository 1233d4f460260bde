import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { admin } from './accounts';
import { horizontalOverflow, signIn } from './support';

/** A name no other run or test uses. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('an author chooses what a check reveals, by keyboard, at 1280 and 360 px', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Controle ${unique()}`;
  const group = page.getByRole('group', { name: 'Wat een controle toont' });
  const feedback = group.getByRole('radio', { name: 'Goed of fout, met feedback' });
  const nothing = group.getByRole('radio', { name: 'Niets' });
  const answer = group.getByRole('radio', { name: 'Goed of fout, feedback en het juiste antwoord' });

  await test.step('a new module starts at feedback; an untouched test reveals nothing', async () => {
    await signIn(page, admin, '/admin/modules/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe module' })).toBeVisible();
    await page.getByLabel('Naam', { exact: true }).fill(name);
    await page.getByRole('radio', { name: 'Nederlands' }).check();
    await expect(group.getByRole('radio')).toHaveCount(4);
    await expect(feedback).toBeChecked();
    await expect(nothing).toHaveAccessibleDescription('Een examen: een controle toont niets tot het einde.');
    await page.getByRole('radio', { name: 'Test' }).check();
    await expect(nothing).toBeChecked();
    await page.getByRole('radio', { name: 'Normaal' }).check();
    await expect(feedback).toBeChecked();
    await group.scrollIntoViewIfNeeded();
    await group.screenshot({ path: test.info().outputPath('check-reveals-1280.png') });
    const results = await new AxeBuilder({ page }).include('form').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations).toEqual([]);
  });

  await test.step('the arrow keys move the choice; it is saved and read back', async () => {
    await feedback.focus();
    await page.keyboard.press('ArrowDown');
    await expect(answer).toBeChecked();
    await expect(answer).toBeFocused();
    await page.getByRole('button', { name: 'Module aanmaken' }).click();
    await expect(page.getByText('De module is aangemaakt.')).toBeVisible();
    await page.reload();
    await expect(answer).toBeChecked();
  });

  await test.step('on the published module a change is a draft whose changes name the choices', async () => {
    await group.getByRole('radio', { name: 'Goed of fout', exact: true }).check();
    await page.getByRole('button', { name: 'Concept opslaan' }).click();
    await page.getByRole('button', { name: 'Wijzigingen tonen' }).click();
    await expect(page.locator('.draft-changes')).toContainText(
      'Goed of fout, feedback en het juiste antwoord → Goed of fout',
    );
    await page
      .locator('.draft-changes')
      .screenshot({ path: test.info().outputPath('check-reveals-draft-1280.png') });
    await page.getByRole('button', { name: 'Wijzigingen publiceren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Wijzigingen publiceren' }).click();
    await expect(page.getByText('De wijzigingen zijn gepubliceerd: deelnemers zien ze nu.')).toBeVisible();
    await page.reload();
    await expect(group.getByRole('radio', { name: 'Goed of fout', exact: true })).toBeChecked();
  });

  await test.step('at 360 px the choices fit without sideways scrolling', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(group.getByRole('radio', { name: 'Goed of fout', exact: true })).toBeChecked();
    expect(await horizontalOverflow(page)).toBe(0);
    await group.scrollIntoViewIfNeeded();
    await group.screenshot({ path: test.info().outputPath('check-reveals-360.png') });
  });
});
