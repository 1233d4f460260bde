import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { expect, test } from '@playwright/test';
import { serverPorts } from './accounts';
import { learnerOn, offline, option, questionPage, queued, saved, serverPage } from './offline-support';
import { serverEnv } from './server-env';
import { procedures } from './support';

/**
 * Works on a bad connection (#24), across a server restart: answers kept on the device while the
 * server stops and starts again reach it exactly once each, including one whose first delivery
 * the server stored but whose answer never came back (its key must survive the restart).
 *
 * This journey runs a server of its own (`npm start`'s script, on the embedded database in a
 * folder of the run), so it can stop it without disturbing the other journeys.
 */

const url = `http://127.0.0.1:${serverPorts.restart}`;

/** One `npm start` process serving this journey's data folder. */
function ownServer() {
  let child: ChildProcess | null = null;
  let stderr = '';
  return {
    async start() {
      stderr = '';
      const started = spawn(process.execPath, ['scripts/start.mjs'], {
        env: { ...process.env, ...serverEnv(serverPorts.restart, false, 'restart', true) },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child = started;
      started.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      await expect
        .poll(
          async () => {
            if (started.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
            return fetch(`${url}/healthz`).then(
              (response) => response.ok,
              () => false,
            );
          },
          { timeout: 60_000, message: 'the server answers /healthz' },
        )
        .toBe(true);
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      running.kill('SIGTERM');
      await once(running, 'exit');
    },
  };
}

test('answers kept on the device reach the server once each when it restarted in between', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const server = ownServer();
  await server.start();
  const api = await playwright.request.newContext({ baseURL: url });
  try {
    const { modulePath, pagePath, stamp } = await questionPage(api, 'restart', [
      {
        type: 'radio',
        questionType: 'single',
        name: 'jaar',
        label: 'In welk jaar was de ICPD-conferentie?',
        options: [option('1990', 'o1', 0), option('1994', 'o2', 1)],
        schema: { attempts: 0 },
      },
      {
        type: 'checkbox',
        questionType: 'multiple',
        name: 'onderdelen',
        label: 'Welke onderdelen horen bij SRGR?',
        options: [option('Anticonceptie', 'o1', 1), option('Wegenbouw', 'o2', 0)],
        schema: { attempts: 0 },
      },
      {
        type: 'textarea',
        questionType: 'open',
        name: 'mee',
        label: 'Wat neem je mee?',
        schema: { attempts: 0, maxScore: 2 },
      },
    ]);
    const { participant, context, page } = await learnerOn(
      browser,
      api,
      'restart',
      `Rob Herstart ${stamp}`,
      `/module/${modulePath}/page/${pagePath}`,
      url,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Vragen' })).toBeVisible();
    const textarea = page.getByRole('textbox', { name: 'Wat neem je mee?' });
    const year = page
      .getByRole('group', { name: 'In welk jaar was de ICPD-conferentie?' })
      .getByLabel('1994');
    const parts = page.getByRole('group', { name: 'Welke onderdelen horen bij SRGR?' });
    const status = page.getByRole('status').filter({ hasText: /./ });
    const held = () => serverPage(api, participant.token, modulePath, pagePath);

    await test.step('answer three questions offline: kept on this device', async () => {
      await offline(context, page);
      await year.check();
      await parts.getByLabel('Anticonceptie').check();
      await textarea.fill('Meer aandacht voor jongeren.');
      await expect(status).toHaveText(queued);
    });

    await test.step('online: the first save reaches the server, its answer is lost; the rest are cut', async () => {
      let delivered = false;
      await page.route(
        (address) => procedures(address.toString()).includes('result.save'),
        async (route) => {
          if (!delivered) {
            delivered = true;
            await route.fetch();
          }
          await route.abort('internetdisconnected');
        },
      );
      await context.setOffline(false);
      await expect
        .poll(async () => Object.values(await held()).some((question) => question.attempts > 0))
        .toBe(true);
      await expect(status).toHaveText(queued);
    });

    await test.step('the server stops: saves fail for real and stay on the device', async () => {
      await server.stop();
      let refused = 0;
      page.on('requestfailed', (request) => {
        if (procedures(request.url()).includes('result.save')) refused += 1;
      });
      await page.unrouteAll();
      await expect.poll(() => refused, { timeout: 30_000 }).toBeGreaterThan(0);
      await expect(status).toHaveText(queued);
    });

    await test.step('the server starts again; a reload sends the queue and each answer counts once', async () => {
      await server.start();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Vragen' })).toBeVisible();
      await expect(status).toHaveText(saved, { timeout: 30_000 });
      const after = await held();
      expect(after.jaar).toMatchObject({ answer: 'o2', attempts: 1 });
      expect(after.onderdelen).toMatchObject({ answer: ['o1'], attempts: 1 });
      expect(after.mee).toMatchObject({ answer: 'Meer aandacht voor jongeren.', attempts: 1 });
      await page.reload();
      await expect(textarea).toHaveValue('Meer aandacht voor jongeren.');
      await expect(year).toBeChecked();
      await expect(page.locator('.save-status')).toHaveText('');
      expect(await held()).toEqual(after);
    });
    await context.close();
  } finally {
    await api.dispose();
    await server.stop();
  }
});
