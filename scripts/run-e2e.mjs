// `npm run test:e2e`: the Playwright journeys in Debian's Chromium, or a plain note when there is
// no Chromium here. On CI (CI=true) a missing browser is a failure, never a silent skip.
//
// Every process of a run (the web servers, the mail sink, the browsers) carries the run's data
// folder in its environment (E2E_DATA_ROOT), whatever its process group: Playwright starts each web
// server in a group of its own, so a signal to the run's group misses them, and a run killed outright
// left them holding the ports. The run ends them all when it ends, by any route it can see (its end,
// Ctrl-C, SIGTERM), and a run first ends what an earlier run on the same ports (E2E_PORT_OFFSET)
// left behind, so a killed run never makes the next one fail.
import { spawn } from 'node:child_process';
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

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The processes of the run whose data folder is `dataRoot`: those with it in their environment. */
function processesOf(dataRoot) {
  if (!fs.existsSync('/proc/self/environ')) return [];
  const tag = `E2E_DATA_ROOT=${dataRoot}`;
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(tag))
        found.push(Number(entry));
    } catch {
      // ended meanwhile, or not ours to read
    }
  }
  return found;
}

const signal = (pid, name) => {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
};

/** Ends every process of that run: asked first (SIGTERM), killed after five seconds. */
async function endProcessesOf(dataRoot) {
  const found = processesOf(dataRoot);
  for (const pid of found) signal(pid, 'SIGTERM');
  for (let waited = 0; waited < 5_000 && processesOf(dataRoot).length > 0; waited += 100) await sleep(100);
  for (const pid of processesOf(dataRoot)) signal(pid, 'SIGKILL');
  return found.length;
}

const isRunning = (pid) => {
  try {
    process.kill(pid, 0);
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('run-e2e');
  } catch {
    return false;
  }
};

// One record per port offset: the run that uses those ports.
const offset = process.env.E2E_PORT_OFFSET ?? '0';
const runs = path.join(os.tmpdir(), 'srhr-e2e-runs');
fs.mkdirSync(runs, { recursive: true });
const runFile = path.join(runs, `offset-${offset}.json`);
if (fs.existsSync(runFile)) {
  const earlier = JSON.parse(fs.readFileSync(runFile, 'utf8'));
  if (earlier.pid !== process.pid && isRunning(earlier.pid)) {
    console.error(
      `Another browser run (process ${earlier.pid}) uses these ports. Wait for it, or give this one another E2E_PORT_OFFSET.`,
    );
    process.exit(1);
  }
  const ended = await endProcessesOf(earlier.dataRoot);
  if (ended > 0) console.log(`Ended ${ended} processes an earlier, interrupted browser run left running.`);
  fs.rmSync(earlier.dataRoot, { recursive: true, force: true });
}

// Both test servers keep their databases here; removed after the run.
const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'srhr-e2e-'));
fs.writeFileSync(runFile, JSON.stringify({ pid: process.pid, dataRoot }));

const playwright = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, E2E_DATA_ROOT: dataRoot },
});
// Ctrl-C reaches Playwright with the rest of the group; a SIGTERM sent to this process alone must
// too. Playwright then stops its web servers; whatever it leaves is ended below.
let signalled = null;
for (const name of ['SIGINT', 'SIGTERM']) {
  process.on(name, () => {
    if (signalled) signal(playwright.pid, 'SIGKILL');
    signalled = name;
    signal(playwright.pid, name);
  });
}
const result = await new Promise((resolve) => {
  playwright.once('error', (error) => resolve({ error }));
  playwright.once('exit', (code, name) => resolve({ code, name }));
});

const left = await endProcessesOf(dataRoot);
if (left > 0) console.log(`Ended ${left} processes the browser run left running.`);
fs.rmSync(dataRoot, { recursive: true, force: true });
fs.rmSync(runFile, { force: true });

if (result.error) {
  console.error(`Could not start Playwright: ${result.error.message}`);
  process.exit(1);
}
if (signalled) process.exit(signalled === 'SIGINT' ? 130 : 143);
process.exit(result.code ?? 1);
