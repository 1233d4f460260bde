import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sea from 'node:sea';
import { gunzipSync } from 'node:zlib';
import type { DatabaseTarget, PgliteAssets } from '../db';

/**
 * What the single executable carries besides its code (see scripts/build-binary): PGlite's WASM
 * and data files, the built web client, sharp with its native addon and libvips, and the
 * certificate fonts. From source (`npm start`) none of this applies: PGlite, sharp and the fonts
 * are found in node_modules and the client is served from dist/client.
 */

/** Asset keys, shared with the build script. */
export const assetKeys = {
  pgliteWasm: 'pglite/pglite.wasm',
  initdbWasm: 'pglite/initdb.wasm',
  pgliteData: 'pglite/pglite.data',
  /** An empty data folder as PGlite's gzipped tarball: a fresh DATA_DIR is loaded from it, not initdb'd. */
  pgdataTemplate: 'pglite/pgdata-template.tar.gz',
  clientManifest: 'client/manifest.json',
  clientFile: (file: string) => `client/files/${file}`,
  sharpManifest: 'sharp/manifest.json',
  /** Gzipped; `file` is a path under the extraction folder (`node_modules/<package>/…`). */
  sharpFile: (file: string) => `sharp/files/${file}`,
  /** A TrueType font of the certificate PDF (server/certificate/fonts.ts), by weight. */
  certificateFont: (weight: 'regular' | 'bold') => `fonts/certificate-${weight}.ttf`,
} as const;

/** The list of the client's files, written by the build script next to them. */
export interface ClientManifest {
  /** sha256 over every file's name and content: names the extraction folder. */
  hash: string;
  files: string[];
}

/** sharp and the packages it requires (its addon, libvips, small JS helpers), as node_modules files. */
export interface SharpManifest {
  /** sha256 over every file's path and uncompressed content: names the extraction folder. */
  hash: string;
  /** sharp's version, shown in the folder's name. */
  version: string;
  files: { path: string; mode: number }[];
}

export function isBinary(): boolean {
  return sea.isSea();
}

/** PGlite's files from the executable's assets; compiled once per process. */
async function pgliteAssets(): Promise<PgliteAssets> {
  return {
    pgliteWasmModule: await WebAssembly.compile(sea.getRawAsset(assetKeys.pgliteWasm)),
    // initdb only runs where the empty database could not be unpacked: compiled then, not at every start.
    initdbWasmModule: () => WebAssembly.compile(sea.getRawAsset(assetKeys.initdbWasm)),
    fsBundle: sea.getAssetAsBlob(assetKeys.pgliteData),
    emptyDatabase: () => new Uint8Array(sea.getRawAsset(assetKeys.pgdataTemplate)),
  };
}

/** The database target, with PGlite's files taken from the executable when running as one. */
export async function withBundledAssets(target: DatabaseTarget): Promise<DatabaseTarget> {
  if (target.kind !== 'embedded' || !isBinary()) return target;
  return { ...target, pgliteAssets: await pgliteAssets() };
}

function cacheRoot(): string {
  // os.homedir() falls back to the passwd entry when HOME is unset (and throws without one).
  let home: string;
  try {
    home = os.homedir();
  } catch {
    home = os.tmpdir();
  }
  return path.join(process.env.XDG_CACHE_HOME || path.join(home, '.cache'), 'srhr-platform');
}

/**
 * Makes the folder `name` in a cache folder once (`$XDG_CACHE_HOME/srhr-platform`, else
 * `~/.cache/srhr-platform`, else the temp folder): `write` fills a temporary sibling, which is then
 * renamed into place with a `.complete` mark, so a half-written folder is never used and two
 * processes extracting at once both end up with a complete one. Later calls (and starts) find it.
 */
function extractOnce(name: string, what: string, write: (folder: string) => void): string {
  const failures: string[] = [];
  for (const root of [cacheRoot(), path.join(os.tmpdir(), `srhr-platform-${process.getuid?.() ?? 'user'}`)]) {
    const target = path.join(root, name);
    try {
      if (fs.existsSync(path.join(target, '.complete'))) return target;
      fs.mkdirSync(root, { recursive: true });
      const partial = fs.mkdtempSync(`${target}.partial-`);
      try {
        write(partial);
        fs.writeFileSync(path.join(partial, '.complete'), '');
        fs.renameSync(partial, target);
      } catch (error) {
        fs.rmSync(partial, { recursive: true, force: true });
        if (!fs.existsSync(path.join(target, '.complete'))) throw error;
      }
      return target;
    } catch (error) {
      failures.push(`${target}: ${(error as Error).message}`);
    }
  }
  throw new Error(`Could not write ${what} to a cache folder:\n  ${failures.join('\n  ')}`);
}

/** Writes the built client out of the executable once per build; returns the folder to serve. */
export function extractClient(): string {
  const manifest = JSON.parse(sea.getAsset(assetKeys.clientManifest, 'utf8')) as ClientManifest;
  return extractOnce(`client-${manifest.hash.slice(0, 16)}`, 'the web client', (partial) => {
    const digest = createHash('sha256');
    for (const file of manifest.files) {
      const content = new Uint8Array(sea.getRawAsset(assetKeys.clientFile(file)));
      digest.update(file).update(content);
      fs.mkdirSync(path.dirname(path.join(partial, file)), { recursive: true });
      fs.writeFileSync(path.join(partial, file), content);
    }
    if (digest.digest('hex') !== manifest.hash) throw new Error('the embedded client is damaged');
  });
}

/**
 * Writes sharp (its `node_modules` folders: the native addon and libvips must be real files to be
 * loaded) out of the executable once per build, into `sharp-<version>-<hash>` in the cache folder.
 * Returns that folder: `node_modules/sharp` resolves from it.
 */
export function extractSharp(): string {
  const manifest = JSON.parse(sea.getAsset(assetKeys.sharpManifest, 'utf8')) as SharpManifest;
  const name = `sharp-${manifest.version}-${manifest.hash.slice(0, 16)}`;
  return extractOnce(name, 'sharp (image processing)', (partial) => {
    const digest = createHash('sha256');
    for (const file of manifest.files) {
      const content = gunzipSync(new Uint8Array(sea.getRawAsset(assetKeys.sharpFile(file.path))));
      digest.update(file.path).update(content);
      fs.mkdirSync(path.dirname(path.join(partial, file.path)), { recursive: true });
      fs.writeFileSync(path.join(partial, file.path), content, { mode: file.mode });
    }
    if (digest.digest('hex') !== manifest.hash) throw new Error('the embedded sharp is damaged');
  });
}
