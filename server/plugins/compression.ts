import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compressing them saves next to nothing. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Routes never compressed: uploaded files keep their byte ranges (a video player seeking asks for
 * `Range`, and `Content-Range` counts bytes of the file itself) and their exact `Content-Length`
 * (download progress); their common kinds (images, video, PDF) are compressed already.
 */
const UNCOMPRESSED_PREFIXES = ['/files', '/api/uploads'];

const isUncompressedRoute = (url: string) =>
  UNCOMPRESSED_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

/**
 * Compressed answers for every text kind (JSON, HTML, CSS, JavaScript, CSV, SVG, plain text) of
 * `COMPRESS_THRESHOLD_BYTES` or more, in the best encoding the client accepts (brotli, else gzip),
 * with `Vary: Accept-Encoding`. Register before any route: routes get the hook as they are added.
 *
 * The built client's assets come compressed at build time (server/plugins/static-client.ts); those
 * answers already carry their `Content-Encoding` and pass through untouched. Partial answers (206,
 * `Content-Range`) are never compressed. Brotli runs at quality 4 on the fly (quality 11, its
 * default, costs tens of milliseconds per request; the static files use 11 once, at build time).
 */
export const compression = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (isUncompressedRoute(route.url ?? route.path)) route.compress = false;
    });

    // tRPC answers with a fetch `Response`, whose body Fastify would stream with no known length, so
    // even a 50-byte answer would be compressed. A whole (not streamed) JSON answer is read into a
    // buffer here, before compression, so the threshold applies and `Content-Length` is exact.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!(payload instanceof Response)) return payload;
      const type = payload.headers.get('content-type') ?? '';
      if (!type.includes('json') || payload.headers.has('transfer-encoding')) return payload;
      reply.code(payload.status);
      // Its Vary joins the one already set (CORS varies every answer by Origin).
      for (const [name, value] of payload.headers) {
        const before = name === 'vary' ? reply.getHeader('vary') : undefined;
        reply.header(name, before ? `${before}, ${value}` : value);
      }
      return Buffer.from(await payload.arrayBuffer());
    });

    await app.register(fastifyCompress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression', fastify: '5.x' },
);
