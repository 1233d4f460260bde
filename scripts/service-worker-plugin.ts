import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * Builds the service worker (client/sw/service-worker.ts) into dist/client/sw.js once the client
 * is written: one classic script at the site's root (its scope is the whole app), not a hashed
 * chunk, so its address stays the same and the browser notices a new version by its bytes. It gets
 * the build id (a hash of the built index.html, which names every hashed entry file) and the app
 * shell to keep at install: index.html, the scripts and styles it loads, and the images of the
 * public folder (the default logo in the header, the home page's picture). Runs before the
 * compression step, which then writes its .br and .gz copies like any other file's.
 */
export function serviceWorker(): Plugin {
  let root = '';
  let outDir = '';
  let publicDir = '';
  return {
    name: 'srhr:service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const html = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
        const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
        const images = publicDir
          ? (await fs.readdir(publicDir)).filter((name) => /\.(svg|png|webp|jpe?g|ico)$/.test(name))
          : [];
        const shell = ['/', ...new Set(assets), ...images.map((name) => `/${name}`)];
        const buildId = createHash('sha256').update(html).digest('hex').slice(0, 12);
        await build({
          entryPoints: [path.join(root, 'sw/service-worker.ts')],
          outfile: path.join(outDir, 'sw.js'),
          bundle: true,
          format: 'iife',
          target: 'es2022',
          minify: true,
          legalComments: 'none',
          logLevel: 'warning',
          define: { __BUILD_ID__: JSON.stringify(buildId), __SHELL__: JSON.stringify(shell) },
        });
      },
    },
  };
}
