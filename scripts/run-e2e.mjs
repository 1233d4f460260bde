// `npm run test:e2e`: the Playwright journeys in Debian's Chromium, or a plain note when there is
// no Chromium here. On CI (CI=true) a missing browser is a failure, never a silent skip.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(chromium)) {
  console.log(
    `Browser tests did NOT run: no Chromium at ${chromium}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(process.env.CI === 'true' ? 1 : 0);
}

// Both test servers keep their databases here; removed after the run.
const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'srhr-e2e-'));
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, E2E_DATA_ROOT: dataRoot },
});
fs.rmSync(dataRoot, { recursive: true, force: true });

if (result.error) {
  console.error(`Could not start Playwright: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
