import { z } from 'zod';
import { tenantOutput } from '../tenant/outputs';

const perLanguage = z.object({ nl: z.string(), en: z.string(), fr: z.string() });

/**
 * The effective configuration (server/settings/effective-settings.ts), field by field: the schema is
 * a second allow-list, so a value added there reaches the screen only once it is named here too.
 */
export const effectiveSettingsOutput = z.object({
  tenant: tenantOutput
    .pick({ name: true, colours: true, fonts: true, images: true })
    .extend({ file: z.string().nullable() }),
  languages: z.array(z.enum(['nl', 'en', 'fr'])),
  staticPages: z.array(z.object({ path: z.string(), title: perLanguage, paths: perLanguage })),
  signupFields: tenantOutput.shape.signupFields,
  analytics: tenantOutput.shape.analytics,
  storage: z.discriminatedUnion('driver', [
    z.object({ driver: z.literal('local'), folder: z.string(), maxImageMegapixels: z.number() }),
    z.object({
      driver: z.literal('s3'),
      bucket: z.string(),
      region: z.string(),
      endpoint: z.string().nullable(),
      forcePathStyle: z.boolean(),
      publicUrl: z.string().nullable(),
      credentials: z.object({ accessKeyId: z.boolean(), secretAccessKey: z.boolean(), profile: z.boolean() }),
      maxImageMegapixels: z.number(),
    }),
  ]),
  mail: z.object({
    transport: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('smtp'),
        host: z.string(),
        port: z.number(),
        secure: z.boolean(),
        credentials: z.boolean(),
      }),
      z.object({ kind: z.literal('outbox') }),
    ]),
    from: z.string(),
    notifyEmail: z.string().nullable(),
  }),
  database: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('embedded'), dataFolder: z.string().nullable() }),
    z.object({
      kind: z.literal('postgresql'),
      host: z.string(),
      port: z.number(),
      database: z.string(),
      poolSize: z.number(),
    }),
  ]),
  server: z.object({
    publicUrl: z.string(),
    publicUrlSet: z.boolean(),
    nodeEnv: z.enum(['development', 'production', 'test']),
    host: z.string(),
    port: z.number(),
    dataDir: z.string(),
    clientDist: z.string(),
    logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    seedDemo: z.boolean(),
    shutdownTimeoutMs: z.number(),
    trustProxy: z.union([z.literal(false), z.number(), z.array(z.string())]),
    corsOrigins: z.array(z.string()),
    cspFrameHosts: z.array(z.string()),
    jitsiDomain: z.string(),
    graphqlIntrospection: z.boolean(),
    rateLimits: z.object({
      windowSeconds: z.number(),
      perAddress: z.number(),
      perUser: z.number(),
      uploads: z.number(),
      authPerAddress: z.number(),
    }),
  }),
  security: z.object({
    signingKey: z.discriminatedUnion('source', [
      z.object({ source: z.literal('variable') }),
      z.object({ source: z.literal('file'), file: z.string() }),
      z.object({ source: z.literal('dataDir') }),
    ]),
    idTokenTtlSeconds: z.number(),
    sessions: z.object({
      lifetimeSeconds: z.number(),
      keepSignedInSeconds: z.number(),
      idleSeconds: z.number(),
    }),
    adminEmail: z.string().nullable(),
    adminPasswordSet: z.boolean(),
    oidc: z.object({ issuer: z.string(), audience: z.string(), jwksUrl: z.string().nullable() }).nullable(),
    zoomSdkKeySet: z.boolean(),
    zoomSdkSecretSet: z.boolean(),
    metricsTokenSet: z.boolean(),
  }),
  version: z.object({ app: z.string(), node: z.string(), startedAt: z.string(), uptimeSeconds: z.number() }),
  jobs: z.object({
    checkedAt: z.string(),
    queues: z.array(
      z.object({
        name: z.string(),
        queued: z.number(),
        retrying: z.number(),
        active: z.number(),
        failed: z.number(),
        schedule: z.string().nullable(),
      }),
    ),
  }),
});
