import { createRequire } from 'node:module';
import path from 'node:path';
import type { Sharp } from '../../jobs/images/derivatives';
import { extractSharp, isBinary } from './bundled-assets';

let loading: Promise<Sharp> | undefined;

/**
 * sharp for the image job, loaded on first use. From source: the installed package. In the single
 * executable: the copy its assets carry (sharp, its addon, libvips), written once to the cache
 * folder (native code must be a real file to be loaded) and required from there. A failed load is
 * tried again on the next call.
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(): Promise<Sharp> {
  if (!isBinary()) return (await import('sharp')).default;
  const folder = extractSharp();
  // The embedder's own `require` loads built-in modules only; one made for the folder reads files.
  return createRequire(path.join(folder, 'index.js'))('sharp') as Sharp;
}
