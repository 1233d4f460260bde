import type { FastifyInstance } from 'fastify';
import type { Tenant } from './config';

/** The image types a manifest icon may name, by file extension. */
const iconTypes: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** The tenant's logo as a manifest icon: a vector one serves at any size. */
function iconOf(logo: string) {
  const extension = /\.([a-z]+)(?:[?#]|$)/i.exec(logo)?.[1]?.toLowerCase() ?? '';
  const type = iconTypes[extension];
  return {
    src: logo,
    ...(type ? { type } : {}),
    ...(extension === 'svg' ? { sizes: 'any' } : {}),
    purpose: 'any',
  };
}

/** The longest name a home screen shows under an icon without cutting it (Chrome's and Apple's advice). */
const shortNameLength = 12;

/**
 * The web app manifest (issue #24, installable): the tenant's name, colours and logo, opening at the
 * home page as an app of its own. Its language and description are the tenant's first language's.
 */
export function manifestOf(tenant: Tenant) {
  const language = tenant.languages[0] ?? 'nl';
  return {
    id: '/',
    name: tenant.name,
    ...(tenant.name.length <= shortNameLength ? { short_name: tenant.name } : {}),
    description: tenant.texts.footer[language],
    lang: language,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: tenant.colours.primary,
    background_color: tenant.colours.background,
    icons: [iconOf(tenant.images.logo)],
  };
}

/** GET /manifest.webmanifest, linked from index.html; the tenant changes only with a restart. */
export async function manifestRoute(app: FastifyInstance, { tenant }: { tenant: Tenant }) {
  const body = JSON.stringify(manifestOf(tenant));
  app.get('/manifest.webmanifest', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/manifest+json').send(body),
  );
}
