import { expect, type Page, test } from '@playwright/test';
import { trpc } from './api';
import {
  checkAnswer,
  expectThreeOnce,
  failSaves,
  learnerOn,
  loseFirstAnswer,
  offline,
  questionPage,
  queued,
  saved,
  sdgLabel,
  sdgQuestion,
  serverPage,
  threeFields,
  threeQuestions,
} from './offline-support';
import { horizontalOverflow } from './support';

/**
 * Works on a bad connection (docs/development/client-offline.md): answers given offline are kept on
 * the device (the answer queue in IndexedDB), survive a reload, and reach the server exactly once
 * when the connection is back; a confirmation the server refuses on arrival says why.
 *
 * Playwright's offline mode cuts every request, page loads included, and these journeys run without
 * the service worker (playwright.config.ts blocks it; e2e/offline-reading.spec.ts answers after an
 * offline reload with it), so the reload happens once the browser is online again while the saves
 * themselves still fail (their requests are aborted): the queue must then come from IndexedDB.
 */

test('three answers given offline survive a reload and reach the server once each', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { modulePath, pagePath, stamp } = await questionPage(request, 'offline', threeQuestions);
  const { participant, context, page } = await learnerOn(
    browser,
    request,
    'offline',
    `Olga Offline ${stamp}`,
    `/module/${modulePath}/page/${pagePath}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Vragen' })).toBeVisible();
  const fields = threeFields(page);
  const { textarea, year, parts } = fields;
  const status = page.getByRole('status').filter({ hasText: /./ });

  await test.step('answer three questions offline: kept on this device', async () => {
    await offline(context, page);
    await fields.answer();
    await expect(status).toHaveText(queued);
  });

  const tried = await test.step('online again, but every save fails: reload', async () => {
    const tried = await failSaves(page);
    await context.setOffline(false);
    // The `online` event sends at once; the aborted request leaves the answers queued.
    await expect.poll(() => tried.count).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Vragen' })).toBeVisible();
    await expect(textarea).toHaveValue('Meer aandacht voor jongeren.');
    await expect(year).toBeChecked();
    await expect(parts.getByLabel('Anticonceptie')).toBeChecked();
    await expect(status).toHaveText(queued);
    const before = await serverPage(request, participant.token, modulePath, pagePath);
    for (const name of ['jaar', 'onderdelen', 'mee']) expect(before[name]?.attempts).toBe(0);
    return tried;
  });

  await test.step('the connection carries saves again: sent, and saved once each', async () => {
    const triedBefore = tried.count;
    await page.unrouteAll();
    // The queue tries again by itself, after a pause that grows with every failure.
    await expect(status).toHaveText(saved, { timeout: 20_000 });
    expect(triedBefore).toBeGreaterThan(0);
    const after = await serverPage(request, participant.token, modulePath, pagePath);
    expectThreeOnce(after);
    // Another reload finds nothing left on the device and the server's answers on the page.
    await page.reload();
    await expect(textarea).toHaveValue('Meer aandacht voor jongeren.');
    await expect(page.locator('.save-status')).toHaveText('');
    const again = await serverPage(request, participant.token, modulePath, pagePath);
    expect(again).toEqual(after);
  });
  await context.close();
});

test('a confirmation refused on arrival says why', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { modulePath, pagePath, stamp } = await questionPage(request, 'refused', [sdgQuestion(1)]);
  const { participant, context, page } = await learnerOn(
    browser,
    request,
    'refused',
    `Rik Geweigerd ${stamp}`,
    `/module/${modulePath}/page/${pagePath}`,
  );
  const group = page.getByRole('group', { name: sdgLabel });
  await expect(group).toBeVisible();

  await test.step('offline: choose an answer and check it', async () => {
    await offline(context, page);
    await group.getByLabel('SDG 5').check();
    await checkAnswer(page, group);
    await expect(page.getByRole('status').filter({ hasText: /./ })).toHaveText(queued);
  });

  await test.step('meanwhile another device spends the only attempt', async () => {
    await trpc(request, participant.token, 'result.save', {
      module: modulePath,
      page: pagePath,
      result: { answers: { sdg: 'o2' }, confirm: ['sdg'] },
    });
  });

  await test.step('online: the server refuses the check and the page says why', async () => {
    await context.setOffline(false);
    await expect(page.getByRole('alert')).toHaveText('Je hebt geen pogingen meer voor deze vraag.');
    // The server's answer (from the other device) stands; nothing of this device's check was counted.
    const held = await serverPage(request, participant.token, modulePath, pagePath);
    expect(held.sdg).toMatchObject({ answer: 'o2', attempts: 1 });
  });
  await context.close();
});

/** What the answer queue holds on this device (client/lib/answer-queue-store.ts), as the page reads it. */
const queuedOnDevice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const opening = indexedDB.open('srhr-answer-queue');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('saves')) {
            db.close();
            resolve([]);
            return;
          }
          const reading = db.transaction('saves').objectStore('saves').getAll();
          reading.onsuccess = () => {
            db.close();
            resolve(reading.result);
          };
          reading.onerror = () => reject(reading.error);
        };
      }),
  );

test('signing out with answers still on the device asks first; afterwards nothing the learner typed stays readable', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { modulePath, pagePath, stamp } = await questionPage(request, 'signout', [
    {
      type: 'textarea',
      questionType: 'open',
      name: 'mee',
      label: 'Wat neem je mee?',
      schema: { attempts: 0, maxScore: 2 },
    },
  ]);
  const name = `Sara Afmeld ${stamp}`;
  const { context, page } = await learnerOn(
    browser,
    request,
    'signout',
    name,
    `/module/${modulePath}/page/${pagePath}`,
  );
  const textarea = page.getByRole('textbox', { name: 'Wat neem je mee?' });
  await expect(textarea).toBeEditable();
  await offline(context, page);
  await textarea.fill('Iets persoonlijks.');
  await expect(page.getByRole('status').filter({ hasText: /./ })).toHaveText(queued);
  expect(JSON.stringify(await queuedOnDevice(page))).toContain('Iets persoonlijks.');
  const user = page.getByRole('button', { name: new RegExp(name) });
  const warning = page.getByRole('dialog', { name: 'Antwoorden nog niet verstuurd' });
  await test.step('signing out first says what would be lost; cancelling keeps it', async () => {
    await user.click();
    await page.getByRole('button', { name: 'Afmelden' }).click();
    await expect(warning).toContainText('Er staat nog 1 antwoord op dit toestel dat niet verstuurd is.');
    // Focus starts on the safe choice: Enter cancels.
    await expect(warning.getByRole('button', { name: 'Annuleren' })).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('unsent-answers-1280.png') });
    await page.keyboard.press('Enter');
    await expect(warning).toBeHidden();
    // Back on the menu's button, the menu closed.
    await expect(user).toBeFocused();
    expect(JSON.stringify(await queuedOnDevice(page))).toContain('Iets persoonlijks.');
  });
  await test.step('on a phone, from the main menu, the same question fits the screen', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await user.click();
    await page.getByRole('button', { name: 'Afmelden' }).click();
    await expect(warning).toContainText('Er staat nog 1 antwoord');
    await page.screenshot({ path: test.info().outputPath('unsent-answers-360.png') });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await warning.getByRole('button', { name: 'Annuleren' }).click();
    await expect(warning).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 900 });
  });
  await test.step('signing out anyway leaves nothing on the device', async () => {
    // Signing out needs no connection: the session ends here whatever the server hears.
    await user.click();
    await page.getByRole('button', { name: 'Afmelden' }).click();
    await warning.getByRole('button', { name: 'Toch afmelden' }).click();
    await expect(user).toHaveCount(0);
    expect(await queuedOnDevice(page)).toEqual([]);
  });
  await context.close();
});

test('a check whose answer was lost on the way is sent again and counted once', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { modulePath, pagePath, stamp } = await questionPage(request, 'lost', [sdgQuestion(2)]);
  const { participant, context, page } = await learnerOn(
    browser,
    request,
    'lost',
    `Lot Verloren ${stamp}`,
    `/module/${modulePath}/page/${pagePath}`,
  );
  const group = page.getByRole('group', { name: sdgLabel });
  const status = page.getByRole('status').filter({ hasText: /./ });
  await group.getByLabel('SDG 13').check();
  await expect(status).toHaveText(saved);

  await test.step('the check reaches the server, its answer does not reach the page', async () => {
    await loseFirstAnswer(page);
    await checkAnswer(page, group);
    await expect
      .poll(async () => (await serverPage(request, participant.token, modulePath, pagePath)).sdg?.attempts)
      .toBe(1);
  });

  await test.step('meanwhile another device checks another answer, the last attempt', async () => {
    await trpc(request, participant.token, 'result.save', {
      module: modulePath,
      page: pagePath,
      result: { answers: { sdg: 'o1' }, confirm: ['sdg'] },
    });
  });

  await test.step('the connection recovers: the copy changes nothing and is not refused', async () => {
    await page.unrouteAll();
    // Without its key, the copy would be a third attempt at 'SDG 13': refused, no attempts left.
    await expect(status).toHaveText(saved, { timeout: 20_000 });
    await expect(page.getByRole('alert')).toHaveCount(0);
    const held = await serverPage(request, participant.token, modulePath, pagePath);
    expect(held.sdg).toMatchObject({ answer: 'o1', attempts: 2 });
  });
  await context.close();
});
