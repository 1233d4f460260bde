import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { expect, test } from '@playwright/test';
import { serverPorts } from './accounts';
import {
  expectThreeOnce,
  learnerOn,
  loseFirstAnswer,
  offline,
  questionPage,
  queued,
  saved,
  serverPage,
  threeFields,
  threeQuestions,
} from './offline-support';
import { serverEnv } from './server-env';
import { procedures } from './support';

/**
 * Works on a bad connection (docs/development/client-offline.md), across a server restart: answers
 * kept on the device while the server stops and starts again reach it exactly once each, including
 * one whose first delivery the server stored but whose answer never came back (its key must survive
 * the restart).
 *
 * This journey runs a server of its own (`npm start`'s script, on the embedded database in a
 * folder of the run), so it can stop it without disturbing the other journeys.
 */

/** One `npm start` process serving this journey's data folder, of its worker's own. */
function ownServer() {
  const slot = test.info().parallelIndex;
  const port = serverPorts.restart(slot);
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let stderr = '';
  return {
    url,
    async start() {
      stderr = '';
      const started = spawn(process.execPath, ['scripts/start.mjs'], {
        env: { ...process.env, ...serverEnv(port, false, `restart-${slot}`, true) },
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
  const { url } = server;
  await server.start();
  const api = await playwright.request.newContext({ baseURL: url });
  try {
    const { modulePath, pagePath, stamp } = await questionPage(api, 'restart', threeQuestions);
    const { participant, context, page } = await learnerOn(
      browser,
      api,
      'restart',
      `Rob Herstart ${stamp}`,
      `/module/${modulePath}/page/${pagePath}`,
      url,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Vragen' })).toBeVisible();
    const fields = threeFields(page);
    const status = page.getByRole('status').filter({ hasText: /./ });
    const held = () => serverPage(api, participant.token, modulePath, pagePath);

    await test.step('answer three questions offline: kept on this device', async () => {
      await offline(context, page);
      await fields.answer();
      await expect(status).toHaveText(queued);
    });

    await test.step('online: the first save reaches the server, its answer is lost; the rest are cut', async () => {
      await loseFirstAnswer(page);
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
      // The page keeps retrying on its own, and under load one retry reached the restarted server
      // before the reload (27/11): the reload then had nothing left to send. Until the reloaded
      // document commits, the old one's saves stay cut, so it is the reload that sends the queue.
      let reloaded = false;
      await page.route(
        (address) => procedures(address.toString()).includes('result.save'),
        (route) => (reloaded ? route.fallback() : route.abort('connectionrefused')),
      );
      await server.start();
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) reloaded = true;
      });
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Vragen' })).toBeVisible();
      await expect(status).toHaveText(saved, { timeout: 30_000 });
      const after = await held();
      expectThreeOnce(after);
      await page.reload();
      await expect(fields.textarea).toHaveValue('Meer aandacht voor jongeren.');
      await expect(fields.year).toBeChecked();
      await expect(page.locator('.save-status')).toHaveText('');
      expect(await held()).toEqual(after);
    });
    await context.close();
  } finally {
    await api.dispose();
    await server.stop();
  }
});
