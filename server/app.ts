import { randomUUID } from 'node:crypto';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes';
import { badgeRoutes } from './badges/routes';
import { expiringCsvRoute } from './certificate/expiring-csv';
import { certificateRoutes } from './certificate/routes';
import { uploadRoutes } from './files/routes';
import { graphqlRoute } from './graphql/route';
import { domainErrorHandler } from './http/error-handler';
import { version } from './ops/cli';
import { metrics } from './ops/metrics';
import { checkReadiness, watchJobs } from './ops/readiness';
import type { Platform } from './platform';
import { compression } from './plugins/compression';
import { settleRequestActor } from './plugins/request-actor';
import { requestLimits, TRPC_MAX_BATCH } from './plugins/request-limits';
import { RequestLog } from './plugins/request-log';
import { securityHeaders } from './plugins/security-headers';
import { staticClient } from './plugins/static-client';
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

/** The HTTP application over a started platform. Tests build it and call `inject`. */
export async function buildApp(
  platform: Platform,
  options: { clientRoot?: string } = {},
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

  // Every answer names its request id (the caller's X-Request-Id when well-formed), so a caller can
  // quote it and an operator find the request in the log.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', String(request.id));
  });
  // Each request's log line names who made it (request-log.ts): settled before the line is written.
  app.addHook('onResponse', async (request) => {
    await settleRequestActor(platform, request);
  });

  // Domain refusals answer their status; 5xx answers are generic, the details go to the log.
  domainErrorHandler(app);

  // Security headers and CORS on every answer; request limits for tRPC, GraphQL and uploads.
  await securityHeaders(app, { config: platform.config, tenant: platform.tenant });
  await requestLimits(app, { platform });
  // Compressed answers (brotli or gzip) from 1 KB; before the routes, which take its hook as added.
  await compression(app);

  // Liveness, with the release this process runs, so an operator sees which instances are upgraded.
  app.get('/healthz', async () => ({ status: 'ok', version }));
  // Ready: database reachable, migrations applied, jobs running (server/ops/readiness.ts).
  watchJobs(platform.jobs.boss);
  app.get('/readyz', async (_request, reply) => {
    const { ready, checks } = await checkReadiness(platform);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
  });
  // Prometheus text at /metrics: requests and latency per route, appended events, queue depth.
  await metrics(app, { platform });

  await authRoutes(app, { platform });
  usersCsvRoute(app, { platform });
  resultsCsvRoute(app, { platform });
  await uploadRoutes(app, { platform });
  await certificateRoutes(app, { platform });
  expiringCsvRoute(app, { platform });
  await badgeRoutes(app, { platform });
  await xapiRoutes(app, { platform });
  await graphqlRoute(app, { platform });

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

  const clientRoot = options.clientRoot ?? platform.config.CLIENT_DIST;
  await manifestRoute(app, { tenant: platform.tenant, clientRoot });
  await staticClient(app, { root: clientRoot });
  return app;
}
