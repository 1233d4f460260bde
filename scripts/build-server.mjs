// npm run build (after the client): the server as one ES module at dist/server/main.mjs, for the
// Docker image and `npm ci --omit=dev` installs, so a production start needs neither tsx nor a
// TypeScript compile. Dependencies stay in node_modules (packages: 'external'): they are installed
// there anyway, and PGlite, sharp and the fonts find their files beside their own code.
// The single executable bundles differently (CommonJS with everything in): scripts/build-binary.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, 'dist/server/main.mjs');
const started = performance.now();
await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(
  `server bundle: ${path.relative(root, outfile)} in ${Math.round(performance.now() - started)} ms`,
);
