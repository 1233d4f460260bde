import path from 'node:path';
import { serverPorts } from '../../e2e/accounts';
import base from '../../playwright.config';

/**
 * Screenshots of the main screens for comparing two builds (docs/development/styles.md): the e2e
 * run's mail sink and demo server only, and one spec that is not part of the e2e suite. Run
 * through scripts/run-e2e.mjs, which starts and ends them:
 * `SCREENS_DIR=<folder> node scripts/run-e2e.mjs -c scripts/screens/playwright.config.ts`.
 */
const [mailSink, demo] = Array.isArray(base.webServer) ? base.webServer : [];
if (!mailSink || !demo)
  throw new Error('playwright.config.ts starts the mail sink and the demo server first');

const root = path.resolve(import.meta.dirname, '../..');

export default {
  ...base,
  testDir: '.',
  testMatch: 'capture.spec.ts',
  outputDir: `../../test-results/screens-${process.env.E2E_PORT_OFFSET ?? 0}`,
  workers: 1,
  retries: 0,
  projects: [{ name: 'screens', use: { baseURL: `http://127.0.0.1:${serverPorts.demo}` } }],
  // Playwright starts a web server in the folder of its config unless told otherwise.
  webServer: [mailSink, demo].map((server) => ({ ...server, cwd: root })),
};
