import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga, maskError } from 'graphql-yoga';
import { tokenFromHeader } from '../auth/keys';
import { requestLanguage, translator } from '../i18n';
import type { Platform } from '../platform';
import { requestActor } from '../plugins/request-actor';
import { createContext, type GraphQLContext } from './context';
import { limitPlugins, MAX_RESPONSE_BYTES } from './limits';
import { schema } from './schema';

/** GraphiQL (outside production only) runs its own inline code and workers. */
const graphiqlPolicy =
  "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: blob:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; frame-ancestors 'none'";

/**
 * Whether a GET's `variables` or `extensions` parameter is not JSON. yoga parses them with a bare
 * JSON.parse and answers such a request 500; it is the caller's mistake, so it answers 400.
 */
export function hasMalformedGetParams(url: string): boolean {
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
async function refusedToken(platform: Platform, request: FastifyRequest): Promise<boolean> {
  if (request.method === 'OPTIONS') return false;
  const header = request.headers.authorization;
  const token = tokenFromHeader(Array.isArray(header) ? header[0] : header);
  if (!token || ['null', 'undefined', 'bearer'].includes(token.toLowerCase())) return false;
  return (await requestActor(platform, request)) === null;
}

/**
 * The GraphQL facade for integrators at /graphql (GraphiQL on GET outside production). It calls the
 * same command handlers and read queries as tRPC; its schema is printed to schema.graphql.
 */
export async function graphqlRoute(app: FastifyInstance, { platform }: { platform: Platform }) {
  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: platform.config.NODE_ENV !== 'production',
    // GraphiQL's page and assets come from this package, not a CDN: it works offline. Loaded when
    // the page is first asked for (its assets are megabytes of text), not at every start.
    renderGraphiQL: async (options) =>
      (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(options),
    landingPage: false,
    batching: false,
    context: ({ req }) => createContext(platform, req),
    plugins: limitPlugins({
      introspection: platform.config.GRAPHQL_INTROSPECTION ?? platform.config.NODE_ENV !== 'production',
    }),
    // CORS is answered for the whole app (server/plugins/security-headers.ts): configured origins only.
    cors: false,
    // Unexpected errors reach the caller as "Unexpected error." (never a stack trace or SQL) and the log in full.
    maskedErrors: {
      isDev: false,
      maskError: (error, message) => {
        const masked = maskError(error, message, false);
        if (masked !== error) {
          const original = (error as { originalError?: unknown }).originalError ?? error;
          platform.log.error({ err: original }, 'graphql request failed');
        }
        return masked;
      },
    },
    logging: {
      debug: (...args) => platform.log.debug({ args }, 'graphql'),
      info: (...args) => platform.log.info({ args }, 'graphql'),
      warn: (...args) => platform.log.warn({ args }, 'graphql'),
      error: (...args) => platform.log.error({ args }, 'graphql'),
    },
  });

  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (request, reply) => {
      if (request.method === 'GET' && hasMalformedGetParams(request.url)) {
        const t = translator(requestLanguage(request.headers));
        return reply.code(400).send({
          errors: [{ message: t('errors.malformedRequest'), extensions: { code: 'BAD_REQUEST' } }],
        });
      }
      if (await refusedToken(platform, request)) {
        const t = translator(requestLanguage(request.headers));
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer error="invalid_token"')
          .send({ errors: [{ message: t('errors.invalidToken'), extensions: { code: 'UNAUTHENTICATED' } }] });
      }
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
}
