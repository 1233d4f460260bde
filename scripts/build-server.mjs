// The server as one ES module at dist/server/main.mjs: `npm run build` (after the client) for the
// Docker image and `npm ci --omit=dev` installs, and `npm start` (scripts/start.mjs), which builds it
// when it is missing or older than one of its sources and then runs it. A start thus needs neither
// tsx nor a TypeScript compile at run time (tsx cost seconds and a hundred MB at every start).
// The dependencies are bundled in too: resolving and reading some two thousand files of node_modules
// at every start cost about a third of a second. Those that find files beside their own code
// (PGlite's WebAssembly, sharp's native addon, the fonts) or load only when used (the S3 SDK, mail,
// GraphiQL) stay in node_modules; npm ci --omit=dev installs them all anyway.
// The single executable bundles differently (CommonJS with everything in): scripts/build-binary.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildPgdataTemplate, templateIsStale } from './pgdata-template.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const serverBundle = path.join(root, 'dist/server/main.mjs');
const KEPT_IN_NODE_MODULES = [
  '@electric-sql/pglite',
  'sharp',
  'pg-native',
  'dejavu-fonts-ttf',
  '@aws-sdk/*',
  'nodemailer',
  '@graphql-yoga/render-graphiql',
];

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
export async function buildServer({ keepOldChunksMs = 86_400_000 } = {}) {
  const { build } = await import('esbuild');
  const started = performance.now();
  const result = await build({
    entryPoints: { main: path.join(root, 'server/main.ts') },
    outdir: path.dirname(serverBundle),
    outExtension: { '.js': '.mjs' },
    // What the server imports lazily (GraphQL, the certificate PDF, S3, mail) stays in chunks of its
    // own, loaded at first use: bundled into main.mjs, their packages were imported at every start.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    absWorkingDir: root,
    bundle: true,
    external: KEPT_IN_NODE_MODULES,
    // CommonJS packages bundled into ES modules still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    // Stack traces need the mappings only; the sources' text would make the maps ten times larger,
    // and Node reads a module's map when it loads it (--enable-source-maps).
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    write: false,
  });
  const place = (file, contents) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, contents);
    fs.renameSync(temporary, file);
  };
  // Maps first, then the chunks, main.mjs last: a file is never newer than what it names. Chunk
  // names carry their content's hash, so a server still running the previous main.mjs keeps
  // finding the chunks it would load later: `npm start` removes only those of builds over a day
  // old, `npm run build` (for an image) every chunk of an earlier build.
  const rank = (file) => (file.endsWith('.map') ? 0 : file === serverBundle ? 2 : 1);
  const outputs = [...result.outputFiles].sort((a, b) => rank(a.path) - rank(b.path));
  for (const output of outputs) place(output.path, output.contents);
  removeOldChunks(new Set(outputs.map((output) => output.path)), keepOldChunksMs);
  // The project's own files, and for the dependencies the lock file npm rewrites when they change.
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/'));
  place(inputsFile, JSON.stringify([...inputs, 'package-lock.json']));
  return Math.round(performance.now() - started);
}

function removeOldChunks(current, keepMs) {
  const folder = path.join(path.dirname(serverBundle), 'chunks');
  const before = Date.now() - keepMs;
  for (const name of fs.readdirSync(folder)) {
    const file = path.join(folder, name);
    if (!current.has(file) && fs.statSync(file).mtimeMs < before) fs.rmSync(file, { force: true });
  }
}

/**
 * `npm start`: the bundle, built first when stale. Where esbuild is not installed (`npm ci
 * --omit=dev`) a bundle that is there is used as it is.
 */
export async function ensureServerBundle() {
  // Without the template a fresh folder is initdb'd at start as before: slower, never broken.
  if (templateIsStale())
    await buildPgdataTemplate().catch((error) =>
      console.warn(`empty database template not built (${error.message}): a fresh data folder runs initdb`),
    );
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
  const ms = await buildServer({ keepOldChunksMs: 0 });
  console.log(`server bundle: ${path.relative(root, serverBundle)} in ${ms} ms`);
  if (templateIsStale()) console.log(`empty database template: ${await buildPgdataTemplate()} ms`);
}
