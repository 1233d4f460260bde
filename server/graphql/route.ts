import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga, maskError } from 'graphql-yoga';
import type { Platform } from '../platform';
import { createContext, type GraphQLContext } from './context';
import { schema } from './schema';

/** Deep enough for `courses { owners { … } }` and what later features nest; no deeper. */
export const MAX_DEPTH = 8;
export const MAX_COST = 5000;

/**
 * The GraphQL facade for integrators at /graphql (GraphiQL on GET outside production). It calls the
 * same command handlers and read queries as tRPC; its schema is printed to schema.graphql.
 */
export async function graphqlRoute(app: FastifyInstance, { platform }: { platform: Platform }) {
  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: platform.config.NODE_ENV !== 'production',
    // GraphiQL's page and assets come from this package, not a CDN: it works offline.
    renderGraphiQL,
    landingPage: false,
    batching: false,
    context: ({ req }) => createContext(platform, req),
    plugins: [maxDepthPlugin({ n: MAX_DEPTH }), costLimitPlugin({ maxCost: MAX_COST })],
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
      const response = await yoga.handleNodeRequest(request, { req: request, reply });
      reply.status(response.status);
      for (const [name, value] of response.headers) reply.header(name, value);
      return reply.send(response.body);
    },
  });
}
