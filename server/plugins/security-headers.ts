import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Analytics, Tenant } from '../tenant/config';

/** Video players the client embeds (client/features/module/components/video-player.tsx, interactive-video.tsx). */
const videoFrames = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
];
/** The YouTube iframe API the interactive video loads. */
const videoScripts = ['https://www.youtube.com'];
/** Google Tag Manager and the analytics it sends to, when the tenant configures a container. */
const gtmScripts = ['https://www.googletagmanager.com'];
const gtmConnect = [
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/** The hosts the configured measurement loads its script from and sends to; none without one. */
function analyticsHosts(analytics: Analytics | null): { scripts: string[]; connect: string[] } {
  if (!analytics) return { scripts: [], connect: [] };
  if (analytics.provider === 'gtm') return { scripts: gtmScripts, connect: gtmConnect };
  // Matomo and Plausible load their script from, and send to, one host.
  const origin = new URL(analytics.provider === 'matomo' ? analytics.url : analytics.scriptUrl).origin;
  return { scripts: [origin], connect: [origin] };
}

/** The Zoom Meeting SDK's web client: its scripts, and the frames and connections it opens. */
const zoomScripts = ['https://source.zoom.us'];
const zoomFrames = ['https://*.zoom.us'];
const zoomConnect = ['https://*.zoom.us', 'wss://*.zoom.us'];

/**
 * The Content-Security-Policy of the app's HTML pages. Jitsi classrooms load the external API
 * script of JITSI_DOMAIN and frame its rooms. Breakout rooms frame each room's own Jitsi URL, which
 * an editor types and which may be on any host; the policy is fixed when the page loads (a
 * single-page app keeps it across in-app navigation), so frame-src allows any https page. That is
 * safe enough: the app renders no HTML from content (markdown without raw HTML), so only the
 * app's own code creates frames, and frame-ancestors still keeps others from framing the app.
 */
export function pagePolicy(
  config: Pick<Config, 'CSP_FRAME_HOSTS' | 'PUBLIC_URL' | 'JITSI_DOMAIN' | 'ZOOM_SDK_KEY'>,
  tenant: Pick<Tenant, 'analytics'>,
  /** `sha256-…` of each inline script the page holds: allowed by its hash, nothing else inline */
  scriptHashes: string[] = [],
) {
  const analytics = analyticsHosts(tenant.analytics);
  const jitsi = `https://${config.JITSI_DOMAIN}`;
  const zoom = Boolean(config.ZOOM_SDK_KEY);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    [
      'script-src',
      "'self'",
      ...scriptHashes.map((hash) => `'${hash}'`),
      ...videoScripts,
      jitsi,
      ...(zoom ? zoomScripts : []),
      ...analytics.scripts,
    ],
    // React sets style attributes; no inline script runs unless the page names its hash.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', 'https:'],
    ['media-src', "'self'", 'blob:', 'https:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...(zoom ? zoomConnect : []), ...analytics.connect],
    [
      'frame-src',
      ...videoFrames,
      jitsi,
      ...(zoom ? zoomFrames : []),
      ...config.CSP_FRAME_HOSTS,
      // Breakout rooms' Jitsi URLs, on whatever host an editor chose (see above).
      'https:',
    ],
    ['worker-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  if (config.PUBLIC_URL?.startsWith('https:')) directives.push(['upgrade-insecure-requests']);
  return directives.map((directive) => directive.join(' ')).join('; ');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The page policy allowing the page's own inline scripts by their hashes (static-client). */
    pagePolicyWith(scriptHashes: string[]): string;
  }
}

/**
 * The service worker's own policy (a worker takes the CSP its script is served with): it fetches
 * from this origin only, the pages and data it keeps for offline reading (client/sw/).
 */
export const workerPolicy = "default-src 'none'; connect-src 'self'";

/**
 * API answers (JSON, files, metrics) need nothing: they never run script or load anything. Helmet
 * writes it on every answer; an HTML page gets the page policy instead (securityHeaders).
 */
const apiDirectives = {
  defaultSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
};

/** What a browser may send across origins, and for how long it may trust a preflight's answer. */
const corsPolicy = {
  methods: ['GET', 'POST', 'OPTIONS'],
  allowedHeaders: ['authorization', 'content-type', 'x-language', 'x-request-id', 'username', 'trpc-accept'],
  maxAge: 600,
};

/**
 * Headers on every answer, HTML and API alike (@fastify/helmet): a CSP (the page policy for HTML, a
 * closed one otherwise; a route that set its own keeps it), no framing, nosniff, a referrer policy,
 * the opener policy, HSTS when PUBLIC_URL is https; helmet's other headers stay off, as before.
 * And CORS (@fastify/cors): only the origins in CORS_ORIGINS get CORS headers (with credentials);
 * any other origin gets none, so a browser keeps its page from reading the answer.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, { config, tenant }: { config: Config; tenant: Tenant }) => {
    const page = pagePolicy(config, tenant);
    app.decorate('pagePolicyWith', (scriptHashes: string[]) => pagePolicy(config, tenant, scriptHashes));
    const https = config.PUBLIC_URL?.startsWith('https:') ?? false;
    const allowed = new Set(config.CORS_ORIGINS);

    await app.register(fastifyHelmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: apiDirectives },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true, preload: false } : false,
      xContentTypeOptions: true,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xPoweredBy: false,
      xXssProtection: false,
    });

    await app.register(fastifyCors, {
      origin: (origin, callback) =>
        callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
      credentials: true,
      ...corsPolicy,
    });

    // Hand-written, as @fastify/cors answers nothing to an origin it does not allow: its preflight
    // would reach the route (GraphQL answers OPTIONS itself). A preflight from anywhere else is
    // refused, without CORS headers.
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      const preflight =
        request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
      if (preflight && !(typeof origin === 'string' && allowed.has(origin)))
        return reply.code(403).send({ message: 'Origin not allowed' });
    });

    // Hand-written, as helmet sets one policy when the request arrives and cannot tell what the
    // answer will be: an HTML page gets the page policy unless its route set one of its own (helmet
    // writes to the raw response; a route's own policy is a header of the reply).
    app.addHook('onSend', async (_request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      const policy = reply.getHeader('content-security-policy');
      if (type.startsWith('text/html') && policy === reply.raw.getHeader('content-security-policy'))
        reply.header('content-security-policy', page);
      return payload;
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);
