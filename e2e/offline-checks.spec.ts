import { expect, type Page, test } from '@playwright/test';
import {
  checkAnswer,
  failSaves,
  learnerOn,
  offline,
  questionPage,
  sdgLabel,
  sdgQuestion,
  serverPage,
} from './offline-support';
import { horizontalOverflow, signIn } from './support';

/**
 * A check made offline is final at once on the device (docs/development/client-offline.md): the
 * attempt counts while the check waits in the answer queue, the question whose attempts it uses up
 * is read-only, and the server's verdict takes over once the check arrives. A check the server
 * refuses because another device of the same participant used the attempt meanwhile is explained at
 * the question until the learner dismisses it.
 */

const final = 'Je enige poging is gebruikt: je gecontroleerde antwoord ligt vast.';
const waiting = 'Nagekeken, wacht op verzending';
const elsewhere =
  'Deze poging was al gebruikt op een ander apparaat; het antwoord dat daar werd nagekeken telt.';

/** The question holding the SDG group, its status line and its options. */
function sdgOn(page: Page) {
  const group = page.getByRole('group', { name: sdgLabel });
  const question = page.locator('.question').filter({ has: group });
  return { group, question, status: question.locator('.question__status') };
}

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: test.info().outputPath(`${name}-360.png`), fullPage: true });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an answer checked offline is final on the device at once, and the server agrees once it arrives', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { modulePath, pagePath, stamp } = await questionPage(request, 'offcheck', [sdgQuestion(1)]);
  const { participant, context, page } = await learnerOn(
    browser,
    request,
    'offcheck',
    `Otto Nagekeken ${stamp}`,
    `/module/${modulePath}/page/${pagePath}`,
  );
  const { group, question, status } = sdgOn(page);
  await expect(status).toHaveText('Poging 0 van 1 gebruikt · Nog 1 poging over');

  await test.step('offline: the check spends the only attempt on this device', async () => {
    await offline(context, page);
    await group.getByLabel('SDG 13').check();
    await checkAnswer(page, group);
    await expect(status).toHaveText(`${final} · ${waiting}`);
    await expect(question.getByRole('button', { name: 'Controleer mijn antwoord' })).toHaveCount(0);
    // The button that spent the attempt is gone: the status that says so has the focus.
    await expect(status).toBeFocused();
  });

  await test.step('a change is refused: the question is read-only and says why', async () => {
    await expect(group.getByLabel('SDG 5')).toBeDisabled();
    await group.getByLabel('SDG 5').click({ force: true });
    await expect(group.getByLabel('SDG 13')).toBeChecked();
    await expect(group.getByLabel('SDG 5')).not.toBeChecked();
    await expect(group).toHaveAccessibleDescription(`${final} · ${waiting}`);
    await screenshots(page, 'checked-offline');
  });

  await test.step('still waiting after a reload: the check is read back from the device', async () => {
    const tried = await failSaves(page);
    await context.setOffline(false);
    await expect.poll(() => tried.count).toBeGreaterThan(0);
    await page.reload();
    await expect(status).toHaveText(`${final} · ${waiting}`);
    await expect(group.getByLabel('SDG 13')).toBeChecked();
    expect((await serverPage(request, participant.token, modulePath, pagePath)).sdg?.attempts).toBe(0);
  });

  await test.step('the check arrives: the server state shows, locked, 1 of 1 used', async () => {
    await page.unrouteAll();
    await expect(status).toHaveText(final, { timeout: 20_000 });
    await expect(group.getByLabel('SDG 13')).toBeChecked();
    await expect(group.getByLabel('SDG 5')).toBeDisabled();
    const held = await serverPage(request, participant.token, modulePath, pagePath);
    expect(held.sdg).toMatchObject({ answer: 'o2', attempts: 1 });
  });
  await context.close();
});

test('a check whose attempt another device used meanwhile is explained at the question', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { modulePath, pagePath, stamp } = await questionPage(request, 'twodev', [sdgQuestion(1)]);
  const address = `/module/${modulePath}/page/${pagePath}`;
  const { participant, context, page } = await learnerOn(
    browser,
    request,
    'twodev',
    `Tess Tweetoestel ${stamp}`,
    address,
  );
  const phone = sdgOn(page);

  await test.step('offline on this device: check SDG 13', async () => {
    await expect(phone.status).toHaveText('Poging 0 van 1 gebruikt · Nog 1 poging over');
    await offline(context, page);
    await phone.group.getByLabel('SDG 13').check();
    await checkAnswer(page, phone.group);
    await expect(phone.status).toHaveText(`${final} · ${waiting}`);
  });

  const other = await browser.newContext({ locale: 'nl-BE' });
  await test.step('meanwhile, on another device of the same participant: check SDG 5', async () => {
    const laptop = await other.newPage();
    await signIn(laptop, participant.account, address);
    const { group, status } = sdgOn(laptop);
    await group.getByLabel('SDG 5').check();
    await checkAnswer(laptop, group);
    await expect(status).toHaveText(final);
  });

  await test.step('online again: the check is refused and the question explains why', async () => {
    await context.setOffline(false);
    await expect(phone.question.getByText(elsewhere)).toBeVisible();
    // The other device's answer is the one that counts, on this screen too.
    await expect(phone.status).toHaveText(final);
    await expect(phone.group.getByLabel('SDG 5')).toBeChecked();
    const held = await serverPage(request, participant.token, modulePath, pagePath);
    expect(held.sdg).toMatchObject({ answer: 'o1', attempts: 1 });
    await screenshots(page, 'used-elsewhere');
  });

  await test.step('the explanation stays until the learner dismisses it', async () => {
    await expect(phone.question.getByText(elsewhere)).toBeVisible();
    await phone.question.getByRole('button', { name: 'Begrepen' }).click();
    await expect(phone.question.getByText(elsewhere)).toHaveCount(0);
  });
  await other.close();
  await context.close();
});
