import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { externalRefusalOf } from '../auth/actor';
import { tokenFromHeader } from '../auth/keys';
import { requestLanguage, translator } from '../i18n';
import type { Platform } from '../platform';
import type { graphqlServer } from './yoga';

/** GraphiQL (outside production only) runs its own inline code and workers. */
const graphiqlPolicy =
  "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: blob:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; frame-ancestors 'none'";

/**
 * Whether a GET's `variables` or `extensions` parameter is not JSON. yoga parses them with a bare
 * JSON.parse and answers such a request 500; it is the caller's mistake, so it answers 400.
 */
function hasMalformedGetParams(url: string): boolean {
  const at = url.indexOf('?');
  if (at < 0) return false;
  const params = new URLSearchParams(url.slice(at + 1));
  return ['variables', 'extensions'].some((name) => {
    const text = params.get(name);
    if (!text) return false;
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });
}

/**
 * Whether the request carries a token that names nobody (expired, forged, of an account whose
 * credentials moved on). Such a request is answered 401, never run as anonymous: an integrator
 * whose token lapsed learns it at once instead of reading an empty, public view. No token at all
 * (or a bare `Bearer`, or the `null`/`undefined` a signed-out client may stringify) is anonymous.
 */
async function refusedToken(request: FastifyRequest): Promise<boolean> {
  if (request.method === 'OPTIONS') return false;
  const header = request.headers.authorization;
  const token = tokenFromHeader(Array.isArray(header) ? header[0] : header);
  if (!token || ['null', 'undefined', 'bearer'].includes(token.toLowerCase())) return false;
  return (await request.actor) === null;
}

/**
 * The GraphQL facade for integrators at /graphql (GraphiQL on GET outside production). It calls the
 * same command handlers and read queries as tRPC; its schema is printed to schema.graphql. Its input
 * is GraphQL's: yoga reads the query, and the schema checks the variables (no route schema here).
 */
export const graphqlRoute = fp(
  async (app: FastifyInstance, { platform }: { platform: Platform }) => {
    // The schema and yoga take a few hundred milliseconds to load: after the server listens, or at the
    // first request, whichever comes first, never before /healthz answers.
    let loading: Promise<{ yoga: ReturnType<typeof graphqlServer>; MAX_RESPONSE_BYTES: number }> | null =
      null;
    const server = () => {
      loading ??= import('./yoga')
        .then((module) => ({
          yoga: module.graphqlServer(platform),
          MAX_RESPONSE_BYTES: module.MAX_RESPONSE_BYTES,
        }))
        .catch((error: unknown) => {
          // The next request tries again rather than failing like this one for the life of the process.
          loading = null;
          throw error;
        });
      return loading;
    };
    app.addHook('onListen', async () => {
      setImmediate(
        () => void server().catch((error) => platform.log.error({ err: error }, 'graphql failed to load')),
      );
    });

    app.route({
      url: '/graphql',
      method: ['GET', 'POST', 'OPTIONS'],
      handler: async (request, reply) => {
        if (request.method === 'GET' && hasMalformedGetParams(request.url)) {
          const t = translator(requestLanguage(request.headers));
          return reply.code(400).send({
            errors: [{ message: t('errors.malformedRequest'), extensions: { code: 'BAD_REQUEST' } }],
          });
        }
        if (await refusedToken(request)) {
          const t = translator(requestLanguage(request.headers));
          const unlinked = externalRefusalOf(request.headers);
          if (unlinked)
            return reply
              .code(403)
              .send({ errors: [{ message: t(unlinked.key), extensions: { code: 'FORBIDDEN' } }] });
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer error="invalid_token"')
            .send({
              errors: [{ message: t('errors.invalidToken'), extensions: { code: 'UNAUTHENTICATED' } }],
            });
        }
        const { yoga, MAX_RESPONSE_BYTES } = await server();
        const response = await yoga.handleNodeRequest(request, { req: request, reply });
        const type = response.headers.get('content-type') ?? '';
        if (type.startsWith('text/html')) reply.header('content-security-policy', graphiqlPolicy);
        if (!type.includes('json')) {
          reply.status(response.status);
          for (const [name, value] of response.headers) reply.header(name, value);
          return reply.send(response.body);
        }
        const body = Buffer.from(await response.arrayBuffer());
        if (body.byteLength > MAX_RESPONSE_BYTES) {
          request.log.warn({ bytes: body.byteLength }, 'graphql answer too large');
          const t = translator(requestLanguage(request.headers));
          return reply.code(400).send({
            errors: [
              {
                message: t('errors.responseTooLarge', { limit: MAX_RESPONSE_BYTES / (1024 * 1024) }),
                extensions: { code: 'RESPONSE_TOO_LARGE', limit: MAX_RESPONSE_BYTES },
              },
            ],
          });
        }
        reply.status(response.status);
        for (const [name, value] of response.headers) reply.header(name, value);
        return reply.send(body);
      },
    });
  },
  {
    name: 'graphql',
    fastify: '5.x',
    encapsulate: true,
    // GraphiQL's own policy replaces the page policy; the API budget counts before yoga runs.
    dependencies: ['request-actor', 'request-limits', 'security-headers'],
  },
);
