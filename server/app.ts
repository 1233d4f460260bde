import { randomUUID } from 'node:crypto';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { oauthTokenRoute } from './api-client/token-route';
import { authRoutes } from './auth/routes';
import { calendarRoutes } from './calendar/routes';
import { badgeRoutes } from './certificate/badges/routes';
import { expiringCsvRoute } from './certificate/expiring-csv';
import { certificateRoutes } from './certificate/routes';
import { uploadRoutes } from './file/routes';
import { graphqlRoute } from './graphql/route';
import { errorHandler } from './http/error-handler';
import { formBodies } from './http/form-body';
import { ltiRoutes } from './lti/routes';
import { metrics } from './ops/metrics';
import { opsProbes } from './ops/readiness';
import type { Platform } from './platform';
import { compression } from './plugins/compression';
import { requestActorPlugin } from './plugins/request-actor';
import { requestLimits, TRPC_MAX_BATCH } from './plugins/request-limits';
import { RequestLog } from './plugins/request-log';
import { securityHeaders } from './plugins/security-headers';
import { staticClient } from './plugins/static-client';
import { questionStatsCsvRoute } from './result/question-stats-csv';
import { resultsCsvRoute } from './result/results-csv';
import { type AppRouter, appRouter } from './router';
import { manifestRoute } from './tenant/manifest';
import { contextFactory } from './trpc';
import { usersCsvRoute } from './user/users-csv';
import { xapiRoutes } from './xapi/routes';

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest to this server. */
function trustProxyOption(
  setting: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** The CSV downloads (users, expiring certificates, a module's results and question statistics), each through csvRoute. */
const csvExports = fp(
  async (app: FastifyInstance, { platform }: { platform: Platform }) => {
    usersCsvRoute(app, { platform });
    expiringCsvRoute(app, { platform });
    resultsCsvRoute(app, { platform });
    questionStatsCsvRoute(app, { platform });
  },
  {
    name: 'csv-exports',
    fastify: '5.x',
    encapsulate: true,
    dependencies: ['request-actor', 'error-handler'],
  },
);

/** tRPC at /trpc, for the web client: its batches are limited before they reach the adapter. */
const trpc = fp(
  async (app: FastifyInstance, { platform }: { platform: Platform }) => {
    await app.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        maxBatchSize: TRPC_MAX_BATCH,
        createContext: contextFactory(platform),
        onError: ({ error, path }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR')
            platform.log.error({ err: error.cause ?? error, path }, 'trpc error');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  },
  // Compression reads tRPC's fetch Response into a buffer before compressing it (compression.ts).
  {
    name: 'trpc',
    fastify: '5.x',
    encapsulate: true,
    dependencies: ['request-actor', 'request-limits', 'compression'],
  },
);

/**
 * The HTTP application over a started platform, as a tree of named plugins; Fastify checks each
 * plugin's declared dependencies as it boots. Tests build it and call `inject`.
 */
export async function buildApp(
  platform: Platform,
  options: {
    clientRoot?: string;
    /** Told of every route as it is added, plugins' own included (the route-schema test reads them). */
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: platform.log as FastifyBaseLogger,
    // One line per request instead of Fastify's two, probes at debug: server/plugins/request-log.ts.
    logController: new RequestLog(),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 2 * 1024 * 1024,
    // TRUST_PROXY: which proxies' X-Forwarded-For to believe, so request.ip (limits, logs) is the client.
    trustProxy: trustProxyOption(platform.config.TRUST_PROXY),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Every route's schema is zod (fastify-type-provider-zod); a refusal answers through errorHandler.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every answer names its request id (the caller's X-Request-Id when well-formed), so a caller can
  // quote it and an operator find the request in the log.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', String(request.id));
  });

  // Infrastructure, not encapsulated: its decorations, hooks and handlers reach every route.
  await app.register(requestActorPlugin, { platform });
  await app.register(errorHandler);
  await app.register(formBodies);
  await app.register(securityHeaders, { config: platform.config, tenant: platform.tenant });
  await app.register(requestLimits, { platform });
  // Before the routes, which take its hook as they are added.
  await app.register(compression);
  await app.register(metrics, { platform });

  // Features, each encapsulated.
  await app.register(opsProbes, { platform });
  await app.register(authRoutes, { platform });
  await app.register(oauthTokenRoute, { platform });
  await app.register(ltiRoutes, { platform });
  await app.register(csvExports, { platform });
  await app.register(uploadRoutes, { platform });
  await app.register(certificateRoutes, { platform });
  await app.register(calendarRoutes, { platform });
  await app.register(badgeRoutes, { platform });
  await app.register(xapiRoutes, { platform });
  await app.register(graphqlRoute, { platform });
  await app.register(trpc, { platform });

  const clientRoot = options.clientRoot ?? platform.config.CLIENT_DIST;
  await app.register(manifestRoute, { tenant: platform.tenant, clientRoot });
  await app.register(staticClient, { root: clientRoot });
  return app;
}
