// Builds the web client (dist/client) when it is missing or older than its sources: `npm start`
// (scripts/start.mjs) imports it, the binary build runs it as a script.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const newest = (dir) => {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
};

/** Whether dist/client is missing or older than client/, vite.config.ts and its service worker plugin. */
export function clientIsStale() {
  const built = path.resolve('dist/client/index.html');
  const sources = Math.max(
    newest(path.resolve('client')),
    fs.statSync('vite.config.ts').mtimeMs,
    fs.statSync('scripts/service-worker-plugin.ts').mtimeMs,
  );
  return !fs.existsSync(built) || fs.statSync(built).mtimeMs < sources;
}

/**
 * Runs `vite build` when the client is stale. SIGTERM or SIGINT meanwhile stops the build too and
 * ends this process, so nothing is left building after the process that asked for it.
 */
export async function buildClientIfStale() {
  if (!clientIsStale()) return;
  console.log('Building the web client…');
  const vite = spawn(
    process.execPath,
    [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  const forward = (signal) => {
    vite.kill(signal);
    process.exit(1);
  };
  process.once('SIGTERM', forward);
  process.once('SIGINT', forward);
  const code = await new Promise((resolve, reject) => {
    vite.once('error', reject);
    vite.once('exit', (exitCode) => resolve(exitCode));
  });
  process.off('SIGTERM', forward);
  process.off('SIGINT', forward);
  if (code !== 0) throw new Error(`vite build failed (exit code ${code})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await buildClientIfStale();
}
