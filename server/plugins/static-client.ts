import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noInput } from '../http/schemas';
import { workerPolicy } from './security-headers';

const API_PREFIXES = ['/trpc', '/graphql', '/auth', '/api', '/healthz', '/readyz', '/metrics', '/files'];

/** Whether a served file is a hashed build output (`assets/<name>-<hash>.<ext>`): never changes. */
function isHashedAsset(filePath: string): boolean {
  return filePath.includes(`${path.sep}assets${path.sep}`);
}

/**
 * `sha256-…` of each inline script of a page (scripts/first-visit-plugin.ts writes one into
 * index.html): its policy allows these and no other inline script.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .filter((match) => match[1]!.trim() !== '')
    .map((match) => `sha256-${createHash('sha256').update(match[1]!).digest('base64')}`);
}

/** The service worker's script (client/sw/), at the root so that its scope is the whole app. */
const serviceWorkerFile = 'sw.js';

/**
 * Serves the built client: hashed assets cached for a year as immutable (a repeat visit fetches no
 * script at all), index.html never cached, and every other browser path answered with index.html
 * so the client router can take it (SPA fallback).
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of 1 KB or more
 * (scripts/precompress.ts); the one the browser accepts is sent as it is, with `Content-Encoding`
 * and `Vary: Accept-Encoding`, so no asset is compressed per request. A folder without those
 * copies (an older build) is still served, compressed on the fly (server/plugins/compression.ts).
 */
export const staticClient = fp(
  async (app: FastifyInstance, options: { root: string }) => {
    const root = path.resolve(options.root);
    const indexFile = path.join(root, 'index.html');
    const built = fs.existsSync(indexFile);
    if (built) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        index: false,
        preCompressed: true,
        setHeaders: (res, filePath) => {
          if (path.basename(filePath).replace(/\.(?:br|gz)$/, '') === serviceWorkerFile) {
            res.header('cache-control', 'no-cache');
            res.header('content-security-policy', workerPolicy);
            return;
          }
          res.header(
            'cache-control',
            isHashedAsset(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          );
        },
      });
    } else {
      app.log.warn(
        { root },
        'client not built: run `npm run build`, or set CLIENT_DIST to a built client, to serve the web interface',
      );
    }

    // Read whole on every request (a rebuild while running is picked up): with its known length, the
    // compression threshold applies to it like to any other answer.
    const sendIndex = async (reply: FastifyReply) => {
      if (!built)
        return reply
          .code(503)
          .type('text/html')
          .send(
            '<!doctype html><html><body><p>The web interface is not built. Run <code>npm run build</code>.</p></body></html>',
          );
      const html = await fs.promises.readFile(indexFile, 'utf8');
      return reply
        .header('cache-control', 'no-cache')
        .header('content-security-policy', app.pagePolicyWith(inlineScriptHashes(html)))
        .type('text/html')
        .send(html);
    };
    // The static wildcard would answer a bare directory with 403; the root is the app.
    // Its query (a campaign's tags, say) is the client router's to read.
    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/', { schema: noInput }, (_request, reply) => sendIndex(reply));

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`)) &&
        !url.startsWith('/assets/');
      if (!wantsPage) return reply.code(404).send({ message: 'Not found' });
      if (!built) {
        return reply
          .code(503)
          .type('text/html')
          .send(
            '<!doctype html><html><body><p>The web interface is not built. Run <code>npm run build</code>.</p></body></html>',
          );
      }
      return sendIndex(reply);
    });
  },
  // Not encapsulated: its not-found handler answers every path no other plugin has.
  { name: 'static-client', fastify: '5.x', dependencies: ['security-headers', 'compression'] },
);
