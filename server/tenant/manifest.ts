import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noInput } from '../http/schemas';
import { loadSharp } from '../ops/native-sharp';
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
 * The web app manifest (installable: docs/development/client-offline.md#installable): the tenant's
 * name, colours and logo, opening at the home page as an app of its own. Its language and
 * description are the tenant's first language's.
 */
export function manifestOf(tenant: Tenant, options: { pngIcons?: boolean } = {}) {
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
    icons: [
      iconOf(tenant.images.logo),
      ...(options.pngIcons
        ? pngIconSizes.map((size) => ({
            src: `/manifest-icon-${size}.png`,
            type: 'image/png',
            sizes: `${size}x${size}`,
            purpose: 'any',
          }))
        : []),
    ],
  };
}

/** The sizes Android asks of an installable app's icons (home screen and splash screen). */
const pngIconSizes = [192, 512] as const;

/**
 * The logo's file when it is one of the served client's own (a site path such as `/logo.svg`):
 * only then can the server draw the PNG icons that home screens want from it.
 */
export function localLogo(tenant: Tenant, clientRoot: string): string | null {
  const logo = tenant.images.logo;
  if (!logo.startsWith('/') || logo.startsWith('//')) return null;
  const root = path.resolve(clientRoot);
  const file = path.resolve(root, `.${decodeURI(logo.split(/[?#]/)[0] ?? '')}`);
  if (!file.startsWith(root + path.sep) || !fs.existsSync(file)) return null;
  return file;
}

/**
 * GET /manifest.webmanifest, linked from index.html; the tenant changes only with a restart. With a
 * logo of the client's own, also its PNG icons (/manifest-icon-192.png, -512.png), drawn once on the
 * tenant's background colour on first request (sharp loads only then: not at start).
 */
export const manifestRoute = fp(
  async (parent: FastifyInstance, { tenant, clientRoot }: { tenant: Tenant; clientRoot: string }) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    const logo = localLogo(tenant, clientRoot);
    const body = JSON.stringify(manifestOf(tenant, { pngIcons: logo !== null }));
    app.get('/manifest.webmanifest', { schema: noInput }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('application/manifest+json').send(body),
    );
    if (!logo) return;
    const drawn = new Map<number, Promise<Buffer>>();
    const draw = async (size: number) => {
      const sharp = await loadSharp();
      // A vector logo is rasterised at the density that makes it the icon's size, not scaled up.
      return sharp(logo, { density: 300 })
        .resize(size, size, { fit: 'contain', background: tenant.colours.background })
        .flatten({ background: tenant.colours.background })
        .png()
        .toBuffer();
    };
    for (const size of pngIconSizes) {
      app.get(`/manifest-icon-${size}.png`, { schema: noInput }, async (request, reply) => {
        let icon = drawn.get(size);
        if (!icon) {
          icon = draw(size);
          drawn.set(size, icon);
          // A failed drawing is tried again on the next request.
          icon.catch(() => drawn.delete(size));
        }
        try {
          const png = await icon;
          return reply.header('cache-control', 'public, max-age=86400').type('image/png').send(png);
        } catch (error) {
          request.log.error({ err: error, logo }, 'could not draw the manifest icon from the logo');
          return reply.code(404).send({ error: 'No icon of that size.' });
        }
      });
    }
  },
  { name: 'manifest', fastify: '5.x', encapsulate: true },
);
