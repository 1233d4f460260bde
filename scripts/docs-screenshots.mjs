// Screenshots for the documentation, taken from the running demo so they can be refreshed:
// `node scripts/docs-screenshots.mjs` starts the platform as `npm start` does (on a fresh data
// folder with the demo content, on PORT or 3900), drives Debian's Chromium (CHROMIUM_PATH) and
// writes docs/images/*.png. Nothing is downloaded.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3900);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-screenshots-'));
const admin = { email: 'docs@example.org', password: `Docs-${randomBytes(9).toString('base64url')}` };

const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  },
});

async function ready() {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become ready');
}

const shots = [
  { file: 'home.png', path: '/', signedIn: false },
  { file: 'course.png', path: '/course/srgr-basis', signedIn: true },
  { file: 'module.png', path: '/module/srgr-begrippen', signedIn: true },
];

let browser;
try {
  await ready();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
  });
  const page = await context.newPage();
  for (const shot of shots.filter((s) => !s.signedIn)) {
    await page.goto(shot.path, { waitUntil: 'networkidle' });
    await page.screenshot({ path: path.join(root, 'docs/images', shot.file) });
  }
  const signedIn = await page.request.post('/auth/sign-in', {
    data: admin,
    headers: { 'x-session': 'cookie' },
  });
  if (!signedIn.ok()) throw new Error(`sign-in failed: ${await signedIn.text()}`);
  for (const shot of shots.filter((s) => s.signedIn)) {
    await page.goto(shot.path, { waitUntil: 'networkidle' });
    await page.screenshot({ path: path.join(root, 'docs/images', shot.file) });
  }
  console.log(`Wrote ${shots.map((s) => `docs/images/${s.file}`).join(', ')}`);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
