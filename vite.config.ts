import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { type TextsPart, textsPart } from './client/locales/sections';
import { firstVisit } from './scripts/first-visit-plugin';
import { serviceWorker } from './scripts/service-worker-plugin';

const api = 'http://localhost:3000';

/** Text formats worth compressing (images and fonts are compressed already). */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Build-time compression: beside every text file of the output of 1 KB or more, a brotli copy
 * (`.br`, quality 11) and a gzip copy (`.gz`, level 9), so the server sends every asset compressed
 * at its best without compressing anything per request (server/plugins/static-client.ts). The
 * copies travel wherever dist/client goes: the Docker image copies the folder, the single
 * executable embeds every file in it.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'srhr:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the output (and the copied public folder) is on disk; not run when the build failed.
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
        const files = entries
          .filter((entry) => entry.isFile() && compressible.test(entry.name))
          .map((entry) => path.join(entry.parentPath, entry.name));
        await Promise.all(
          files.map(async (file) => {
            const content = await fs.readFile(file);
            if (content.byteLength < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
                },
              }),
              gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
          }),
        );
      },
    },
  };
}

/**
 * `<language>.json?texts=learner|admin`: one language file's sections for the learner screens or for
 * the admin area (client/locales/sections.ts), so each part is a chunk of its own.
 */
function textsParts(): Plugin {
  const prefix = '\0texts:';
  return {
    name: 'srhr:texts-parts',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = /^(.*\.json)\?texts=(learner|admin)$/.exec(source);
      if (!match) return null;
      const resolved = await this.resolve(match[1]!, importer, { skipSelf: true });
      // Not ending in .json, so Vite's own JSON plugin leaves the module to this one.
      return resolved ? `${prefix}${match[2]}:${resolved.id}.js` : null;
    },
    async load(id) {
      if (!id.startsWith(prefix)) return null;
      const [part, ...rest] = id.slice(prefix.length, -'.js'.length).split(':');
      const file = rest.join(':');
      const texts = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
      this.addWatchFile(file);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(textsPart(texts, part as TextsPart)))});`;
    },
  };
}

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [textsParts(), react(), firstVisit(), serviceWorker(), precompress()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The precompress step spends its seconds on purpose (brotli at quality 11, once per build):
    // no "slow plugin" warning for it on every build.
    rolldownOptions: {
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            // The small pieces every learner screen shares, with what they import (the tRPC client,
            // React's JSX runtime): one request instead of eight, each of which cost its own
            // headers against the learner's budget (docs/development/performance.md).
            {
              name: 'learner-shared',
              test: /[\\/](ui[\\/](status|item-query|images)|lib[\\/](return-to|online)|features[\\/]module[\\/]components[\\/](estimated-time|stuck-notice))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/trpc': api,
      '/graphql': api,
      '/auth': api,
      '/api': api,
      '/metrics': api,
      '/healthz': api,
    },
  },
});
