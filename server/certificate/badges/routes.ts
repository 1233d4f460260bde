import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noInput } from '../../http/schemas';
import type { Platform } from '../../platform';
import { publicUrlOf } from '../queries';
import { issuerProfile } from './credential';
import { STATUS_LIST_TTL_MS, statusListJwt } from './issue';
import { publishedKeySet } from './keys';

/**
 * Readable by a verifier's page on any origin (they are public documents and need no session). An
 * origin from CORS_ORIGINS keeps the answer the security headers already gave it.
 */
function publicDocument(reply: FastifyReply, maxAgeSeconds: number) {
  reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
  if (!reply.hasHeader('access-control-allow-origin')) reply.header('access-control-allow-origin', '*');
}

/** A status list's number, as its credentials name it. */
const statusListParams = z.strictObject({
  list: z.string().regex(/^[1-9][0-9]{0,8}$/, 'must be a list number'),
});

/**
 * The public side of Open Badges: the key set that verifies credentials (and ID tokens), the issuer
 * profile, and the revocation status lists. Nothing here needs or reads a session.
 */
export const badgeRoutes = fp(
  async (app: FastifyInstance, { platform }: { platform: Platform }) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get('/.well-known/jwks.json', { schema: noInput }, async (_request, reply) => {
      publicDocument(reply, 300);
      return publishedKeySet(platform);
    });

    routes.get('/ob/issuer', { schema: noInput }, async (_request, reply) => {
      publicDocument(reply, 300);
      return issuerProfile(publicUrlOf(platform), platform.tenant.name);
    });

    routes.get(
      '/ob/status/:list',
      { schema: { params: statusListParams, ...noInput } },
      async (request, reply) => {
        const jwt = await statusListJwt(platform, Number(request.params.list));
        if (!jwt) return reply.code(404).send({ message: 'No such status list' });
        publicDocument(reply, STATUS_LIST_TTL_MS / 1000);
        return reply.type('application/vc+jwt').send(jwt);
      },
    );
  },
  // Its CORS header for any origin comes after the security headers' answer to a configured one.
  { name: 'badges', fastify: '5.x', encapsulate: true, dependencies: ['security-headers'] },
);
