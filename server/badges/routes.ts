import type { FastifyInstance, FastifyReply } from 'fastify';
import { publicUrlOf } from '../certificate/queries';
import type { Platform } from '../platform';
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

/**
 * The public side of Open Badges: the key set that verifies credentials (and ID tokens), the issuer
 * profile, and the revocation status lists. Nothing here needs or reads a session.
 */
export async function badgeRoutes(app: FastifyInstance, { platform }: { platform: Platform }) {
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    publicDocument(reply, 300);
    return publishedKeySet(platform);
  });

  app.get('/ob/issuer', async (_request, reply) => {
    publicDocument(reply, 300);
    return issuerProfile(publicUrlOf(platform), platform.tenant.name);
  });

  app.get<{ Params: { list: string } }>(
    '/ob/status/:list',
    {
      schema: {
        params: {
          type: 'object',
          properties: { list: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } },
          required: ['list'],
        },
      },
    },
    async (request, reply) => {
      const jwt = await statusListJwt(platform, Number(request.params.list));
      if (!jwt) return reply.code(404).send({ message: 'No such status list' });
      publicDocument(reply, STATUS_LIST_TTL_MS / 1000);
      return reply.type('application/vc+jwt').send(jwt);
    },
  );
}
