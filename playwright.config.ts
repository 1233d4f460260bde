import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { analyticsHost, mailSink, serverPorts } from './e2e/accounts';
import { clientDist, serverEnv } from './e2e/server-env';
import defaultTenant from './server/tenant/default-tenant.json' with { type: 'json' };

/**
 * Browser journeys against the built client served by two real servers: one seeded with the demo
 * content, one empty. Each run gets fresh data folders; always the embedded database. The demo
 * server has a fixed administrator and mails through a real SMTP sink on loopback, which the
 * journeys read codes from (e2e/mail).
 *
 * The config is evaluated again in every worker: the run's data folder is fixed once in the
 * environment so all of them agree.
 */
process.env.E2E_DATA_ROOT ??= path.join(os.tmpdir(), `srhr-e2e-${randomBytes(6).toString('hex')}`);
const dataRoot = process.env.E2E_DATA_ROOT;

const demoPort = serverPorts.demo;
const emptyPort = serverPorts.empty;
const demoURL = `http://127.0.0.1:${demoPort}`;
const emptyURL = `http://127.0.0.1:${emptyPort}`;
const analyticsURL = `http://127.0.0.1:${serverPorts.analytics}`;

// The third server's tenant measures visits with a self-hosted Matomo (e2e/analytics.spec.ts).
fs.mkdirSync(dataRoot, { recursive: true });
const analyticsTenant = path.join(dataRoot, 'analytics-tenant.json');
fs.writeFileSync(
  analyticsTenant,
  JSON.stringify({
    ...defaultTenant,
    analytics: { provider: 'matomo', url: `${analyticsHost}/`, siteId: '7' },
  }),
);

const ci = process.env.CI === 'true';

/**
 * Prefixes a web server's command so it dies with Playwright: Playwright starts each in a process
 * group of its own, so a run killed outright (not stopped) left them holding their ports. The
 * kernel's parent-death signal, set by util-linux's setpriv; `exec` makes the server the child of
 * Playwright itself rather than of a shell. scripts/run-e2e.mjs also ends anything left at the end
 * of a run and at the start of the next.
 */
const diesWithPlaywright =
  spawnSync('setpriv', ['--pdeathsig', 'SIGKILL', 'true']).status === 0
    ? 'exec setpriv --pdeathsig SIGKILL -- '
    : 'exec ';

export default defineConfig({
  testDir: 'e2e',
  // Side-by-side runs (E2E_PORT_OFFSET) keep their traces apart too.
  outputDir: process.env.E2E_PORT_OFFSET
    ? `test-results/offset-${process.env.E2E_PORT_OFFSET}`
    : 'test-results/run',
  fullyParallel: false,
  workers: 2,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  reporter: 'list',
  // A test's whole budget. Journeys that walk ten screens took 25-30 s here on a machine of this
  // kind that ran about half as fast as usual (26/11), and timed out at 30 s twice in a row; each
  // wait inside keeps its own 10 s, so a real hang still fails there and names its step.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    // Dutch unless a test says otherwise: the platform's fallback and its main audience.
    locale: 'nl-BE',
    trace: 'retain-on-failure',
    // The service worker (client/sw/) would answer the app's reads before page.route sees them: the
    // journeys that need it (offline reading, the learner's JavaScript) allow it themselves.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'demo', testIgnore: /(empty-server|analytics)\.spec\.ts/, use: { baseURL: demoURL } },
    { name: 'empty', testMatch: /empty-server\.spec\.ts/, use: { baseURL: emptyURL } },
    { name: 'analytics', testMatch: /analytics\.spec\.ts/, use: { baseURL: analyticsURL } },
  ],
  webServer: [
    {
      // Listens before the platform starts, so no mail waits for a retry.
      command: `${diesWithPlaywright}node --import tsx e2e/mail/sink-server.ts`,
      url: `http://127.0.0.1:${mailSink.httpPort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 2_000 },
    },
    {
      // Build the client once, then serve it; the other servers reuse the same build. Each server runs
      // as `npm start` runs it (scripts/start.mjs: the server bundle, built here when stale), so the
      // journeys test what is shipped and no server compiles TypeScript at its start.
      command: `npx vite build --logLevel warn --outDir ../${clientDist} && ${diesWithPlaywright}node scripts/start.mjs`,
      url: `${demoURL}/healthz`,
      env: serverEnv(demoPort, true),
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: `${diesWithPlaywright}node scripts/start.mjs`,
      url: `${analyticsURL}/healthz`,
      env: { ...serverEnv(serverPorts.analytics, false, 'analytics'), TENANT_CONFIG: analyticsTenant },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: `${diesWithPlaywright}node scripts/start.mjs`,
      url: `${emptyURL}/healthz`,
      env: serverEnv(emptyPort, false),
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ],
});
