// Builds the web client before `npm start` when it is missing or older than its sources.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const built = path.resolve('dist/client/index.html');
const newest = (dir) => {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
};
const sources = Math.max(newest(path.resolve('client')), fs.statSync('vite.config.ts').mtimeMs);
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources) {
  console.log('Building the web client…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
