import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sea from 'node:sea';
import type { DatabaseTarget, PgliteAssets } from '../db';

/**
 * What the single executable carries besides its code (see scripts/build-binary): PGlite's WASM
 * and data files, and the built web client. From source (`npm start`) none of this applies: PGlite
 * finds its files in node_modules and the client is served from dist/client.
 */

/** Asset keys, shared with the build script. */
export const assetKeys = {
  pgliteWasm: 'pglite/pglite.wasm',
  initdbWasm: 'pglite/initdb.wasm',
  pgliteData: 'pglite/pglite.data',
  clientManifest: 'client/manifest.json',
  clientFile: (file: string) => `client/files/${file}`,
} as const;

/** The list of the client's files, written by the build script next to them. */
export interface ClientManifest {
  /** sha256 over every file's name and content: names the extraction folder. */
  hash: string;
  files: string[];
}

export function isBinary(): boolean {
  return sea.isSea();
}

/** PGlite's files from the executable's assets; compiled once per process. */
async function pgliteAssets(): Promise<PgliteAssets> {
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
    WebAssembly.compile(sea.getRawAsset(assetKeys.pgliteWasm)),
    WebAssembly.compile(sea.getRawAsset(assetKeys.initdbWasm)),
  ]);
  return { pgliteWasmModule, initdbWasmModule, fsBundle: sea.getAssetAsBlob(assetKeys.pgliteData) };
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
 * Writes the built client out of the executable into a cache folder named by its content hash
 * (`$XDG_CACHE_HOME/srhr-platform`, else `~/.cache/srhr-platform`, else the temp folder), once per
 * build; later starts find it there. Returns the folder to serve.
 */
export function extractClient(): string {
  const manifest = JSON.parse(sea.getAsset(assetKeys.clientManifest, 'utf8')) as ClientManifest;
  const failures: string[] = [];
  for (const root of [cacheRoot(), path.join(os.tmpdir(), `srhr-platform-${process.getuid?.() ?? 'user'}`)]) {
    const target = path.join(root, `client-${manifest.hash.slice(0, 16)}`);
    try {
      if (fs.existsSync(path.join(target, '.complete'))) return target;
      fs.mkdirSync(root, { recursive: true });
      // Written aside, then renamed: a half-written folder is never served, and two processes
      // extracting at once both end up with a complete one.
      const partial = fs.mkdtempSync(`${target}.partial-`);
      const digest = createHash('sha256');
      for (const file of manifest.files) {
        const content = new Uint8Array(sea.getRawAsset(assetKeys.clientFile(file)));
        digest.update(file).update(content);
        fs.mkdirSync(path.dirname(path.join(partial, file)), { recursive: true });
        fs.writeFileSync(path.join(partial, file), content);
      }
      if (digest.digest('hex') !== manifest.hash) throw new Error('the embedded client is damaged');
      fs.writeFileSync(path.join(partial, '.complete'), '');
      try {
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
  throw new Error(`Could not write the web client to a cache folder:\n  ${failures.join('\n  ')}`);
}
