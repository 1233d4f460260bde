import path from 'node:path';
import type { Language } from '../../events/shared/fields';
import packageJson from '../../package.json' with { type: 'json' };
import type { Config } from '../config';
import type { DatabaseTarget } from '../db';
import type { Analytics, Tenant } from '../tenant/config';
import type { JobQueueState } from './job-queues';

type PerLanguage = Record<Language, string>;

/**
 * How this process runs, for its administrators (/admin/settings): the effective values of the
 * environment (server/config.ts) and of the tenant file. Built field by field from an allow-list:
 * a secret (a key, a password, a token, the credentials inside a URL) is never copied, only
 * whether it is set.
 */
export interface EffectiveSettings {
  tenant: {
    name: string;
    /** TENANT_CONFIG, or null for the shipped tenant. */
    file: string | null;
    colours: { primary: string; secondary: string; background: string; text: string };
    fonts: { body: string; heading: string };
    images: { logo: string; intro: string };
  };
  languages: Language[];
  staticPages: { path: string; title: PerLanguage; paths: PerLanguage }[];
  signupFields: Tenant['signupFields'];
  analytics: Analytics | null;
  storage:
    | { driver: 'local'; folder: string; maxImageMegapixels: number }
    | {
        driver: 's3';
        bucket: string;
        region: string;
        /** Null: AWS itself. */
        endpoint: string | null;
        forcePathStyle: boolean;
        publicUrl: string | null;
        /** Which of the standard AWS variables are set; their values never leave the server. */
        credentials: { accessKeyId: boolean; secretAccessKey: boolean; profile: boolean };
        maxImageMegapixels: number;
      };
  mail: {
    /** `outbox`: no SMTP_URL, mails wait in the mail_outbox table. */
    transport:
      | { kind: 'smtp'; host: string; port: number; secure: boolean; credentials: boolean }
      | { kind: 'outbox' };
    from: string;
    notifyEmail: string | null;
  };
  database: /** `dataFolder` null: in memory (tests). */
    | { kind: 'embedded'; dataFolder: string | null }
    | { kind: 'postgresql'; host: string; port: number; database: string; poolSize: number };
  server: {
    publicUrl: string;
    /** False when PUBLIC_URL is unset and links fall back to http://localhost:PORT. */
    publicUrlSet: boolean;
    nodeEnv: Config['NODE_ENV'];
    host: string;
    port: number;
    dataDir: string;
    clientDist: string;
    logLevel: Config['LOG_LEVEL'];
    seedDemo: boolean;
    shutdownTimeoutMs: number;
    trustProxy: false | number | string[];
    corsOrigins: string[];
    cspFrameHosts: string[];
    jitsiDomain: string;
    graphqlIntrospection: boolean;
    rateLimits: {
      windowSeconds: number;
      perAddress: number;
      perUser: number;
      uploads: number;
      authPerAddress: number;
    };
  };
  security: {
    /** Where the token signing key comes from; the key itself never leaves the server. */
    signingKey: { source: 'variable' } | { source: 'file'; file: string } | { source: 'dataDir' };
    idTokenTtlSeconds: number;
    /** How long sessions last (docs/security.md#sessions). */
    sessions: { lifetimeSeconds: number; keepSignedInSeconds: number; idleSeconds: number };
    adminEmail: string | null;
    adminPasswordSet: boolean;
    oidc: { issuer: string; audience: string; jwksUrl: string | null } | null;
    zoomSdkKeySet: boolean;
    zoomSdkSecretSet: boolean;
    metricsTokenSet: boolean;
  };
  version: { app: string; node: string; startedAt: string; uptimeSeconds: number };
  jobs: { checkedAt: string; queues: JobQueueState[] };
}

/**
 * A URL as it may be shown: scheme, host, port and path. User name, password, query and fragment
 * are dropped, since any of them may carry a credential (`https://user:pass@…`, `?token=…`).
 */
function shownAddress(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    return `${parsed.protocol}//${parsed.host}${path}`;
  } catch {
    return '(not a URL)';
  }
}

function mailTransport(smtpUrl: string | undefined): EffectiveSettings['mail']['transport'] {
  if (!smtpUrl) return { kind: 'outbox' };
  try {
    const url = new URL(smtpUrl);
    const secure = url.protocol === 'smtps:';
    return {
      kind: 'smtp',
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      credentials: url.username !== '' || url.password !== '',
    };
  } catch {
    return { kind: 'smtp', host: '(not a URL)', port: 0, secure: false, credentials: false };
  }
}

function databaseOf(target: DatabaseTarget, config: Config): EffectiveSettings['database'] {
  if (target.kind === 'embedded') return { kind: 'embedded', dataFolder: target.dataDir };
  let host = '(not a URL)';
  let port = 5432;
  let database = '';
  try {
    const url = new URL(target.connectionString);
    // A socket folder may be given as ?host=/run/postgresql: the folder is no secret.
    host = url.hostname || url.searchParams.get('host') || 'localhost';
    port = url.port ? Number(url.port) : 5432;
    database = decodeURIComponent(url.pathname.replace(/^\//, '')) || decodeURIComponent(url.username);
  } catch {
    // Validated at start; an unreadable one shows as such.
  }
  return { kind: 'postgresql', host, port, database, poolSize: target.poolSize ?? config.DATABASE_POOL_SIZE };
}

function storageOf(config: Config, env: NodeJS.ProcessEnv): EffectiveSettings['storage'] {
  const maxImageMegapixels = config.IMAGE_MAX_MEGAPIXELS;
  if (config.STORAGE_DRIVER === 'local')
    return { driver: 'local', folder: path.join(config.dataDir, 'files'), maxImageMegapixels };
  const isSet = (name: string) => (env[name] ?? '').trim() !== '';
  return {
    driver: 's3',
    bucket: config.S3_BUCKET ?? '',
    region: config.S3_REGION ?? '',
    endpoint: config.S3_ENDPOINT ? shownAddress(config.S3_ENDPOINT) : null,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    publicUrl: config.S3_PUBLIC_URL ? shownAddress(config.S3_PUBLIC_URL) : null,
    credentials: {
      accessKeyId: isSet('AWS_ACCESS_KEY_ID'),
      secretAccessKey: isSet('AWS_SECRET_ACCESS_KEY'),
      profile: isSet('AWS_PROFILE'),
    },
    maxImageMegapixels,
  };
}

function analyticsOf(analytics: Analytics | null): Analytics | null {
  if (!analytics) return null;
  switch (analytics.provider) {
    case 'gtm':
      return { provider: 'gtm', containerId: analytics.containerId };
    case 'matomo':
      return { provider: 'matomo', url: shownAddress(analytics.url), siteId: analytics.siteId };
    case 'plausible':
      return {
        provider: 'plausible',
        domain: analytics.domain,
        scriptUrl: shownAddress(analytics.scriptUrl),
      };
  }
}

export interface SettingsSources {
  config: Config;
  tenant: Tenant;
  /** The database this process actually opened (tests and scripts may differ from DATABASE_URL). */
  database: DatabaseTarget;
  /** Only asked whether the standard AWS credential variables are set. */
  env: NodeJS.ProcessEnv;
  queues: JobQueueState[];
  now: Date;
  uptimeSeconds: number;
}

/** The answer of settings.effective: an allow-list of fields, never a copy of the config object. */
export function effectiveSettings(sources: SettingsSources): EffectiveSettings {
  const { config, tenant, now } = sources;
  const uptimeSeconds = Math.floor(sources.uptimeSeconds);
  return {
    tenant: {
      name: tenant.name,
      file: config.TENANT_CONFIG ?? null,
      colours: {
        primary: tenant.colours.primary,
        secondary: tenant.colours.secondary,
        background: tenant.colours.background,
        text: tenant.colours.text,
      },
      fonts: { body: tenant.fonts.body, heading: tenant.fonts.heading },
      images: { logo: tenant.images.logo, intro: tenant.images.intro },
    },
    languages: [...tenant.languages],
    staticPages: tenant.staticPages.map((page) => ({
      path: page.path,
      title: { nl: page.title.nl, en: page.title.en, fr: page.title.fr },
      // Without per-language addresses the page answers at its own name in every language.
      paths: {
        nl: page.paths?.nl ?? page.path,
        en: page.paths?.en ?? page.path,
        fr: page.paths?.fr ?? page.path,
      },
    })),
    signupFields: [...tenant.signupFields],
    analytics: analyticsOf(tenant.analytics),
    storage: storageOf(config, sources.env),
    mail: {
      transport: mailTransport(config.SMTP_URL),
      from: config.MAIL_FROM,
      notifyEmail: config.NOTIFY_EMAIL ?? null,
    },
    database: databaseOf(sources.database, config),
    server: {
      publicUrl: config.PUBLIC_URL ? shownAddress(config.PUBLIC_URL) : `http://localhost:${config.PORT}`,
      publicUrlSet: Boolean(config.PUBLIC_URL),
      nodeEnv: config.NODE_ENV,
      host: config.HOST,
      port: config.PORT,
      dataDir: config.dataDir,
      clientDist: config.CLIENT_DIST,
      logLevel: config.LOG_LEVEL,
      seedDemo: config.SEED_DEMO,
      shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      trustProxy: Array.isArray(config.TRUST_PROXY) ? [...config.TRUST_PROXY] : config.TRUST_PROXY,
      corsOrigins: [...config.CORS_ORIGINS],
      cspFrameHosts: [...config.CSP_FRAME_HOSTS],
      jitsiDomain: config.JITSI_DOMAIN,
      graphqlIntrospection: config.GRAPHQL_INTROSPECTION ?? config.NODE_ENV !== 'production',
      rateLimits: {
        windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
        perAddress: config.RATE_LIMIT_PER_ADDRESS,
        perUser: config.RATE_LIMIT_PER_USER,
        uploads: config.RATE_LIMIT_UPLOADS,
        authPerAddress: config.AUTH_LIMIT_PER_ADDRESS,
      },
    },
    security: {
      signingKey: config.JWT_PRIVATE_KEY
        ? { source: 'variable' }
        : config.JWT_PRIVATE_KEY_FILE
          ? { source: 'file', file: config.JWT_PRIVATE_KEY_FILE }
          : { source: 'dataDir' },
      idTokenTtlSeconds: config.ID_TOKEN_TTL_SECONDS,
      sessions: {
        lifetimeSeconds: config.SESSION_LIFETIME_SECONDS,
        keepSignedInSeconds: config.SESSION_KEEP_SIGNED_IN_SECONDS,
        idleSeconds: config.SESSION_IDLE_SECONDS,
      },
      adminEmail: config.ADMIN_EMAIL ?? null,
      adminPasswordSet: Boolean(config.ADMIN_PASSWORD),
      oidc:
        config.OIDC_ISSUER && config.OIDC_AUDIENCE
          ? {
              issuer: shownAddress(config.OIDC_ISSUER),
              audience: config.OIDC_AUDIENCE,
              jwksUrl: config.OIDC_JWKS_URL ? shownAddress(config.OIDC_JWKS_URL) : null,
            }
          : null,
      zoomSdkKeySet: Boolean(config.ZOOM_SDK_KEY),
      zoomSdkSecretSet: Boolean(config.ZOOM_SDK_SECRET),
      metricsTokenSet: Boolean(config.METRICS_TOKEN),
    },
    version: {
      app: packageJson.version,
      node: process.version,
      startedAt: new Date(now.getTime() - uptimeSeconds * 1000).toISOString(),
      uptimeSeconds,
    },
    jobs: { checkedAt: now.toISOString(), queues: sources.queues },
  };
}
