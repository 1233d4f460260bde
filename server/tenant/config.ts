import fs from 'node:fs';
import { z } from 'zod';
import defaultTenant from './default-tenant.json' with { type: 'json' };

const perLanguage = z.object({ nl: z.string(), en: z.string(), fr: z.string() });
const colour = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a hex colour');
const staticPath = z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes only');

const gtmId = /^GTM-[A-Z0-9]{4,12}$/;
const gtmMessage = 'must be a Tag Manager container id, GTM- and 4 to 12 capitals or digits';
const httpsUrl = z
  .string()
  .url()
  .refine((value) => value.startsWith('https://'), 'must be an https:// address');

/**
 * What measures visits once a visitor accepts (docs/guide/README.md#the-tenant-file): Google Tag
 * Manager, or a privacy-friendly alternative an NGO may prefer: its own Matomo, or Plausible.
 */
const analyticsSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('gtm'),
    containerId: z.string().regex(gtmId, gtmMessage),
  }),
  z.object({
    provider: z.literal('matomo'),
    /** The Matomo installation, e.g. https://stats.example.org/ (matomo.js and matomo.php live there). */
    url: httpsUrl,
    siteId: z.string().regex(/^[0-9]+$/, 'must be the site number'),
  }),
  z.object({
    provider: z.literal('plausible'),
    /** The site's domain as registered in Plausible. */
    domain: z.string().min(1),
    /** Plausible's script (its manual variant, which sends only what the platform reports). */
    scriptUrl: httpsUrl.default('https://plausible.io/js/script.manual.js'),
  }),
]);
export type Analytics = z.infer<typeof analyticsSchema>;

/**
 * First path segments the client routes itself: a static page there would never show. /gdpr is the
 * privacy page's legal name (it shows the page named 'privacy').
 */
const reservedPaths = new Set([
  'admin',
  'api',
  'assets',
  'auth',
  'certificate',
  'certificates',
  'course',
  'files',
  'gdpr',
  'graphql',
  'healthz',
  'login',
  'metrics',
  'module',
  'readyz',
  'trpc',
  'user',
  'xapi',
]);

const tenantSchema = z.object({
  name: z.string().min(1),
  colours: z.object({ primary: colour, secondary: colour, background: colour, text: colour }),
  fonts: z.object({ body: z.string().min(1), heading: z.string().min(1) }),
  images: z.object({ logo: z.string(), intro: z.string() }),
  texts: z.object({ welcome: perLanguage, intro: perLanguage, footer: perLanguage, login: perLanguage }),
  languages: z.array(z.enum(['nl', 'en', 'fr'])).min(1),
  signupFields: z.array(z.enum(['profession', 'riziv', 'phone'])),
  staticPages: z
    .array(
      z.object({
        /** The page's own name; it answers at /{path} in every language. */
        path: staticPath,
        /** The page's address per language (/over-ons, /about, /a-propos); the menu links to these. */
        paths: z.object({ nl: staticPath, en: staticPath, fr: staticPath }).optional(),
        title: perLanguage,
        body: perLanguage,
      }),
    )
    .superRefine((pages, context) => {
      const owner = new Map<string, string>();
      for (const [index, page] of pages.entries())
        for (const path of new Set([page.path, ...Object.values(page.paths ?? {})])) {
          if (reservedPaths.has(path))
            context.addIssue({
              code: 'custom',
              path: [index],
              message: `/${path} is one of the platform's own addresses`,
            });
          else if (owner.has(path))
            context.addIssue({
              code: 'custom',
              path: [index],
              message: `/${path} is already the address of the page '${owner.get(path)}'`,
            });
          else owner.set(path, page.path);
        }
    }),
  /** A Google Tag Manager container id; the older way to say `analytics: { provider: 'gtm', … }`. */
  analyticsContainer: z.string().regex(gtmId, gtmMessage).nullable(),
  analytics: analyticsSchema.nullable().optional(),
});
type TenantFile = z.infer<typeof tenantSchema>;
/** The tenant as served: `analytics` holds the measurement, whichever way the file named it. */
export type Tenant = Omit<TenantFile, 'analytics'> & { analytics: Analytics | null };

/** A tenant file that cannot serve: `problem` says why, without the variable's name. */
export class TenantConfigError extends Error {
  constructor(readonly problem: string) {
    super(`Invalid configuration:\n  TENANT_CONFIG: ${problem}`);
  }
}

/**
 * The shipped tenant, or the JSON file named by TENANT_CONFIG; a file that cannot be read, is not
 * JSON or does not fit the schema stops the start with a TenantConfigError naming the variable.
 */
export function loadTenant(file?: string): Tenant {
  let raw: unknown = defaultTenant;
  if (file) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new TenantConfigError(
        `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new TenantConfigError(`${file} is not JSON (${(error as Error).message})`);
    }
  }
  const parsed = tenantSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`);
    throw new TenantConfigError(`${file ?? 'the shipped tenant'} does not fit: ${lines.join('; ')}`);
  }
  const { analytics, ...tenant } = parsed.data;
  const container = tenant.analyticsContainer;
  return {
    ...tenant,
    analytics: analytics ?? (container ? { provider: 'gtm', containerId: container } : null),
  };
}
