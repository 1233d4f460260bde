import type { FastifyInstance } from 'fastify';
import { publicUrlOf } from '../certificate/queries';
import type { Platform } from '../platform';
import { issuerProfile } from './credential';
import { STATUS_LIST_TTL_MS, statusListJwt } from './issue';
import { publishedKeySet } from './keys';

/**
 * The public side of Open Badges: the key set that verifies credentials (and ID tokens), the issuer
 * profile, and the revocation status lists. Nothing here needs or reads a session.
 */
export async function badgeRoutes(app: FastifyInstance, { platform }: { platform: Platform }) {
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*');
    return publishedKeySet(platform);
  });

  app.get('/ob/issuer', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*');
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
      return reply
        .type('application/vc+jwt')
        .header('cache-control', `public, max-age=${STATUS_LIST_TTL_MS / 1000}`)
        .header('access-control-allow-origin', '*')
        .send(jwt);
    },
  );
}
