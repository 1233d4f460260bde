// The server as one ES module at dist/server/main.mjs: `npm run build` (after the client) for the
// Docker image and `npm ci --omit=dev` installs, and `npm start` (scripts/start.mjs), which builds it
// when it is missing or older than one of its sources and then runs it. A start thus needs neither
// tsx nor a TypeScript compile at run time (tsx cost seconds and a hundred MB at every start).
// Dependencies stay in node_modules (packages: 'external'): they are installed there anyway, and
// PGlite, sharp and the fonts find their files beside their own code.
// The single executable bundles differently (CommonJS with everything in): scripts/build-binary.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const serverBundle = path.join(root, 'dist/server/main.mjs');
/** The source files the bundle was built from (esbuild's metafile), to tell when it is stale. */
const inputsFile = path.join(root, 'dist/server/main.inputs.json');

/** Whether the bundle is missing, or older than a file it was built from (or one is gone). */
export function serverIsStale() {
  let built;
  let inputs;
  try {
    built = fs.statSync(serverBundle).mtimeMs;
    inputs = JSON.parse(fs.readFileSync(inputsFile, 'utf8'));
  } catch {
    return true;
  }
  return inputs.some((input) => {
    try {
      return fs.statSync(path.join(root, input)).mtimeMs > built;
    } catch {
      return true;
    }
  });
}

/**
 * Builds the bundle. Written beside and renamed into place, so a server starting meanwhile (another
 * `npm start`, a test) reads the old bundle or the new one, never half of one.
 */
export async function buildServer() {
  const { build } = await import('esbuild');
  const started = performance.now();
  const result = await build({
    entryPoints: [path.join(root, 'server/main.ts')],
    outfile: serverBundle,
    absWorkingDir: root,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    write: false,
  });
  fs.mkdirSync(path.dirname(serverBundle), { recursive: true });
  const place = (file, contents) => {
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, contents);
    fs.renameSync(temporary, file);
  };
  // The map first: a bundle is never newer than the map it names.
  const maps = result.outputFiles.filter((output) => output.path.endsWith('.map'));
  const code = result.outputFiles.filter((output) => !output.path.endsWith('.map'));
  for (const output of [...maps, ...code]) place(output.path, output.contents);
  place(inputsFile, JSON.stringify(Object.keys(result.metafile.inputs)));
  return Math.round(performance.now() - started);
}

/**
 * `npm start`: the bundle, built first when stale. Where esbuild is not installed (`npm ci
 * --omit=dev`) a bundle that is there is used as it is.
 */
export async function ensureServerBundle() {
  if (!serverIsStale()) return serverBundle;
  try {
    await import('esbuild');
  } catch {
    if (fs.existsSync(serverBundle)) return serverBundle;
    throw new Error('dist/server/main.mjs is missing and esbuild is not installed: run npm install');
  }
  await buildServer();
  return serverBundle;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const ms = await buildServer();
  console.log(`server bundle: ${path.relative(root, serverBundle)} in ${ms} ms`);
}
