import type { FastifyReply, FastifyRequest } from 'fastify';
import { createYoga, maskError } from 'graphql-yoga';
import type { Platform } from '../platform';
import { clientScopesPlugin } from './client-scopes';
import { createContext, type GraphQLContext } from './context';
import { limitPlugins } from './limits';
import { schema } from './schema';

export { MAX_RESPONSE_BYTES } from './limits';

/** The GraphQL server itself: imported when /graphql is first needed, so a start does not wait for it. */
export function graphqlServer(platform: Platform) {
  return createYoga<{ req: FastifyRequest; reply: FastifyReply }, GraphQLContext>({
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
    plugins: [
      ...limitPlugins({
        introspection: platform.config.GRAPHQL_INTROSPECTION ?? platform.config.NODE_ENV !== 'production',
      }),
      clientScopesPlugin,
    ],
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
}
