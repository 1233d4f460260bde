import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../events/permissions';
import { actorFromRequest } from '../auth/actor';
import type { Platform } from '../platform';

const actors = new WeakMap<FastifyRequest, Promise<Actor | null>>();

/**
 * The actor of a request, resolved once: the rate limiter, tRPC's context, GraphQL's context and the
 * upload route all ask, and the token is verified (and the roles read) only the first time.
 */
export function requestActor(platform: Platform, request: FastifyRequest): Promise<Actor | null> {
  let actor = actors.get(request);
  if (!actor) {
    actor = actorFromRequest(platform, request.headers);
    actors.set(request, actor);
  }
  return actor;
}
